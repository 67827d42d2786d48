package dev.moqbed.transport.tls;

import java.math.BigInteger;
import java.security.PrivateKey;

/**
 * A server's ephemeral private key for one handshake, made by BouncyCastle. It is deliberately
 * neither an {@code ECPrivateKey} nor an {@code XECPrivateKey}: agent15 computes the shared secret
 * with {@code KeyAgreement.getInstance("ECDH" | "XDH")}, and the JDK's providers refuse a key of
 * this class, so the JCA hands it to {@link EphemeralKeyProvider}'s agreement, BouncyCastle's.
 */
final class EphemeralKey implements PrivateKey {
  private static final long serialVersionUID = 1L;

  /** The two groups this key exists for. */
  enum Group {
    P256,
    X25519
  }

  private final Group group;
  // P-256: the scalar; X25519: the 32-byte private key, little-endian as RFC 7748 reads it.
  private final BigInteger scalar;
  private final byte[] x25519;

  private EphemeralKey(Group group, BigInteger scalar, byte[] x25519) {
    this.group = group;
    this.scalar = scalar;
    this.x25519 = x25519;
  }

  static EphemeralKey p256(BigInteger scalar) {
    return new EphemeralKey(Group.P256, scalar, null);
  }

  static EphemeralKey x25519(byte[] key) {
    return new EphemeralKey(Group.X25519, null, key.clone());
  }

  Group group() {
    return group;
  }

  BigInteger p256Scalar() {
    return scalar;
  }

  byte[] x25519Key() {
    return x25519.clone();
  }

  @Override
  public String getAlgorithm() {
    return group == Group.P256 ? "EC" : "XDH";
  }

  /** Never encoded: it lives for one handshake and never leaves this module. */
  @Override
  public String getFormat() {
    return null;
  }

  @Override
  public byte[] getEncoded() {
    return null;
  }
}
