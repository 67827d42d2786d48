package dev.moqbed.cc.cubic;

/**
 * RFC 9406 HyStart++ with the RFC's recommended constants, for a paced sender (L = infinity).
 * Rounds are counted in packet numbers: a round ends when an ACK covers the packet that was next to
 * send when the round began. An ACK that ends a round opens the next one before its own RTT sample
 * is counted.
 *
 * <p>In slow start, once a round has eight samples, a round minimum at least {@code
 * clamp(lastRoundMin / 8, 4 ms, 16 ms)} above the previous round's minimum moves to Conservative
 * Slow Start (CSS), where growth is divided by four. In CSS, a round minimum that falls below the
 * minimum that triggered CSS returns to slow start; after five CSS rounds (the partial first one
 * included) HyStart++ is {@link #finished()} and the controller enters congestion avoidance with
 * ssthresh = cwnd.
 */
public final class HystartPlusPlus {
  static final long MIN_RTT_THRESHOLD_MICROS = 4_000;
  static final long MAX_RTT_THRESHOLD_MICROS = 16_000;
  static final int MIN_RTT_DIVISOR = 8;
  static final int RTT_SAMPLES_PER_ROUND = 8;
  static final int CSS_GROWTH_DIVISOR = 4;
  static final int CSS_ROUNDS = 5;
  private static final long NO_RTT = Long.MAX_VALUE;

  private long roundEndPacketNumber;
  private long lastRoundMinRttMicros = NO_RTT;
  private long currentRoundMinRttMicros = NO_RTT;
  private int roundRttSamples;
  private long cssBaselineMinRttMicros = NO_RTT;
  private int cssRounds;
  private boolean inConservativeSlowStart;
  private boolean finished;

  /**
   * Processes one ACK in slow start or CSS and returns by how many bytes the window grows.
   *
   * @param rttMicros the ACK's RTT sample, negative if it gave none
   * @param nextPacketNumber the number the next packet sent will carry (SND.NXT)
   */
  public long onAck(
      long largestAckedPacketNumber, long rttMicros, long nextPacketNumber, long ackedBytes) {
    if (finished) {
      return 0;
    }
    if (largestAckedPacketNumber >= roundEndPacketNumber) {
      lastRoundMinRttMicros = currentRoundMinRttMicros;
      currentRoundMinRttMicros = NO_RTT;
      roundRttSamples = 0;
      roundEndPacketNumber = nextPacketNumber;
      if (inConservativeSlowStart && ++cssRounds >= CSS_ROUNDS) {
        finished = true;
        return 0;
      }
    }
    long growthBytes = inConservativeSlowStart ? ackedBytes / CSS_GROWTH_DIVISOR : ackedBytes;
    if (rttMicros >= 0) {
      currentRoundMinRttMicros = Math.min(currentRoundMinRttMicros, rttMicros);
      roundRttSamples++;
    }
    if (roundRttSamples < RTT_SAMPLES_PER_ROUND) {
      return growthBytes;
    }
    if (!inConservativeSlowStart) {
      if (lastRoundMinRttMicros != NO_RTT
          && currentRoundMinRttMicros >= lastRoundMinRttMicros + rttThresholdMicros()) {
        cssBaselineMinRttMicros = currentRoundMinRttMicros;
        inConservativeSlowStart = true;
        cssRounds = 0;
      }
    } else if (currentRoundMinRttMicros < cssBaselineMinRttMicros) {
      // The delay rise was a false alarm: back to slow start.
      cssBaselineMinRttMicros = NO_RTT;
      inConservativeSlowStart = false;
    }
    return growthBytes;
  }

  /** The delay increase that ends slow start, from the previous round's minimum. */
  long rttThresholdMicros() {
    return Math.max(
        MIN_RTT_THRESHOLD_MICROS,
        Math.min(lastRoundMinRttMicros / MIN_RTT_DIVISOR, MAX_RTT_THRESHOLD_MICROS));
  }

  public boolean inConservativeSlowStart() {
    return inConservativeSlowStart;
  }

  /** True once CSS has run its five rounds: the controller should enter congestion avoidance. */
  public boolean finished() {
    return finished;
  }

  public int cssRounds() {
    return cssRounds;
  }
}
