package dev.moqbed.transport.tls;

/**
 * Whose code does a server handshake's public-key operations: its ephemeral key pair, the ECDH or
 * X25519 shared secret and the ECDSA P-256 CertificateVerify signature. Everything else (hashes,
 * HKDF, AEAD, RSA signatures, P-384 and P-521) is the JDK's either way.
 */
public enum HandshakeCrypto {
  /** The JDK 17's SunEC: about 2.35 ms of CPU for a P-256 handshake's three operations. */
  JDK,
  /**
   * BouncyCastle's fixed P-256 and X25519 code, about 0.5 ms for the same three: the default. Falls
   * back to {@link #JDK} for the key exchange where the JVM refuses the project's key agreement
   * provider (a JDK that accepts only signed providers for {@code javax.crypto}).
   */
  BOUNCY_CASTLE
}
