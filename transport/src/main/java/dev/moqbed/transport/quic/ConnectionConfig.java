package dev.moqbed.transport.quic;

import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.PacketNumberHoles;
import dev.moqbed.transport.recovery.RttFlavor;
import dev.moqbed.transport.recovery.TransportDefaults;

/**
 * How one end of a connection behaves. {@link #picoquic(Role)} gives the reference transport's
 * defaults (what the C4 test draft ran); each behaviour where picoquic departs from the RFCs in a
 * way that moves results has an RFC alternative.
 *
 * @param recoveryFlavor RTT estimation, probe timeout and loss detection: picoquic's or RFC 9002's
 * @param ackFlavor ACK policy: picoquic's (ACK-frequency extension) or RFC 9000's defaults
 * @param initialMtuBytes packet size until a path MTU probe is acknowledged (picoquic IPv4: 1252)
 * @param maxMtuBytes the size probed for (the peer's max_packet_size: 1440)
 * @param ecnOverride the ECN mark for every packet, or null for the controller's codepoint
 * @param resumeSeedBytes careful resume (RFC 9959): a remembered window, 0 for none
 * @param resumeSeedRttMicros the RTT remembered with it, 0 for none
 * @param packetNumberHolePeriod picoquic's optimistic-ACK defence: the pseudo-period of the 1-RTT
 *     packet numbers it skips ({@link PacketNumberHoles#PICOQUIC_PERIOD}), 0 for none
 */
public record ConnectionConfig(
    Role role,
    RttFlavor recoveryFlavor,
    AckFlavor ackFlavor,
    int initialMtuBytes,
    int maxMtuBytes,
    boolean mtuDiscovery,
    long initialMaxData,
    long initialMaxStreamDataBidiLocal,
    long initialMaxStreamDataBidiRemote,
    long initialMaxStreamDataUni,
    int maxDatagramFrameSizeBytes,
    EcnMark ecnOverride,
    long idleTimeoutMicros,
    long resumeSeedBytes,
    long resumeSeedRttMicros,
    int packetNumberHolePeriod) {

  /** picoquic's defaults as the reference simulator sets them for {@code role}. */
  public static ConnectionConfig picoquic(Role role) {
    return new ConnectionConfig(
        role,
        RttFlavor.PICOQUIC,
        AckFlavor.PICOQUIC,
        TransportDefaults.INITIAL_MTU_BYTES,
        TransportDefaults.MAX_PACKET_SIZE_BYTES,
        true,
        TransportDefaults.INITIAL_MAX_DATA_BYTES,
        TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_LOCAL_BYTES,
        TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_REMOTE_BYTES,
        TransportDefaults.INITIAL_MAX_STREAM_DATA_UNI_BYTES,
        role == Role.CLIENT ? 1532 : 0,
        null,
        TransportDefaults.MAX_IDLE_TIMEOUT_MICROS,
        0,
        0,
        PacketNumberHoles.PICOQUIC_PERIOD);
  }

  public ConnectionConfig withRecoveryFlavor(RttFlavor flavor) {
    Copy copy = new Copy(this);
    copy.recoveryFlavor = flavor;
    return copy.build();
  }

  public ConnectionConfig withAckFlavor(AckFlavor flavor) {
    Copy copy = new Copy(this);
    copy.ackFlavor = flavor;
    return copy.build();
  }

  public ConnectionConfig withEcnOverride(EcnMark mark) {
    Copy copy = new Copy(this);
    copy.ecnOverride = mark;
    return copy.build();
  }

  /** Flow control off: every limit at its maximum (to measure what flow control costs). */
  public ConnectionConfig withoutFlowControl() {
    Copy copy = new Copy(this);
    copy.initialMaxData = VarInt.MAX;
    copy.initialMaxStreamDataBidiLocal = VarInt.MAX;
    copy.initialMaxStreamDataBidiRemote = VarInt.MAX;
    copy.initialMaxStreamDataUni = VarInt.MAX;
    return copy.build();
  }

  /**
   * Careful resume: the server remembers a window and an RTT from an earlier connection and hands
   * them to its controller once the first RTT sample confirms the path (picoquic's {@code
   * seed_cwin}, within 25 % of the remembered RTT).
   */
  public ConnectionConfig withResumeSeed(long windowBytes, long rttMicros) {
    Copy copy = new Copy(this);
    copy.resumeSeedBytes = windowBytes;
    copy.resumeSeedRttMicros = rttMicros;
    return copy.build();
  }

  /**
   * Packet-number holes on ({@link PacketNumberHoles#PICOQUIC_PERIOD}, picoquic's default: the
   * spacing is drawn from the connection's transport generator, so runs of one scenario differ) or
   * off ({@code 0}: every number is used, as moqbed did before it modelled them).
   */
  public ConnectionConfig withPacketNumberHolePeriod(int period) {
    if (period < 0) {
      throw new IllegalArgumentException("hole period must be at least 0, got " + period);
    }
    Copy copy = new Copy(this);
    copy.packetNumberHolePeriod = period;
    return copy.build();
  }

  /** A mutable copy of every component, so each {@code with...} changes only its own. */
  private static final class Copy {
    final Role role;
    RttFlavor recoveryFlavor;
    AckFlavor ackFlavor;
    final int initialMtuBytes;
    final int maxMtuBytes;
    final boolean mtuDiscovery;
    long initialMaxData;
    long initialMaxStreamDataBidiLocal;
    long initialMaxStreamDataBidiRemote;
    long initialMaxStreamDataUni;
    final int maxDatagramFrameSizeBytes;
    EcnMark ecnOverride;
    final long idleTimeoutMicros;
    long resumeSeedBytes;
    long resumeSeedRttMicros;
    int packetNumberHolePeriod;

    Copy(ConnectionConfig config) {
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
      maxDatagramFrameSizeBytes = config.maxDatagramFrameSizeBytes;
      ecnOverride = config.ecnOverride;
      idleTimeoutMicros = config.idleTimeoutMicros;
      resumeSeedBytes = config.resumeSeedBytes;
      resumeSeedRttMicros = config.resumeSeedRttMicros;
      packetNumberHolePeriod = config.packetNumberHolePeriod;
    }

    ConnectionConfig build() {
      return new ConnectionConfig(
          role,
          recoveryFlavor,
          ackFlavor,
          initialMtuBytes,
          maxMtuBytes,
          mtuDiscovery,
          initialMaxData,
          initialMaxStreamDataBidiLocal,
          initialMaxStreamDataBidiRemote,
          initialMaxStreamDataUni,
          maxDatagramFrameSizeBytes,
          ecnOverride,
          idleTimeoutMicros,
          resumeSeedBytes,
          resumeSeedRttMicros,
          packetNumberHolePeriod);
    }
  }
}
