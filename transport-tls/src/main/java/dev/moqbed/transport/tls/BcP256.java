package dev.moqbed.transport.tls;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPublicKeySpec;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.generators.ECKeyPairGenerator;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECKeyGenerationParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.crypto.signers.StandardDSAEncoding;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.util.BigIntegers;

/**
 * P-256 through BouncyCastle's lightweight API and its fixed-curve code ({@code SecP256R1Curve}):
 * the server's ephemeral key pair, the ECDH shared secret and the ECDSA signature. Measured on this
 * host 4.6 times cheaper than the JDK 17's SunEC for the three together (2.35 against 0.51 ms),
 * which also checks the peer's point by a whole scalar multiplication (its order), needless on a
 * curve of cofactor 1.
 *
 * <p>The signing key's multiplications use the fixed-point comb with constant-time table look-ups
 * (and RFC 6979 nonces); the ECDH multiplication by the ephemeral scalar is not constant-time, but
 * each such scalar is used once.
 */
final class BcP256 {
  private static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256r1");
  static final ECDomainParameters DOMAIN =
      new ECDomainParameters(CURVE.getCurve(), CURVE.getG(), CURVE.getN(), CURVE.getH());
  private static final int FIELD_BYTES = 32;

  private BcP256() {}

  /** Whether this JDK key is on P-256, so {@link #sign} can use it. */
  static boolean isP256(ECPrivateKey key) {
    ECParameterSpec params = key.getParams();
    return params.getOrder().equals(DOMAIN.getN())
        && params.getCurve().getB().equals(DOMAIN.getCurve().getB().toBigInteger())
        && params
            .getGenerator()
            .getAffineX()
            .equals(DOMAIN.getG().getAffineXCoord().toBigInteger());
  }

  /** A fresh key pair: the private key for the agreement, the public one for the ServerHello. */
  static EphemeralPair newPair(SecureRandom random) {
    ECKeyPairGenerator generator = new ECKeyPairGenerator();
    generator.init(new ECKeyGenerationParameters(DOMAIN, random));
    AsymmetricCipherKeyPair pair = generator.generateKeyPair();
    BigInteger d = ((ECPrivateKeyParameters) pair.getPrivate()).getD();
    ECPoint q = ((ECPublicKeyParameters) pair.getPublic()).getQ().normalize();
    return new EphemeralPair(EphemeralKey.p256(d), jdkPublicKey(q));
  }

  /**
   * The x coordinate of d·Q, 32 bytes (RFC 8446 §7.4.2), after checking that Q is a point of the
   * curve (SP 800-56A's partial validation: on a curve of cofactor 1 that proves its order).
   *
   * @throws InvalidKeyException when the peer's point is not on the curve, or the product is the
   *     point at infinity
   */
  static byte[] sharedSecret(BigInteger d, java.security.spec.ECPoint peer)
      throws InvalidKeyException {
    ECPoint q;
    try {
      q = DOMAIN.getCurve().validatePoint(peer.getAffineX(), peer.getAffineY());
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw new InvalidKeyException("the peer's P-256 key share is not a point of the curve", e);
    }
    ECPoint product = q.multiply(d).normalize();
    if (product.isInfinity()) {
      throw new InvalidKeyException("the P-256 shared secret is the point at infinity");
    }
    return BigIntegers.asUnsignedByteArray(FIELD_BYTES, product.getAffineXCoord().toBigInteger());
  }

  /** ECDSA over SHA-256 of the message, DER-encoded as TLS carries it (RFC 8446 §4.2.3). */
  static byte[] sign(BigInteger d, byte[] message) {
    SHA256Digest digest = new SHA256Digest();
    digest.update(message, 0, message.length);
    byte[] hash = new byte[digest.getDigestSize()];
    digest.doFinal(hash, 0);
    ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
    signer.init(true, new ECPrivateKeyParameters(d, DOMAIN));
    BigInteger[] rs = signer.generateSignature(hash);
    try {
      return StandardDSAEncoding.INSTANCE.encode(DOMAIN.getN(), rs[0], rs[1]);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("DER encoding of an ECDSA signature failed", e);
    }
  }

  /** The JDK's form of the point, which agent15 encodes into the ServerHello's key share. */
  private static ECPublicKey jdkPublicKey(ECPoint q) {
    try {
      java.security.spec.ECPoint w =
          new java.security.spec.ECPoint(
              q.getAffineXCoord().toBigInteger(), q.getAffineYCoord().toBigInteger());
      return (ECPublicKey)
          KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(w, JdkP256.PARAMS));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK cannot hold a P-256 public key", e);
    }
  }

  /** The JDK's parameters of P-256, looked up once. */
  private static final class JdkP256 {
    static final ECParameterSpec PARAMS = lookUp();

    private static ECParameterSpec lookUp() {
      try {
        java.security.AlgorithmParameters parameters =
            java.security.AlgorithmParameters.getInstance("EC");
        parameters.init(new java.security.spec.ECGenParameterSpec("secp256r1"));
        return parameters.getParameterSpec(ECParameterSpec.class);
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException("the JDK has no P-256", e);
      }
    }
  }
}
