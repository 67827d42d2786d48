package dev.moqbed.netty;

/**
 * Transport settings shared by the live endpoints.
 *
 * @param controller quiche's congestion controller for what this endpoint sends
 * @param idleTimeoutMicros the connection closes after this long without packets
 * @param maxUdpPayloadBytes largest UDP payload sent and received (1452 fits Ethernet with IPv6)
 */
public record QuicSettings(
    QuicheController controller, long idleTimeoutMicros, int maxUdpPayloadBytes) {

  /** quiche's CUBIC, 10 s idle timeout, 1452-byte packets. */
  public static final QuicSettings DEFAULT =
      new QuicSettings(QuicheController.CUBIC, 10_000_000, 1452);

  /** Connection-level flow-control window: generous, so priorities act inside quiche. */
  static final long MAX_DATA_BYTES = 64L << 20;

  /** Per-stream flow-control window. */
  static final long MAX_STREAM_DATA_BYTES = 16L << 20;

  /** Streams the peer may open; credit comes back as streams finish. */
  static final long MAX_STREAMS = 10_000;

  /** Datagram queue lengths (receive and send). */
  static final int DATAGRAM_QUEUE = 1024;

  public QuicSettings withController(QuicheController controller) {
    return new QuicSettings(controller, idleTimeoutMicros, maxUdpPayloadBytes);
  }
}
