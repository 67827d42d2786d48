package dev.moqbed.transport.tls;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;

/**
 * The shared secret of an {@link EphemeralKey} and the peer's key share, as agent15 asks for it
 * ({@code init}, one {@code doPhase}, {@code generateSecret}): BouncyCastle's P-256 or X25519.
 */
final class EphemeralKeyAgreement extends KeyAgreementSpi {
  private EphemeralKey key;
  private byte[] secret;

  @Override
  protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
    if (!(key instanceof EphemeralKey)) {
      throw new InvalidKeyException("not a key of this handshake: " + key.getClass().getName());
    }
    this.key = (EphemeralKey) key;
    this.secret = null;
  }

  @Override
  protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    if (params != null) {
      throw new InvalidAlgorithmParameterException("no parameters are taken");
    }
    engineInit(key, random);
  }

  @Override
  protected Key engineDoPhase(Key peer, boolean lastPhase) throws InvalidKeyException {
    if (key == null) {
      throw new IllegalStateException("not initialised");
    }
    if (!lastPhase) {
      throw new IllegalStateException("a two-party agreement has one phase");
    }
    if (key.group() == EphemeralKey.Group.P256 && peer instanceof ECPublicKey) {
      secret = BcP256.sharedSecret(key.p256Scalar(), ((ECPublicKey) peer).getW());
    } else if (key.group() == EphemeralKey.Group.X25519 && peer instanceof XECPublicKey) {
      secret = BcX25519.sharedSecret(key.x25519Key(), ((XECPublicKey) peer).getU());
    } else {
      throw new InvalidKeyException("the peer's key is not of group " + key.group());
    }
    return null;
  }

  @Override
  protected byte[] engineGenerateSecret() {
    if (secret == null) {
      throw new IllegalStateException("no phase done");
    }
    byte[] out = secret;
    secret = null;
    return out;
  }

  @Override
  protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
    byte[] out = engineGenerateSecret();
    if (sharedSecret.length - offset < out.length) {
      throw new ShortBufferException(out.length + " bytes needed");
    }
    System.arraycopy(out, 0, sharedSecret, offset, out.length);
    return out.length;
  }

  @Override
  protected SecretKey engineGenerateSecret(String algorithm) {
    throw new UnsupportedOperationException("TLS 1.3 takes the raw shared secret");
  }
}
