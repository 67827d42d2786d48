package dev.moqbed.transport.wire;

/** QUIC version numbers (RFC 9000 §15). */
public final class QuicVersion {
  /** QUIC version 1, RFC 9000. */
  public static final int VERSION_1 = 0x0000_0001;

  /** The version field of a Version Negotiation packet (RFC 9000 §17.2.1). */
  public static final int NEGOTIATION = 0;

  private QuicVersion() {}

  /**
   * Whether {@code version} follows the 0x?a?a?a?a pattern reserved for exercising version
   * negotiation (RFC 9000 §15): an endpoint lists such versions to keep peers honest.
   */
  public static boolean isReservedForNegotiation(int version) {
    return (version & 0x0f0f_0f0f) == 0x0a0a_0a0a;
  }

  public static boolean isSupported(int version) {
    return version == VERSION_1;
  }
}
