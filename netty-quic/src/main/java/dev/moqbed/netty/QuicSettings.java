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
 * @param maxDataBytes the connection-level flow-control window granted to the peer ({@code
 *     initial_max_data})
 * @param maxStreamDataBytes the window granted to each of the peer's streams ({@code
 *     initial_max_stream_data_*})
 */
public record QuicSettings(
    QuicheController controller,
    long idleTimeoutMicros,
    int maxUdpPayloadBytes,
    long maxIncomingUnidirectionalStreams,
    String qlogDirectory,
    long maxDataBytes,
    long maxStreamDataBytes) {

  /** Settings with a client's windows ({@link #MAX_DATA_BYTES}, {@link #MAX_STREAM_DATA_BYTES}). */
  public QuicSettings(
      QuicheController controller,
      long idleTimeoutMicros,
      int maxUdpPayloadBytes,
      long maxIncomingUnidirectionalStreams,
      String qlogDirectory) {
    this(
        controller,
        idleTimeoutMicros,
        maxUdpPayloadBytes,
        maxIncomingUnidirectionalStreams,
        qlogDirectory,
        MAX_DATA_BYTES,
        MAX_STREAM_DATA_BYTES);
  }

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

  /**
   * A client's connection-level flow-control window: generous, so priorities act inside quiche.
   * What a client receives comes from its relay, the one peer it chose.
   */
  static final long MAX_DATA_BYTES = 64L << 20;

  /** A client's per-stream flow-control window. */
  static final long MAX_STREAM_DATA_BYTES = 16L << 20;

  /**
   * The relay's per-stream window (the initial MAX_STREAM_DATA it grants each stream of a peer):
   * 512 KiB. A window is also what quiche holds for a stranger: quiche keeps each out-of-order
   * STREAM frame as a buffer of its own (57 to 89 B of native memory, outside the JVM heap, for a
   * one-byte frame in QuicheFragmentFloodNetworkTest; 120 B in issue 30) with no budget for them,
   * so a peer that writes one-byte frames with a hole before each up to the windows makes it hold
   * 30 to 60 times the connection's window (issue 30: one connection took the relay from 121 MB to
   * 2.5 GB of RSS under the client windows above).
   *
   * <p>What honest media needs: the relay reads every stream as its bytes arrive (its own caps,
   * {@code --max-object-size} 8 MiB and {@code --max-receive-buffer-per-session} 16 MiB, bound what
   * it keeps of unfinished objects, in the heap), so a stream's window need only cover its bytes in
   * flight; it leaves a stream unread only before the setup and while the SUBSCRIBE_OK naming its
   * track is awaited. The largest subgroup of the draft's media is a vmid group: an I-frame of
   * 62,500 bytes and 29 frames of 6,250, 243,750 bytes a second (1.95 Mb/s). 512 KiB holds two such
   * groups, so even an unread group's stream never waits for credit, and carries 21 Mb/s over a 200
   * ms round trip. A faster stream that the relay reads keeps up anyway: quiche doubles the window
   * of a stream (and of the connection) whose reader uses its credit up within two round trips (its
   * autotuning, up to 16 MiB per stream and 24 MiB per connection), which a stream behind a hole
   * never does.
   */
  public static final long RELAY_MAX_STREAM_DATA_BYTES = 512L << 10;

  /**
   * The relay's connection-level window: 1 MiB. At a group boundary a publisher of the draft's
   * media has vlow's and vmid's new groups (146,250 and 243,750 bytes) in flight beside the ends of
   * the previous ones; 1 MiB holds them with room for one stream left unread at its window. A
   * fragmenting stranger makes quiche hold at most 30 to 60 MB for it (above), until the setup
   * timeout closes the connection, instead of gigabytes.
   */
  public static final long RELAY_MAX_DATA_BYTES = 1L << 20;

  /** Streams the peer may open; credit comes back as streams finish. */
  static final long MAX_STREAMS = 10_000;

  /** Datagram queue lengths (receive and send). */
  static final int DATAGRAM_QUEUE = 1024;

  public QuicSettings {
    if (maxIncomingUnidirectionalStreams < 0) {
      throw new IllegalArgumentException("negative stream limit");
    }
    if (maxDataBytes <= 0 || maxStreamDataBytes <= 0) {
      throw new IllegalArgumentException("flow-control windows must be positive");
    }
  }

  public QuicSettings withController(QuicheController controller) {
    return new QuicSettings(
        controller,
        idleTimeoutMicros,
        maxUdpPayloadBytes,
        maxIncomingUnidirectionalStreams,
        qlogDirectory,
        maxDataBytes,
        maxStreamDataBytes);
  }

  /** The same with another idle timeout. */
  public QuicSettings withIdleTimeout(long micros) {
    return new QuicSettings(
        controller,
        micros,
        maxUdpPayloadBytes,
        maxIncomingUnidirectionalStreams,
        qlogDirectory,
        maxDataBytes,
        maxStreamDataBytes);
  }

  /**
   * The same granting the peer the relay's windows ({@link #RELAY_MAX_DATA_BYTES}, {@link
   * #RELAY_MAX_STREAM_DATA_BYTES}): what a relay listens with.
   */
  public QuicSettings withRelayWindows() {
    return new QuicSettings(
        controller,
        idleTimeoutMicros,
        maxUdpPayloadBytes,
        maxIncomingUnidirectionalStreams,
        qlogDirectory,
        RELAY_MAX_DATA_BYTES,
        RELAY_MAX_STREAM_DATA_BYTES);
  }

  /** The same with quiche writing its qlog into {@code directory} (which must exist). */
  public QuicSettings withQlogDirectory(String directory) {
    return new QuicSettings(
        controller,
        idleTimeoutMicros,
        maxUdpPayloadBytes,
        maxIncomingUnidirectionalStreams,
        directory,
        maxDataBytes,
        maxStreamDataBytes);
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
        controller,
        idleTimeoutMicros,
        maxUdpPayloadBytes,
        streams,
        qlogDirectory,
        maxDataBytes,
        maxStreamDataBytes);
  }
}
