package dev.moqbed.cc.c4;

import static dev.moqbed.cc.c4.C4Controller.ALPHA_CRUISE_1024;
import static dev.moqbed.cc.c4.C4Controller.ALPHA_CRUISE_LOW_RTT_BOOST_1024;
import static dev.moqbed.cc.c4.C4Controller.ALPHA_PROBE_BY_LEVEL_1024;
import static dev.moqbed.cc.c4.C4Controller.ALPHA_PUSH_1024;
import static dev.moqbed.cc.c4.C4Controller.ALPHA_RECOVER_1024;
import static dev.moqbed.cc.c4.C4Controller.ALPHA_RECOVER_LOW_1024;
import static dev.moqbed.cc.c4.C4Controller.BETA_MAX_1024;
import static dev.moqbed.cc.c4.C4Controller.CRUISE_ERAS;
import static dev.moqbed.cc.c4.C4Controller.MAX_RTT_FLOOR_MICROS;
import static dev.moqbed.cc.c4.C4Controller.PROBE_LEVEL_DEFAULT;
import static dev.moqbed.cc.c4.C4Controller.PROBE_LEVEL_MAX;

/**
 * C4's steady cycle after Initial: Recovery (one era at a reduced alpha, then the verdict on the
 * last probe or push), Cruising (at the nominal rate for one or two eras), Probing (one era a
 * little above it) and Pushing (BBR-like, while the delivery rate keeps growing); and the reaction
 * to a congestion signal (delay, loss, CE), which cuts the nominal figures where they were in force
 * and enters Recovery.
 */
final class C4Cycle {
  private final C4Controller c4;

  int cruiseErasLeft;
  int recentCongestions;

  /** CE marks ended the last push or arrived during Recovery: the next probe starts at level 0. */
  private boolean excessCeAfterPush;

  C4Cycle(C4Controller c4) {
    this.c4 = c4;
  }

  // ---------------------------------------------------------------- Recovery

  void enterRecovery(CongestionKind kind) {
    if (c4.state == C4State.INITIAL) {
      c4.growthReset(); // the whole of Initial is the window judged at the Recovery exit
    }
    if (c4.state != C4State.RECOVERY) {
      excessCeAfterPush = kind == CongestionKind.ECN;
      c4.state = C4State.RECOVERY;
      c4.eraReset(); // before the alpha changes: the previous alpha stays the one being left
      c4.alphaCurrent1024 = drains() ? ALPHA_RECOVER_LOW_1024 : ALPHA_RECOVER_1024;
    }
  }

  /** Recover at the draining alpha: a queue may be left, and the path is not too short to say. */
  private boolean drains() {
    return c4.drainRequired && !keepsRateOnShortPath();
  }

  /**
   * PRs 2193 and 2194: below 1 ms of smoothed RTT (the bound of the Cruising boost), only a
   * congestion signal lowers the rate; trimming and draining wait until queues push the RTT past 1
   * ms.
   */
  private boolean keepsRateOnShortPath() {
    return c4.variant.keepsRateBelowOneMillisecond()
        && c4.path.smoothedRttMicros() < MAX_RTT_FLOOR_MICROS;
  }

  void exitRecovery(long nowMicros) {
    C4Estimates estimates = c4.estimates;
    C4Startup startup = c4.startup;
    Growth growth = c4.growthEvaluate();
    if (startup.initialLastMicros == 0) {
      startup.initialLastMicros = nowMicros;
    }
    c4.drainRequired = false;
    if (growth != Growth.NONE) {
      if (!excessCeAfterPush && startup.resumingEras == 0) {
        c4.probeLevel++;
      }
      recentCongestions = 0;
    } else {
      if (c4.pushWasNotLimited) {
        c4.probeLevel = excessCeAfterPush ? 0 : 1;
      }
      if (c4.congestionNotified) {
        recentCongestions++;
        if (recentCongestions >= 2
            && estimates.recentMaximumRateBytesPerSecond > 0
            && estimates.nominalRateBytesPerSecond > estimates.recentMaximumRateBytesPerSecond) {
          // Persistent congestion: fall back to the best rate actually delivered lately.
          estimates.nominalRateBytesPerSecond = estimates.recentMaximumRateBytesPerSecond;
          if (c4.variant.clearsCongestionCountAfterReset()) {
            recentCongestions = 0;
          }
        }
      } else {
        recentCongestions = 0;
        if (c4.variant.trimsRateAtRecoveryExit()
            && estimates.nominalRateBytesPerSecond > estimates.recentMaximumRateBytesPerSecond
            && c4.pushWasNotLimited
            && !keepsRateOnShortPath()) {
          // Trimming: a quiet, busy cycle that never reached the nominal rate suggests it is high.
          estimates.nominalRateBytesPerSecond =
              (estimates.nominalRateBytesPerSecond + estimates.recentMaximumRateBytesPerSecond) / 2;
        }
      }
    }
    startup.resumingEras = 0;
    estimates.recentMaximumRateBytesPerSecond = 0;
    c4.growthReset();
    estimates.recentDelayExcessMicros = 0; // avoid bouncing on the same delay event
    c4.lossRate.clearAverage();
    c4.ecnMarking.clearAverage();
    if (c4.probeLevel > PROBE_LEVEL_MAX) {
      startup.enterInitial(); // two successful pushes in a row: capacity jumped, search again
    } else if (c4.probeLevel > PROBE_LEVEL_DEFAULT) {
      enterPushing();
    } else {
      enterCruise();
    }
  }

  // ---------------------------------------------------------------- Cruising and Probing

  private void enterCruise() {
    c4.eraReset(); // before the alpha changes: the first Cruising era is judged at the Recovery
    // alpha
    c4.startup.useSeedWindow = false;
    if (cruiseErasLeft == 0) {
      cruiseErasLeft = c4.probeLevel == 0 ? 1 : CRUISE_ERAS;
    }
    c4.alphaCurrent1024 = ALPHA_CRUISE_1024;
    if (c4.path.smoothedRttMicros() < MAX_RTT_FLOOR_MICROS) {
      c4.alphaCurrent1024 += ALPHA_CRUISE_LOW_RTT_BOOST_1024;
    }
    c4.state = C4State.CRUISING;
  }

  void onCruisingEraEnd() {
    if (cruiseErasLeft > 0) {
      cruiseErasLeft--;
    }
    c4.eraReset();
    if (cruiseErasLeft <= 0
        && c4.path.lastAckedDataSentMicros() > c4.path.lastSenderLimitedMicros()) {
      enterProbing();
    }
  }

  private void enterProbing() {
    c4.alphaCurrent1024 = ALPHA_PROBE_BY_LEVEL_1024[c4.probeLevel];
    c4.pushAlpha1024 = c4.alphaCurrent1024;
    c4.eraReset(); // after the alpha changes: delay detection is live during the probe
    c4.state = C4State.PROBING;
  }

  // ---------------------------------------------------------------- Pushing

  private void enterPushing() {
    c4.alphaPrevious1024 = c4.alphaCurrent1024;
    c4.alphaCurrent1024 = ALPHA_PUSH_1024;
    c4.pushAlpha1024 = c4.alphaCurrent1024;
    c4.state = C4State.PUSHING;
    c4.erasWithoutIncrease = 0;
    c4.growthReset();
    c4.eraReset();
  }

  void onPushingRateMeasurement() {
    if (c4.growthEvaluate() == Growth.FAST) {
      c4.growthReset();
      c4.eraReset();
      c4.erasWithoutIncrease = 0;
    }
  }

  void onPushingEraEnd() {
    if (c4.growthEvaluate() == Growth.FAST) {
      c4.growthReset();
      c4.eraReset();
    } else if (c4.alphaPrevious1024 >= ALPHA_PUSH_1024) {
      // Meant as "at least one full era of pushing", but enterPushing already set the previous
      // alpha to the push alpha, so this always holds: pushing may end after its first era.
      enterRecovery(CongestionKind.NONE);
    }
  }

  // ---------------------------------------------------------------- congestion

  void handleRttExcess() {
    // Delay counts only for traffic sent above the nominal rate. In Cruising a longer RTT raises
    // the max RTT instead, which is how C4 holds its own against Cubic's standing queue.
    // A zero threshold was never computed (V5 before the first rate sample): picoquic would divide
    // by it in notify_congestion and crash; here the excess is not a signal yet.
    if (c4.estimates.recentDelayExcessMicros > 0
        && c4.alphaPrevious1024 > FixedPoint.ONE_1024
        && c4.estimates.delayThresholdMicros > 0) {
      notifyCongestion(CongestionKind.DELAY);
    }
  }

  /** {@code c4_notify_congestion}: loss, ECN or delay above threshold, outside Initial. */
  void notifyCongestion(CongestionKind kind) {
    C4Estimates estimates = c4.estimates;
    long beta1024 = BETA_MAX_1024;
    c4.congestionNotified = true;
    if (kind == CongestionKind.LOSS) {
      beta1024 = C4Sensitivity.lossBeta1024(estimates.nominalRateBytesPerSecond);
    } else if (kind == CongestionKind.ECN) {
      beta1024 =
          Math.min(
              BETA_MAX_1024,
              (c4.ecnMarking.alpha1024() - c4.ecnThreshold1024) * 1024 / c4.ecnThreshold1024);
    }
    if (kind == CongestionKind.DELAY) {
      // handleRttExcess never signals delay while the threshold is zero.
      beta1024 =
          Math.min(
              BETA_MAX_1024,
              estimates.recentDelayExcessMicros * 1024 / estimates.delayThresholdMicros);
    } else {
      estimates.recentDelayExcessMicros = 0;
    }

    if (c4.state == C4State.RECOVERY) {
      if (c4.alphaCurrent1024 == ALPHA_RECOVER_1024) {
        // A second signal means queues are still building: recover deeper, and for longer.
        c4.alphaCurrent1024 = ALPHA_RECOVER_LOW_1024;
        c4.eraSequence = c4.path.nextPacketNumber();
      }
      if (kind == CongestionKind.ECN) {
        excessCeAfterPush = true;
      }
    } else {
      // A failed probe or push only ends; Cruising and Resuming were at the nominal rate: cut it.
      if (c4.state != C4State.PROBING && c4.state != C4State.PUSHING) {
        estimates.nominalRateBytesPerSecond -=
            FixedPoint.times1024(beta1024, estimates.nominalRateBytesPerSecond);
        if (kind == CongestionKind.LOSS) {
          estimates.nominalMaxRttMicros -=
              FixedPoint.times1024(beta1024, estimates.nominalMaxRttMicros);
          if (estimates.nominalMaxRttMicros < MAX_RTT_FLOOR_MICROS) {
            estimates.nominalMaxRttMicros = MAX_RTT_FLOOR_MICROS;
          }
          estimates.recomputeDelayThreshold();
        }
      }
      enterRecovery(kind);
    }
    c4.outputs.applyRateAndWindow();
    c4.slowStartExited = true;
  }
}
