package dev.moqbed.transport.tls;

import java.util.List;
import java.util.Optional;

/**
 * The TLS 1.3 cipher suites a handshake may negotiate for QUIC v1 (RFC 9001 §5.3), by their IANA
 * code. The packet protection layer maps the code to its AEAD, hash and header protection; the
 * handshake only needs the hash, inside the TLS engine. The CCM suites are left out: the JDK has no
 * AES-CCM, and TLS_AES_128_CCM_8_SHA256 is forbidden by §5.3.
 */
public enum TlsCipherSuite {
  TLS_AES_128_GCM_SHA256(0x1301),
  TLS_AES_256_GCM_SHA384(0x1302),
  TLS_CHACHA20_POLY1305_SHA256(0x1303);

  /** picotls's default order, which is also what most QUIC stacks offer. */
  public static final List<TlsCipherSuite> DEFAULT_ORDER =
      List.of(TLS_AES_128_GCM_SHA256, TLS_AES_256_GCM_SHA384, TLS_CHACHA20_POLY1305_SHA256);

  private final int code;

  TlsCipherSuite(int code) {
    this.code = code;
  }

  /** The two-byte IANA value carried in ClientHello and ServerHello. */
  public int code() {
    return code;
  }

  public static Optional<TlsCipherSuite> byCode(int code) {
    for (TlsCipherSuite suite : values()) {
      if (suite.code == code) {
        return Optional.of(suite);
      }
    }
    return Optional.empty();
  }
}
