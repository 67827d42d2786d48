package dev.moqbed.cc.c4;

import static dev.moqbed.cc.c4.C4Controller.ALPHA_CRUISE_1024;
import static dev.moqbed.cc.c4.C4Controller.INFINITE_RTT;
import static dev.moqbed.cc.c4.C4Controller.JITTER_REENTRY_GUARD_MICROS;
import static dev.moqbed.cc.c4.C4Controller.JITTER_REENTRY_MAX_RATE_BYTES_PER_SECOND;
import static dev.moqbed.cc.c4.C4Controller.JITTER_REENTRY_MIN_MAX_RTT_MICROS;
import static dev.moqbed.cc.c4.C4Controller.MAX_JITTER_MICROS;
import static dev.moqbed.cc.c4.C4Controller.MAX_RTT_FLOOR_MICROS;

import dev.moqbed.cc.AckSample;

/**
 * What C4 measures of the path: the nominal rate (the largest delivery rate seen while not
 * congested), the nominal max RTT (the running min RTT plus the worst jitter of eras sent at no
 * more than the nominal rate), the delay threshold and excess derived from them, and the RTT
 * extremes of the current era. The states decide when these figures are cut or reset.
 */
final class C4Estimates {
  private final C4Controller c4;

  long nominalRateBytesPerSecond;
  long nominalMaxRttMicros;
  long runningMinRttMicros = INFINITE_RTT;
  private long eraMaxRttMicros;
  private long eraMinRttMicros;

  /** The best delivery rate since the last Recovery exit. */
  long recentMaximumRateBytesPerSecond;

  long delayThresholdMicros;
  long recentDelayExcessMicros;

  C4Estimates(C4Controller c4) {
    this.c4 = c4;
  }

  /** The RTT part of {@code c4_era_reset}. */
  void startEra() {
    eraMaxRttMicros = 0;
    eraMinRttMicros = INFINITE_RTT;
  }

  void recomputeDelayThreshold() {
    delayThresholdMicros =
        C4Sensitivity.delayThresholdMicros(nominalRateBytesPerSecond, nominalMaxRttMicros);
  }

  /** The rate part of {@code c4_handle_ack}: a higher delivery rate raises the nominal rate. */
  void updateRate(AckSample ack) {
    long previousRateBytesPerSecond = nominalRateBytesPerSecond;
    if (ack.rttMicros() > 0 && ack.deliveredSinceSentBytes() > 0) {
      long rateSample = c4.path.deliveryRateBytesPerSecond();
      if (rateSample > recentMaximumRateBytesPerSecond) {
        recentMaximumRateBytesPerSecond = rateSample;
      }
      if (rateSample > nominalRateBytesPerSecond
          && !(c4.state == C4State.RECOVERY && c4.congestionNotified)) {
        c4.pushWasNotLimited = true;
        nominalRateBytesPerSecond = rateSample;
        recomputeDelayThreshold();
        c4.drainRequired = false;
      } else if (ack.deliveredSinceSentBytes()
          > FixedPoint.bytesFromRate(runningMinRttMicros, previousRateBytesPerSecond)) {
        // No higher rate, but more than one min-RTT BDP was delivered: the network set the pace.
        c4.pushWasNotLimited = true;
      }
    }
  }

  /** {@code c4_update_rtt}: era extremes, running min and the delay excess. */
  void updateRtt(long rttMicros) {
    if (rttMicros > eraMaxRttMicros) {
      eraMaxRttMicros = rttMicros;
    }
    if (rttMicros < eraMinRttMicros) {
      eraMinRttMicros = rttMicros;
    }
    if (rttMicros < runningMinRttMicros) {
      runningMinRttMicros = rttMicros;
    }
    if (nominalMaxRttMicros == 0) {
      nominalMaxRttMicros = Math.max(rttMicros, MAX_RTT_FLOOR_MICROS);
      recomputeDelayThreshold();
      recentDelayExcessMicros = 0;
    } else {
      long targetMicros = nominalMaxRttMicros + delayThresholdMicros;
      recentDelayExcessMicros = rttMicros > targetMicros ? rttMicros - targetMicros : 0;
    }
  }

  /** {@code c4_update_min_max_rtt}, at an era end outside Initial. */
  void updateMinMaxRtt() {
    // Fold in the latest raw sample too: the RTT event and the ACK may arrive in either order.
    long latestRttMicros = c4.path.latestRttMicros();
    if (latestRttMicros > eraMaxRttMicros) {
      eraMaxRttMicros = latestRttMicros;
    }
    if (latestRttMicros < eraMinRttMicros) {
      eraMinRttMicros = latestRttMicros;
      if (c4.variant.drainsQueues()) {
        c4.drainRequired = true;
      }
    }
    if (c4.alphaPrevious1024 <= ALPHA_CRUISE_1024) {
      // The era carried traffic at no more than the nominal rate: its RTTs are the path's own.
      if (eraMinRttMicros < runningMinRttMicros) {
        runningMinRttMicros = eraMinRttMicros;
      } else {
        runningMinRttMicros = (7 * runningMinRttMicros + eraMinRttMicros) / 8;
      }
      long correctedMaxRttMicros =
          Math.min(eraMaxRttMicros, runningMinRttMicros + MAX_JITTER_MICROS);
      if (correctedMaxRttMicros > nominalMaxRttMicros) {
        nominalMaxRttMicros = correctedMaxRttMicros;
      } else {
        nominalMaxRttMicros = (7 * nominalMaxRttMicros + correctedMaxRttMicros) / 8;
        if (c4.variant.drainsQueues()) {
          c4.drainRequired = true;
        }
      }
      recomputeDelayThreshold();
    } else if (nominalMaxRttMicros == 0) {
      nominalMaxRttMicros = eraMaxRttMicros;
      recomputeDelayThreshold();
    }
    if (nominalMaxRttMicros < MAX_RTT_FLOOR_MICROS) {
      nominalMaxRttMicros = MAX_RTT_FLOOR_MICROS;
      recomputeDelayThreshold();
    }
  }

  /** A slow, jittery path where Initial may have ended too early: search once more. */
  boolean highJitterCallsForInitial(long nowMicros) {
    boolean jittery =
        nominalMaxRttMicros > JITTER_REENTRY_MIN_MAX_RTT_MICROS
            && nominalRateBytesPerSecond < JITTER_REENTRY_MAX_RATE_BYTES_PER_SECOND
            && runningMinRttMicros != INFINITE_RTT
            && 5 * runningMinRttMicros < 2 * nominalMaxRttMicros;
    if (!jittery) {
      return false;
    }
    if (c4.variant.reentersInitialOnlyOnce()) {
      return !c4.startup.initialAfterJitter;
    }
    long initialLastMicros = c4.startup.initialLastMicros;
    return initialLastMicros > 0 && nowMicros > initialLastMicros + JITTER_REENTRY_GUARD_MICROS;
  }
}
