package dev.moqbed.cc.c4;

/**
 * The smoothed packet-loss rate, an average per packet number with gain 1/16 over at most the last
 * 32 packet numbers ({@code c4_update_loss_rate} with picoquic's {@code cc_common.h} constants).
 *
 * <p>The decay covers every number from the previous lost packet up to the new one minus one, the
 * previous lost packet included; a run of consecutive losses therefore settles at 16/31 (0.516),
 * not 1. The spec's formula would reach 1; this is the code, kept for parity (docs/cc/c4.md).
 */
final class LossRateAverage {
  private static final double GAIN = 1.0 / 16.0;
  private static final long SCOPE_PACKETS = 32;

  private double smoothedDropRate;
  private long lastLostPacketNumber;

  double smoothedDropRate() {
    return smoothedDropRate;
  }

  /** Folds in the loss of {@code packetNumber}; older or repeated numbers change nothing. */
  void onLoss(long packetNumber) {
    long next = lastLostPacketNumber;
    if (packetNumber <= next) {
      return;
    }
    if (next + SCOPE_PACKETS < packetNumber) {
      next = packetNumber - SCOPE_PACKETS;
    }
    // One multiplication per packet number, as the reference does, so the doubles match exactly.
    while (next < packetNumber) {
      smoothedDropRate *= (1.0 - GAIN);
      next++;
    }
    smoothedDropRate += (1.0 - smoothedDropRate) * GAIN;
    lastLostPacketNumber = packetNumber;
  }

  /** Forgets the average (every Recovery exit) but keeps the last lost packet number. */
  void clearAverage() {
    smoothedDropRate = 0;
  }

  void clear() {
    smoothedDropRate = 0;
    lastLostPacketNumber = 0;
  }
}
