package dev.moqbed.cc.common;

/**
 * A loss rate smoothed over packet numbers ({@code picoquic_cc_hystart_loss_test}). For every
 * packet number between the previous loss and this one (at most 32) the rate decays by 15/16; the
 * loss itself then adds 1/16 of the remaining distance to 1. A {@link LossEventKind#REPEAT} loss
 * passes when the rate exceeds the threshold (0.15 in picoquic's Cubic), so one or two isolated
 * losses are ignored and uniformly spread losses rarer than about one in eight never pass. A {@link
 * LossEventKind#TIMEOUT} always passes. A packet number not above the last one seen is ignored and
 * never passes.
 */
public final class PacketNumberLossFilter {

  /** {@code PICOQUIC_SMOOTHED_LOSS_SCOPE}: how many packet numbers of decay are applied at most. */
  public static final int DECAY_SPAN_PACKETS = 32;

  /** {@code PICOQUIC_SMOOTHED_LOSS_FACTOR}. */
  public static final double SMOOTHING_FACTOR = 1.0 / 16.0;

  /** {@code PICOQUIC_SMOOTHED_LOSS_THRESHOLD}. */
  public static final double DEFAULT_THRESHOLD = 0.15;

  private final double threshold;
  private double smoothedLossRate;
  private long lastLostPacketNumber;

  public PacketNumberLossFilter() {
    this(DEFAULT_THRESHOLD);
  }

  public PacketNumberLossFilter(double threshold) {
    this.threshold = threshold;
  }

  /** Feeds one lost packet and returns whether the controller should react to it. */
  public boolean onLoss(LossEventKind kind, long lostPacketNumber) {
    if (lostPacketNumber <= lastLostPacketNumber) {
      return false;
    }
    long packetNumber = lastLostPacketNumber;
    if (packetNumber + DECAY_SPAN_PACKETS < lostPacketNumber) {
      packetNumber = lostPacketNumber - DECAY_SPAN_PACKETS;
    }
    // One multiplication per packet number, as picoquic does, so the rate matches bit for bit.
    while (packetNumber < lostPacketNumber) {
      smoothedLossRate *= 1.0 - SMOOTHING_FACTOR;
      packetNumber++;
    }
    smoothedLossRate += (1.0 - smoothedLossRate) * SMOOTHING_FACTOR;
    lastLostPacketNumber = lostPacketNumber;
    switch (kind) {
      case REPEAT:
        return smoothedLossRate > threshold;
      case TIMEOUT:
        return true;
      default:
        return false;
    }
  }

  public double smoothedLossRate() {
    return smoothedLossRate;
  }

  public long lastLostPacketNumber() {
    return lastLostPacketNumber;
  }
}
