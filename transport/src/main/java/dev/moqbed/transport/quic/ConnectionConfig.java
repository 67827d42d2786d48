package dev.moqbed.transport.quic;

import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.PacketNumberHoles;
import dev.moqbed.transport.recovery.RttFlavor;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.VarInt;

/**
 * How one end of a connection behaves, immutable. {@link #builder(Role)} starts from the reference
 * transport's defaults (picoquic's, what the C4 test draft ran); each behaviour where picoquic
 * departs from the RFCs in a way that moves results has an RFC alternative. Each setter of the
 * {@link Builder} checks its value when it is set and documents its default; {@link #toBuilder()}
 * copies a configuration to change some of it.
 *
 * <pre>{@code
 * ConnectionConfig rfc =
 *     ConnectionConfig.builder(Role.SERVER).recoveryFlavor(RttFlavor.RFC9002).build();
 * }</pre>
 */
public final class ConnectionConfig {
  /** The smallest datagram a QUIC path must carry (RFC 9000 §14). */
  private static final int MIN_MTU_BYTES = 1200;

  /** Stream counts are at most 2^60: a stream id holds the count in its upper 60 bits (§4.6). */
  public static final long MAX_STREAM_COUNT = 1L << 60;

  /** The largest UDP payload. */
  private static final int MAX_UDP_PAYLOAD_BYTES = 65_527;

  private final Role role;
  private final RttFlavor recoveryFlavor;
  private final AckFlavor ackFlavor;
  private final int initialMtuBytes;
  private final int maxMtuBytes;
  private final boolean mtuDiscovery;
  private final long initialMaxData;
  private final long initialMaxStreamDataBidiLocal;
  private final long initialMaxStreamDataBidiRemote;
  private final long initialMaxStreamDataUni;
  private final long maxStreamsBidi;
  private final long keyUpdateIntervalPackets;
  private final long maxStreamsUni;
  private final int maxDatagramFrameSizeBytes;
  private final EcnMark ecnOverride;
  private final long idleTimeoutMicros;
  private final long resumeSeedBytes;
  private final long resumeSeedRttMicros;
  private final int packetNumberHolePeriod;
  private final boolean readyInsideAck;
  private final boolean implicitAckNotified;
  private final StreamRepeatOrder streamRepeatOrder;

  private ConnectionConfig(Builder builder) {
    role = builder.role;
    recoveryFlavor = builder.recoveryFlavor;
    ackFlavor = builder.ackFlavor;
    initialMtuBytes = builder.initialMtuBytes;
    maxMtuBytes = builder.maxMtuBytes;
    mtuDiscovery = builder.mtuDiscovery;
    initialMaxData = builder.initialMaxData;
    initialMaxStreamDataBidiLocal = builder.initialMaxStreamDataBidiLocal;
    initialMaxStreamDataBidiRemote = builder.initialMaxStreamDataBidiRemote;
    initialMaxStreamDataUni = builder.initialMaxStreamDataUni;
    maxStreamsBidi = builder.maxStreamsBidi;
    keyUpdateIntervalPackets = builder.keyUpdateIntervalPackets;
    maxStreamsUni = builder.maxStreamsUni;
    maxDatagramFrameSizeBytes = builder.maxDatagramFrameSizeBytes;
    ecnOverride = builder.ecnOverride;
    idleTimeoutMicros = builder.idleTimeoutMicros;
    resumeSeedBytes = builder.resumeSeedBytes;
    resumeSeedRttMicros = builder.resumeSeedRttMicros;
    packetNumberHolePeriod = builder.packetNumberHolePeriod;
    readyInsideAck = builder.readyInsideAck;
    implicitAckNotified = builder.implicitAckNotified;
    streamRepeatOrder = builder.streamRepeatOrder;
  }

  /**
   * A builder holding picoquic's defaults as the reference simulator sets them for {@code role}.
   */
  public static Builder builder(Role role) {
    return new Builder(role);
  }

  /** picoquic's defaults for {@code role}, unchanged: {@code builder(role).build()}. */
  public static ConnectionConfig picoquic(Role role) {
    return builder(role).build();
  }

  /** A builder holding this configuration, to change some of it. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  public Role role() {
    return role;
  }

  /** RTT estimation, probe timeout and loss detection: picoquic's or RFC 9002's. */
  public RttFlavor recoveryFlavor() {
    return recoveryFlavor;
  }

  /** ACK policy: picoquic's (ACK-frequency extension) or RFC 9000's defaults. */
  public AckFlavor ackFlavor() {
    return ackFlavor;
  }

  /** The packet size until a path MTU probe is acknowledged. */
  public int initialMtuBytes() {
    return initialMtuBytes;
  }

  /** The size probed for (the peer's max_packet_size). */
  public int maxMtuBytes() {
    return maxMtuBytes;
  }

  public boolean mtuDiscovery() {
    return mtuDiscovery;
  }

  public long initialMaxData() {
    return initialMaxData;
  }

  public long initialMaxStreamDataBidiLocal() {
    return initialMaxStreamDataBidiLocal;
  }

  public long initialMaxStreamDataBidiRemote() {
    return initialMaxStreamDataBidiRemote;
  }

  public long initialMaxStreamDataUni() {
    return initialMaxStreamDataUni;
  }

  /**
   * How many bidirectional streams the peer may have open at once: initial_max_streams_bidi, then
   * raised by MAX_STREAMS as they close (RFC 9000 §4.6). Enforced with a real handshake only.
   */
  public long maxStreamsBidi() {
    return maxStreamsBidi;
  }

  /**
   * 1-RTT packets sealed under one key phase before this end starts a key update (RFC 9001 §6);
   * real QUIC only.
   */
  public long keyUpdateIntervalPackets() {
    return keyUpdateIntervalPackets;
  }

  /** The same for unidirectional streams (initial_max_streams_uni). */
  public long maxStreamsUni() {
    return maxStreamsUni;
  }

  public int maxDatagramFrameSizeBytes() {
    return maxDatagramFrameSizeBytes;
  }

  /** The ECN mark of every packet, or null for the controller's codepoint. */
  public EcnMark ecnOverride() {
    return ecnOverride;
  }

  public long idleTimeoutMicros() {
    return idleTimeoutMicros;
  }

  /** Careful resume: the remembered window, 0 for none. */
  public long resumeSeedBytes() {
    return resumeSeedBytes;
  }

  /** The RTT remembered with {@link #resumeSeedBytes()}, 0 for none. */
  public long resumeSeedRttMicros() {
    return resumeSeedRttMicros;
  }

  /** The pseudo-period of the 1-RTT packet numbers skipped, 0 for none. */
  public int packetNumberHolePeriod() {
    return packetNumberHolePeriod;
  }

  /** Whether a client confirms at the first ACK of a 1-RTT packet, inside that ACK frame. */
  public boolean readyInsideAck() {
    return readyInsideAck;
  }

  /** Whether the controller hears of each implicitly acknowledged handshake packet. */
  public boolean implicitAckNotified() {
    return implicitAckNotified;
  }

  /** In which order lost stream data goes out again. */
  public StreamRepeatOrder streamRepeatOrder() {
    return streamRepeatOrder;
  }

  /**
   * Sets what {@link ConnectionConfig} holds, checking each value as it is set. It starts from
   * picoquic's defaults for its role; every setter returns the builder.
   */
  public static final class Builder {
    private final Role role;
    private RttFlavor recoveryFlavor = RttFlavor.PICOQUIC;
    private AckFlavor ackFlavor = AckFlavor.PICOQUIC;
    private int initialMtuBytes = TransportDefaults.INITIAL_MTU_BYTES;
    private int maxMtuBytes = TransportDefaults.MAX_PACKET_SIZE_BYTES;
    private boolean mtuDiscovery = true;
    private long initialMaxData = TransportDefaults.INITIAL_MAX_DATA_BYTES;
    private long initialMaxStreamDataBidiLocal =
        TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_LOCAL_BYTES;
    private long initialMaxStreamDataBidiRemote =
        TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_REMOTE_BYTES;
    private long initialMaxStreamDataUni = TransportDefaults.INITIAL_MAX_STREAM_DATA_UNI_BYTES;
    private long maxStreamsBidi = TransportDefaults.INITIAL_MAX_STREAMS_BIDI;
    private long keyUpdateIntervalPackets = 1L << 22;
    private long maxStreamsUni = TransportDefaults.INITIAL_MAX_STREAMS_UNI;
    private int maxDatagramFrameSizeBytes;
    private EcnMark ecnOverride;
    private long idleTimeoutMicros = TransportDefaults.MAX_IDLE_TIMEOUT_MICROS;
    private long resumeSeedBytes;
    private long resumeSeedRttMicros;
    private int packetNumberHolePeriod = PacketNumberHoles.PICOQUIC_PERIOD;
    private boolean readyInsideAck;
    private boolean implicitAckNotified;
    private StreamRepeatOrder streamRepeatOrder = StreamRepeatOrder.PICOQUIC;

    private Builder(Role role) {
      if (role == null) {
        throw new IllegalArgumentException("a connection needs a role");
      }
      this.role = role;
      // picoquic_ns: the client announces DATAGRAM frames of up to 1,532 bytes, the server none.
      this.maxDatagramFrameSizeBytes = role == Role.CLIENT ? 1532 : 0;
    }

    private Builder(ConnectionConfig config) {
      role = config.role;
      recoveryFlavor = config.recoveryFlavor;
      ackFlavor = config.ackFlavor;
      initialMtuBytes = config.initialMtuBytes;
      maxMtuBytes = config.maxMtuBytes;
      mtuDiscovery = config.mtuDiscovery;
      initialMaxData = config.initialMaxData;
      initialMaxStreamDataBidiLocal = config.initialMaxStreamDataBidiLocal;
      initialMaxStreamDataBidiRemote = config.initialMaxStreamDataBidiRemote;
      initialMaxStreamDataUni = config.initialMaxStreamDataUni;
      maxStreamsBidi = config.maxStreamsBidi;
      keyUpdateIntervalPackets = config.keyUpdateIntervalPackets;
      maxStreamsUni = config.maxStreamsUni;
      maxDatagramFrameSizeBytes = config.maxDatagramFrameSizeBytes;
      ecnOverride = config.ecnOverride;
      idleTimeoutMicros = config.idleTimeoutMicros;
      resumeSeedBytes = config.resumeSeedBytes;
      resumeSeedRttMicros = config.resumeSeedRttMicros;
      packetNumberHolePeriod = config.packetNumberHolePeriod;
      readyInsideAck = config.readyInsideAck;
      implicitAckNotified = config.implicitAckNotified;
      streamRepeatOrder = config.streamRepeatOrder;
    }

    /**
     * RTT estimation, probe timeout and loss detection. Default {@link RttFlavor#PICOQUIC}; {@link
     * RttFlavor#RFC9002} for the RFC's time threshold, PTO and persistent congestion.
     */
    public Builder recoveryFlavor(RttFlavor flavor) {
      if (flavor == null) {
        throw new IllegalArgumentException("recovery flavor must not be null");
      }
      this.recoveryFlavor = flavor;
      return this;
    }

    /**
     * ACK policy. Default {@link AckFlavor#PICOQUIC} (ACK_FREQUENCY negotiated); {@link
     * AckFlavor#RFC9000} for every 2 ack-eliciting packets or 25 ms.
     */
    public Builder ackFlavor(AckFlavor flavor) {
      if (flavor == null) {
        throw new IllegalArgumentException("ACK flavor must not be null");
      }
      this.ackFlavor = flavor;
      return this;
    }

    /**
     * The packet size until a path MTU probe is acknowledged, 1,200 to 65,527 bytes. Default
     * {@value TransportDefaults#INITIAL_MTU_BYTES} (picoquic over IPv4).
     */
    public Builder initialMtuBytes(int bytes) {
      this.initialMtuBytes = checkMtu("initial MTU", bytes);
      return this;
    }

    /**
     * The size path MTU discovery probes for (the peer's max_packet_size), 1,200 to 65,527 bytes.
     * Default {@value TransportDefaults#MAX_PACKET_SIZE_BYTES}.
     */
    public Builder maxMtuBytes(int bytes) {
      this.maxMtuBytes = checkMtu("max MTU", bytes);
      return this;
    }

    /** Whether path MTU discovery probes for {@link #maxMtuBytes}. Default on. */
    public Builder mtuDiscovery(boolean enabled) {
      this.mtuDiscovery = enabled;
      return this;
    }

    /**
     * The connection's flow-control window (and the peer's, which mirrors it), 0 to 2^62 − 1 bytes.
     * Default {@value TransportDefaults#INITIAL_MAX_DATA_BYTES}.
     */
    public Builder initialMaxData(long bytes) {
      this.initialMaxData = checkLimit("initial max data", bytes);
      return this;
    }

    /**
     * The window of a bidirectional stream this end opened, 0 to 2^62 − 1 bytes. Default {@value
     * TransportDefaults#INITIAL_MAX_STREAM_DATA_BIDI_LOCAL_BYTES}.
     */
    public Builder initialMaxStreamDataBidiLocal(long bytes) {
      this.initialMaxStreamDataBidiLocal =
          checkLimit("initial max stream data (bidi local)", bytes);
      return this;
    }

    /**
     * The window of a bidirectional stream the peer opened, 0 to 2^62 − 1 bytes. Default {@value
     * TransportDefaults#INITIAL_MAX_STREAM_DATA_BIDI_REMOTE_BYTES}.
     */
    public Builder initialMaxStreamDataBidiRemote(long bytes) {
      this.initialMaxStreamDataBidiRemote =
          checkLimit("initial max stream data (bidi remote)", bytes);
      return this;
    }

    /**
     * The window of a unidirectional stream, 0 to 2^62 − 1 bytes. Default {@value
     * TransportDefaults#INITIAL_MAX_STREAM_DATA_UNI_BYTES}.
     */
    public Builder initialMaxStreamDataUni(long bytes) {
      this.initialMaxStreamDataUni = checkLimit("initial max stream data (uni)", bytes);
      return this;
    }

    /** Flow control off: every window at its maximum, 2^62 − 1 (to measure what it costs). */
    public Builder disableFlowControl() {
      initialMaxData = VarInt.MAX;
      initialMaxStreamDataBidiLocal = VarInt.MAX;
      initialMaxStreamDataBidiRemote = VarInt.MAX;
      initialMaxStreamDataUni = VarInt.MAX;
      return this;
    }

    /**
     * How many streams of each kind the peer may have open at once, 1 to 2^60: the
     * initial_max_streams_* this end declares and the window its MAX_STREAMS keep open as the
     * peer's streams close (RFC 9000 §4.6). Default {@value
     * TransportDefaults#INITIAL_MAX_STREAMS_BIDI} each (picoquic's). The modelled handshake
     * declares nothing, so in virtual time neither end limits the other.
     */
    public Builder maxStreams(long bidirectional, long unidirectional) {
      for (long count : new long[] {bidirectional, unidirectional}) {
        if (count < 1 || count > MAX_STREAM_COUNT) {
          throw new IllegalArgumentException("max streams must be 1 to 2^60, got " + count);
        }
      }
      this.maxStreamsBidi = bidirectional;
      this.maxStreamsUni = unidirectional;
      return this;
    }

    /**
     * 1-RTT packets sealed under one key phase before this end starts a key update (RFC 9001 §6.1),
     * 1 to 2^22. Default 2^22: half of AES-GCM's confidentiality limit of 2^23 packets (§6.6), so
     * the update is acknowledged in time. Real QUIC only: the simulator's codecs have no key
     * phases.
     */
    public Builder keyUpdateIntervalPackets(long packets) {
      if (packets < 1 || packets > 1L << 22) {
        throw new IllegalArgumentException("key update interval must be 1 to 2^22, got " + packets);
      }
      this.keyUpdateIntervalPackets = packets;
      return this;
    }

    /**
     * The largest DATAGRAM frame this end announces, 0 (none) to 65,535 bytes. Default 1,532 for
     * the client and 0 for the server, as picoquic_ns sets them.
     */
    public Builder maxDatagramFrameSizeBytes(int bytes) {
      if (bytes < 0 || bytes > 65_535) {
        throw new IllegalArgumentException(
            "max datagram frame size must be 0 to 65535 bytes, got " + bytes);
      }
      this.maxDatagramFrameSizeBytes = bytes;
      return this;
    }

    /**
     * The ECN mark of every packet whatever the controller asks (picoquic_ns's marking with the
     * default algorithm's codepoint), or null for the controller's codepoint. Default null.
     */
    public Builder ecnOverride(EcnMark mark) {
      this.ecnOverride = mark;
      return this;
    }

    /**
     * The idle timeout, more than 0 µs (the connection uses at least three probe timeouts). Default
     * {@value TransportDefaults#MAX_IDLE_TIMEOUT_MICROS} µs.
     */
    public Builder idleTimeoutMicros(long micros) {
      if (micros <= 0) {
        throw new IllegalArgumentException("idle timeout must be more than 0 µs, got " + micros);
      }
      this.idleTimeoutMicros = micros;
      return this;
    }

    /**
     * Careful resume (RFC 9959): the server remembers a window and an RTT from an earlier
     * connection and hands them to its controller once the first RTT sample confirms the path
     * (picoquic's {@code seed_cwin}, within 25 % of the remembered RTT). Both at least 0; 0 for
     * none, the default.
     */
    public Builder resumeSeed(long windowBytes, long rttMicros) {
      if (windowBytes < 0 || rttMicros < 0) {
        throw new IllegalArgumentException(
            "resume seed must be at least 0, got " + windowBytes + " B, " + rttMicros + " µs");
      }
      this.resumeSeedBytes = windowBytes;
      this.resumeSeedRttMicros = rttMicros;
      return this;
    }

    /**
     * picoquic's optimistic-ACK defence: the pseudo-period of the 1-RTT packet numbers skipped, at
     * least 0. Default {@value PacketNumberHoles#PICOQUIC_PERIOD} (picoquic's: the spacing is drawn
     * from the connection's transport generator, so runs of one scenario differ); 0 for none, every
     * number used, as moqbed did before it modelled them.
     */
    public Builder packetNumberHolePeriod(int period) {
      if (period < 0) {
        throw new IllegalArgumentException("hole period must be at least 0, got " + period);
      }
      this.packetNumberHolePeriod = period;
      return this;
    }

    /**
     * picoquic's client ready transition: with picoquic's recovery, the client confirms the
     * handshake inside the first ACK frame that acknowledges one of its 1-RTT packets
     * (picoquic_ready_state_transition from process_ack_range), before that packet leaves the
     * flight, so its implicitly acknowledged Handshake packet is in that ACK's rate sample. Default
     * off, the confirmation on HANDSHAKE_DONE of RFC 9001 §4.1.2: on, it moved the two-flow Wi-Fi
     * cells away from picoquic's (docs/results/wifi-tails-2026-12-07.md §5).
     */
    public Builder readyInsideAck(boolean on) {
      this.readyInsideAck = on;
      return this;
    }

    /**
     * picoquic's notification of implicitly acknowledged handshake packets
     * (picoquic_implicit_handshake_ack): with picoquic's recovery, each packet of a closed Initial
     * or Handshake context sent before the initial timer is an ACK notification of its own to the
     * controller. Default off, RFC 9002 §6.4's: the packets only leave the flight (their bytes
     * still count as delivered). On, it moved the two-flow Wi-Fi cells away from picoquic's
     * (docs/results/wifi-tails-2026-12-07.md §4, §5).
     */
    public Builder implicitAckNotified(boolean on) {
      this.implicitAckNotified = on;
      return this;
    }

    /**
     * The order of lost stream data sent again: picoquic's as it runs (the default, the
     * simulator's) or by priority, stream and offset (the live stack's).
     */
    public Builder streamRepeatOrder(StreamRepeatOrder order) {
      if (order == null) {
        throw new IllegalArgumentException("a stream repeat order is needed");
      }
      this.streamRepeatOrder = order;
      return this;
    }

    /** The configuration; the initial MTU may not exceed the probed one. */
    public ConnectionConfig build() {
      if (initialMtuBytes > maxMtuBytes) {
        throw new IllegalArgumentException(
            "initial MTU " + initialMtuBytes + " exceeds max MTU " + maxMtuBytes);
      }
      return new ConnectionConfig(this);
    }

    private static int checkMtu(String name, int bytes) {
      if (bytes < MIN_MTU_BYTES || bytes > MAX_UDP_PAYLOAD_BYTES) {
        throw new IllegalArgumentException(name + " must be 1200 to 65527 bytes, got " + bytes);
      }
      return bytes;
    }

    private static long checkLimit(String name, long bytes) {
      if (bytes < 0 || bytes > VarInt.MAX) {
        throw new IllegalArgumentException(name + " must be 0 to 2^62-1 bytes, got " + bytes);
      }
      return bytes;
    }
  }
}
