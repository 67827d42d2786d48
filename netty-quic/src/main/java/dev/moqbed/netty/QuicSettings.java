package dev.moqbed.netty;

/**
 * Transport settings shared by the live endpoints.
 *
 * @param controller quiche's congestion controller for what this endpoint sends
 * @param idleTimeoutMicros the connection closes after this long without packets
 * @param maxUdpPayloadBytes largest UDP payload sent and received (1452 fits Ethernet with IPv6)
 * @param maxIncomingUnidirectionalStreams unidirectional streams the peer may have open to this
 *     endpoint at a time ({@code initial_max_streams_uni}; quiche raises the limit with MAX_STREAMS
 *     as streams end)
 * @param qlogDirectory where quiche writes its own qlog, one {@code <trace id>-<channel id>.qlog}
 *     per connection (Netty's {@code QuicChannelOption.QLOG}), or null for none
 */
public record QuicSettings(
    QuicheController controller,
    long idleTimeoutMicros,
    int maxUdpPayloadBytes,
    long maxIncomingUnidirectionalStreams,
    String qlogDirectory) {

  /** Settings without qlog. */
  public QuicSettings(
      QuicheController controller,
      long idleTimeoutMicros,
      int maxUdpPayloadBytes,
      long maxIncomingUnidirectionalStreams) {
    this(controller, idleTimeoutMicros, maxUdpPayloadBytes, maxIncomingUnidirectionalStreams, null);
  }

  /** quiche's CUBIC, 10 s idle timeout, 1452-byte packets, {@link #MAX_STREAMS} streams. */
  public static final QuicSettings DEFAULT =
      new QuicSettings(QuicheController.CUBIC, 10_000_000, 1452, QuicSettings.MAX_STREAMS);

  /** Connection-level flow-control window: generous, so priorities act inside quiche. */
  static final long MAX_DATA_BYTES = 64L << 20;

  /** Per-stream flow-control window. */
  static final long MAX_STREAM_DATA_BYTES = 16L << 20;

  /** Streams the peer may open; credit comes back as streams finish. */
  static final long MAX_STREAMS = 10_000;

  /** Datagram queue lengths (receive and send). */
  static final int DATAGRAM_QUEUE = 1024;

  public QuicSettings {
    if (maxIncomingUnidirectionalStreams < 0) {
      throw new IllegalArgumentException("negative stream limit");
    }
  }

  public QuicSettings withController(QuicheController controller) {
    return new QuicSettings(
        controller,
        idleTimeoutMicros,
        maxUdpPayloadBytes,
        maxIncomingUnidirectionalStreams,
        qlogDirectory);
  }

  /** The same with quiche writing its qlog into {@code directory} (which must exist). */
  public QuicSettings withQlogDirectory(String directory) {
    return new QuicSettings(
        controller,
        idleTimeoutMicros,
        maxUdpPayloadBytes,
        maxIncomingUnidirectionalStreams,
        directory);
  }

  /** Netty's qlog option for one endpoint, or null without a directory. */
  io.netty.handler.codec.quic.QLogConfiguration qlog(String role) {
    return qlogDirectory == null
        ? null
        : new io.netty.handler.codec.quic.QLogConfiguration(
            qlogDirectory, "quiche " + role, "moqbed " + role + " on quiche (Netty's QUIC codec)");
  }

  /**
   * The same with another limit on the peer's unidirectional streams: how a test plays a subscriber
   * whose QUIC stack allows few streams at a time.
   */
  public QuicSettings withMaxIncomingUnidirectionalStreams(long streams) {
    return new QuicSettings(
        controller, idleTimeoutMicros, maxUdpPayloadBytes, streams, qlogDirectory);
  }
}
