package dev.moqbed.transport.tls;

/**
 * The group of the client's one key share (RFC 8446 §4.2.8). agent15 sends exactly one and cannot
 * answer a HelloRetryRequest, so the group must be one the server accepts at once.
 */
public enum KeyShareGroup {
  /**
   * P-256: mandatory to implement (RFC 8446 §9.1), so every server takes it; also what picotls sent
   * in the reference's flights (a 65-byte share, a 123-byte ServerHello).
   */
  SECP256R1,
  /** X25519: 33 bytes smaller in ClientHello and ServerHello, offered by nearly every stack. */
  X25519
}
