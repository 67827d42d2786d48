package dev.moqbed.transport.crypto;

import java.util.Optional;

/**
 * The TLS 1.3 cipher suites QUIC version 1 uses (RFC 9001 §5.3), with what packet protection needs
 * from each: the hash of its key schedule, the AEAD's key length and the header protection
 * algorithm (§5.4.3, §5.4.4). TLS_AES_128_CCM_SHA256 is not offered (the JDK has no CCM) and
 * TLS_AES_128_CCM_8_SHA256 is forbidden by §5.3.
 */
public enum CipherSuite {
  TLS_AES_128_GCM_SHA256(0x1301, Hkdf.SHA256, 16, 1L << 23, 1L << 52),
  TLS_AES_256_GCM_SHA384(0x1302, Hkdf.SHA384, 32, 1L << 23, 1L << 52),
  /**
   * Its confidentiality limit exceeds the packet-number space (§6.6), so the limit given is the
   * largest packet number.
   */
  TLS_CHACHA20_POLY1305_SHA256(0x1303, Hkdf.SHA256, 32, (1L << 62) - 1, 1L << 36);

  /** Every AEAD here expands its input by a 16-byte tag (RFC 9001 §5.3). */
  public static final int TAG_LENGTH = 16;

  /** Every AEAD here takes a 12-byte nonce, so "quic iv" yields 12 bytes (RFC 9001 §5.1). */
  public static final int IV_LENGTH = 12;

  private final int code;
  private final Hkdf hkdf;
  private final int keyLength;
  private final long confidentialityLimit;
  private final long integrityLimit;

  CipherSuite(int code, Hkdf hkdf, int keyLength, long confidentialityLimit, long integrityLimit) {
    this.code = code;
    this.hkdf = hkdf;
    this.keyLength = keyLength;
    this.confidentialityLimit = confidentialityLimit;
    this.integrityLimit = integrityLimit;
  }

  /** The suite with TLS code point {@code code} (RFC 8446 Appendix B.4), if QUIC can use it. */
  public static Optional<CipherSuite> byCode(int code) {
    for (CipherSuite suite : values()) {
      if (suite.code == code) {
        return Optional.of(suite);
      }
    }
    return Optional.empty();
  }

  /** The TLS code point (RFC 8446 Appendix B.4). */
  public int code() {
    return code;
  }

  /** HKDF over the suite's hash (RFC 8446 §7.1). */
  public Hkdf hkdf() {
    return hkdf;
  }

  /** Length of traffic secrets: the hash output (RFC 8446 §7.1, RFC 9001 §6.1). */
  public int secretLength() {
    return hkdf.hashLength();
  }

  /** Length of the AEAD key and, equal for all three suites, of the header protection key. */
  public int keyLength() {
    return keyLength;
  }

  /** Whether header protection is ChaCha20 (§5.4.4) rather than AES-ECB (§5.4.3). */
  public boolean usesChaCha20() {
    return this == TLS_CHACHA20_POLY1305_SHA256;
  }

  /**
   * Packets one key may seal before a key update is due (RFC 9001 §6.6): 2^23 for AES-GCM; the
   * sender initiates a key update before reaching it.
   */
  public long confidentialityLimit() {
    return confidentialityLimit;
  }

  /**
   * Packets failing authentication a connection may receive, across all keys, before it must close
   * with AEAD_LIMIT_REACHED (RFC 9001 §6.6): 2^52 for AES-GCM, 2^36 for ChaCha20-Poly1305.
   */
  public long integrityLimit() {
    return integrityLimit;
  }
}
