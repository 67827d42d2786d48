package dev.moqbed.cc.common;

/**
 * A loss rate smoothed over bytes ({@code picoquic_cc_hystart_loss_volume_test}): lost and sent
 * (acknowledged + lost) byte counts, each an integer EWMA with gain 1/16 kept at 16 times scale. On
 * an {@link LossEventKind#ACKNOWLEDGEMENT} the test passes when lost/sent exceeds 0.15; a {@link
 * LossEventKind#TIMEOUT} always passes; a {@link LossEventKind#REPEAT} never does. picoquic's BBR
 * calls it with {@code REPEAT}, so there it only accumulates and never fires.
 */
public final class ByteVolumeLossFilter {

  /** {@code PICOQUIC_SMOOTHED_LOSS_THRESHOLD}. */
  public static final double THRESHOLD = 0.15;

  private long smoothedLostBytesTimes16;
  private long smoothedSentBytesTimes16;
  private double smoothedLossRate;

  /** Feeds one event's byte counts and returns the test's verdict for that event kind. */
  public boolean onEvent(LossEventKind kind, long ackedBytes, long lostBytes) {
    smoothedLostBytesTimes16 -= smoothedLostBytesTimes16 / 16;
    smoothedLostBytesTimes16 += lostBytes;
    smoothedSentBytesTimes16 -= smoothedSentBytesTimes16 / 16;
    smoothedSentBytesTimes16 += ackedBytes + lostBytes;
    smoothedLossRate =
        smoothedSentBytesTimes16 > 0
            ? (double) smoothedLostBytesTimes16 / (double) smoothedSentBytesTimes16
            : 0.0;
    switch (kind) {
      case ACKNOWLEDGEMENT:
        return smoothedLossRate > THRESHOLD;
      case TIMEOUT:
        return true;
      default:
        return false;
    }
  }

  public double smoothedLossRate() {
    return smoothedLossRate;
  }
}
