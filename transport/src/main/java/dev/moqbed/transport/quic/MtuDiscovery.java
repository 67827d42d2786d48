package dev.moqbed.transport.quic;

/**
 * Path MTU discovery as picoquic does it: the packet size in use, and the probe for a larger one.
 * One probe of the peer's maximum, then of {@value #FALLBACK_PROBE_BYTES} bytes if it is lost; back
 * to the initial size after a probe timeout in the ready state or too many full-size losses.
 */
final class MtuDiscovery {
  /** The smaller size tried when a probe of the peer's maximum is lost. */
  static final int FALLBACK_PROBE_BYTES = 1400;

  /** More full-size losses than this without a full-size ACK reset the MTU (picoquic). */
  private static final int FULL_SIZE_LOSSES_BEFORE_MTU_RESET = 10;

  private final int initialMtuBytes;
  private int maxMtuBytes;
  private final boolean enabled;

  private int mtuBytes;
  private boolean probeRequired;
  private boolean probeInFlight;

  /** 0 while the peer's maximum is tried, 1 for the fallback size, 2 when both were lost. */
  private int probeSizeIndex;

  private int fullSizeLossesSinceFullSizeAck;

  MtuDiscovery(ConnectionConfig config) {
    this.initialMtuBytes = config.initialMtuBytes();
    this.maxMtuBytes = config.maxMtuBytes();
    this.enabled = config.mtuDiscovery();
    this.mtuBytes = initialMtuBytes;
  }

  /** The largest datagram the path carries as far as this end knows. */
  int mtuBytes() {
    return mtuBytes;
  }

  /** A probe should leave in the next 1-RTT packet that may be one. */
  boolean probeDue() {
    return probeRequired && !probeInFlight;
  }

  boolean probeInFlight() {
    return probeInFlight;
  }

  /** The size of the next probe: the peer's maximum first, then the fallback. */
  int nextProbeBytes() {
    return probeSizeIndex == 0 ? maxMtuBytes : FALLBACK_PROBE_BYTES;
  }

  /**
   * The peer's max_udp_payload_size (RFC 9000 §18.2): no probe beyond it. The initial size stays,
   * as every QUIC endpoint must take 1,200 bytes and the stack's first packets are 1,252.
   */
  void limitToPeerMaximum(long peerMaxUdpPayloadBytes) {
    maxMtuBytes = (int) Math.max(initialMtuBytes, Math.min(maxMtuBytes, peerMaxUdpPayloadBytes));
  }

  /** The 1-RTT keys are there: probe now, if discovery is on. */
  void start() {
    probeRequired = enabled;
  }

  void onProbeSent() {
    probeInFlight = true;
  }

  /**
   * As picoquic's ACK processing ({@code frames.c}): an acknowledged packet of the current size
   * clears the loss count; one larger than the current size (a probe, or a full-size packet sent
   * before a reset) brings that size back at once, before the losses of the same ACK are looked at.
   */
  void onPacketAcknowledged(SentPacket packet) {
    if (packet.sizeBytes == mtuBytes) {
      fullSizeLossesSinceFullSizeAck = 0;
    } else if (packet.sizeBytes > mtuBytes) {
      mtuBytes = packet.sizeBytes;
      probeInFlight = false;
      probeRequired = enabled && nextProbeBytes() > mtuBytes && probeSizeIndex < 2;
    }
    if (packet.mtuProbe) {
      probeInFlight = false;
      probeRequired = false;
    }
  }

  /**
   * As picoquic's {@code picoquic_check_path_mtu_on_losses}: once the connection is ready, every
   * lost packet of the current size counts, and each one beyond {@value
   * #FULL_SIZE_LOSSES_BEFORE_MTU_RESET} resets the size: the count is not cleared by the reset, so
   * during a burst of losses the size drops again after every ACK that brought it back. The
   * controllers that count their window in packets of the MTU (picoquic's Cubic) then compute it
   * with the smaller size.
   */
  void onPacketLost(SentPacket packet, boolean ready) {
    if (packet.mtuProbe) {
      probeInFlight = false;
      probeSizeIndex++;
      probeRequired = probeSizeIndex < 2;
    } else if (ready
        && packet.sizeBytes == mtuBytes
        && ++fullSizeLossesSinceFullSizeAck > FULL_SIZE_LOSSES_BEFORE_MTU_RESET
        && enabled) {
      reset();
    }
  }

  /** A probe timeout once the handshake is confirmed: the path may have shrunk. */
  void onProbeTimeout() {
    if (enabled) {
      reset();
    }
  }

  private void reset() {
    mtuBytes = initialMtuBytes;
    probeRequired = true;
    probeInFlight = false;
    probeSizeIndex = 0;
  }
}
