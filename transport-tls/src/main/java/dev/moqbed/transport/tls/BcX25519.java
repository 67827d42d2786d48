package dev.moqbed.transport.tls;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.SecureRandom;
import java.security.interfaces.XECPublicKey;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPublicKeySpec;
import org.bouncycastle.math.ec.rfc7748.X25519;

/**
 * X25519 (RFC 7748) through BouncyCastle: the server's ephemeral key pair and the shared secret,
 * about 3 times cheaper than the JDK 17's XDH here.
 */
final class BcX25519 {
  private static final int KEY_BYTES = X25519.SCALAR_SIZE;

  private BcX25519() {}

  static EphemeralPair newPair(SecureRandom random) {
    byte[] key = new byte[KEY_BYTES];
    X25519.generatePrivateKey(random, key);
    byte[] publicKey = new byte[X25519.POINT_SIZE];
    X25519.generatePublicKey(key, 0, publicKey, 0);
    return new EphemeralPair(EphemeralKey.x25519(key), jdkPublicKey(publicKey));
  }

  /**
   * The shared secret with the peer's u coordinate.
   *
   * @throws InvalidKeyException when the result is all zeros (a point of small order: RFC 8446
   *     §7.4.2 makes the server abort) or the coordinate does not fit 32 bytes
   */
  static byte[] sharedSecret(byte[] key, BigInteger peerU) throws InvalidKeyException {
    if (peerU.signum() < 0 || peerU.bitLength() > 8 * X25519.POINT_SIZE) {
      throw new InvalidKeyException("the peer's X25519 key share is out of range");
    }
    byte[] u = littleEndian(peerU);
    byte[] secret = new byte[X25519.POINT_SIZE];
    if (!X25519.calculateAgreement(key, 0, u, 0, secret, 0)) {
      throw new InvalidKeyException("the X25519 shared secret is all zeros");
    }
    return secret;
  }

  private static byte[] littleEndian(BigInteger value) {
    byte[] bigEndian = value.toByteArray();
    byte[] out = new byte[X25519.POINT_SIZE];
    for (int i = 0; i < out.length && i < bigEndian.length; i++) {
      out[i] = bigEndian[bigEndian.length - 1 - i];
    }
    return out;
  }

  private static XECPublicKey jdkPublicKey(byte[] littleEndianU) {
    byte[] bigEndian = new byte[littleEndianU.length];
    for (int i = 0; i < bigEndian.length; i++) {
      bigEndian[i] = littleEndianU[littleEndianU.length - 1 - i];
    }
    try {
      return (XECPublicKey)
          KeyFactory.getInstance("XDH")
              .generatePublic(
                  new XECPublicKeySpec(NamedParameterSpec.X25519, new BigInteger(1, bigEndian)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK cannot hold an X25519 public key", e);
    }
  }
}
