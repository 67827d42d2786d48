package dev.moqbed.cc.c4;

import static dev.moqbed.cc.c4.C4Controller.ACK_EVENTS_BEFORE_LOSS_EXIT;
import static dev.moqbed.cc.c4.C4Controller.ALPHA_INITIAL_1024;
import static dev.moqbed.cc.c4.C4Controller.ALPHA_RESUME_1024;
import static dev.moqbed.cc.c4.C4Controller.INITIAL_ERAS_WITHOUT_GROWTH;
import static dev.moqbed.cc.c4.C4Controller.MAX_RTT_FLOOR_MICROS;
import static dev.moqbed.cc.c4.C4Controller.PROBE_LEVEL_DEFAULT;

import dev.moqbed.cc.AckSample;

/**
 * C4's start: Initial, a Reno-like search pacing at twice the nominal rate that ends on delay, loss
 * or three eras without growth; and Resuming, careful resume's two eras pinned to the remembered
 * window and rate. Both end in Recovery ({@link C4Cycle}).
 */
final class C4Startup {
  private final C4Controller c4;

  long initialWindowBytes;

  /** V5: when the first Recovery after the last Initial ended; 0 until then. */
  long initialLastMicros;

  /** ACK events in Initial, plus losses above threshold ({@code nb_packets_in_startup}). */
  long ackEventsInStartup;

  long seedWindowBytes;
  long seedRateBytesPerSecond;
  boolean useSeedWindow;
  int resumingEras;

  /** V4: Initial was re-entered once for a jittery path. */
  boolean initialAfterJitter;

  C4Startup(C4Controller c4) {
    this.c4 = c4;
  }

  // ---------------------------------------------------------------- Initial

  void enterInitial() {
    C4Estimates estimates = c4.estimates;
    c4.state = C4State.INITIAL;
    if (c4.variant.seedsInitialFromSmoothedRtt()) {
      // V5. At creation the smoothed RTT is still the transport's initial guess (250 ms).
      estimates.nominalMaxRttMicros = c4.path.smoothedRttMicros();
      initialWindowBytes =
          estimates.nominalRateBytesPerSecond > 0
              ? FixedPoint.bytesFromRate(
                  estimates.nominalMaxRttMicros, estimates.nominalRateBytesPerSecond)
              : c4.outputs.computedWindowBytes;
    } else {
      initialWindowBytes = c4.outputs.computedWindowBytes;
    }
    initialLastMicros = 0;
    c4.probeLevel = PROBE_LEVEL_DEFAULT;
    c4.alphaCurrent1024 = ALPHA_INITIAL_1024;
    ackEventsInStartup = 0;
    c4.eraReset();
    c4.erasWithoutIncrease = 0;
    c4.ecnMarking.clearAverage();
    c4.growthReset();
  }

  void exitInitial() {
    C4Estimates estimates = c4.estimates;
    if (estimates.nominalRateBytesPerSecond == 0) {
      return; // C4 cannot leave Initial without a rate
    }
    long ssthreshBytes = initialWindowBytes / 2;
    estimates.nominalMaxRttMicros =
        Math.max(
            MAX_RTT_FLOOR_MICROS, ssthreshBytes * 1_000_000 / estimates.nominalRateBytesPerSecond);
    estimates.recomputeDelayThreshold();
    c4.erasWithoutIncrease = 0;
    c4.probeLevel = PROBE_LEVEL_DEFAULT;
    if (c4.variant.drainsQueues()) {
      c4.drainRequired = true; // Initial's 2x pacing left a queue behind
    }
    c4.cycle.enterRecovery(CongestionKind.NONE);
  }

  void initialHandleRttExcess() {
    if (c4.initialDelayExitDue()) {
      exitInitial();
    }
  }

  void initialHandleLoss() {
    ackEventsInStartup++;
    if (ackEventsInStartup > ACK_EVENTS_BEFORE_LOSS_EXIT) {
      exitInitial();
    }
  }

  void initialHandleAck(AckSample ack) {
    long nominalRateBytesPerSecond = c4.estimates.nominalRateBytesPerSecond;
    ackEventsInStartup++;
    // Reno-like doubling per RTT, slowed to 1/8 and 1/64 once eras stop growing (HyStart++-like).
    int shift = Math.min(63, 3 * c4.erasWithoutIncrease);
    initialWindowBytes += ack.ackedBytes() >> shift;
    if (useSeedWindow
        && seedRateBytesPerSecond > 0
        && nominalRateBytesPerSecond >= seedRateBytesPerSecond) {
      useSeedWindow = false; // vestigial in the reference: nothing reads the flag in Initial
    }
    if (c4.eraEnded()) {
      Growth growth = c4.growthEvaluate();
      if (growth != Growth.NONE) {
        c4.erasWithoutIncrease = 0;
      } else if (c4.pushWasNotLimited && nominalRateBytesPerSecond > 0) {
        // App-limited eras do not count: an idle sender must not end its own startup.
        c4.erasWithoutIncrease++;
      }
      c4.eraReset();
      if (c4.erasWithoutIncrease >= INITIAL_ERAS_WITHOUT_GROWTH) {
        exitInitial();
        return;
      }
      c4.growthReset();
    }
  }

  // ---------------------------------------------------------------- careful resume

  /** {@code c4_seed_cwin}: careful resume, accepted only in Initial. */
  void seedWindow(long rememberedWindowBytes) {
    if (c4.state != C4State.INITIAL) {
      return;
    }
    C4Estimates estimates = c4.estimates;
    useSeedWindow = true;
    seedWindowBytes = rememberedWindowBytes;
    seedRateBytesPerSecond =
        FixedPoint.rateFromBytes(rememberedWindowBytes, c4.path.smoothedRttMicros());
    if (estimates.nominalMaxRttMicros < c4.path.smoothedRttMicros()) {
      estimates.nominalMaxRttMicros = c4.path.smoothedRttMicros();
      estimates.recomputeDelayThreshold();
    }
    enterResuming();
  }

  private void enterResuming() {
    c4.alphaPrevious1024 = c4.alphaCurrent1024;
    c4.alphaCurrent1024 = ALPHA_RESUME_1024;
    resumingEras = 0;
    c4.state = C4State.RESUMING;
    c4.growthReset();
    c4.eraReset();
  }

  void onResumingAck() {
    long bytesInFlight = c4.path.bytesInFlight();
    bytesInFlight += bytesInFlight / 16;
    if (bytesInFlight < seedWindowBytes) {
      // Not filling the remembered window: the era would prove nothing, so it starts again.
      c4.eraSequence = c4.path.nextPacketNumber();
    }
  }

  void onResumingEraEnd() {
    resumingEras++;
    if (resumingEras >= 2) {
      c4.cycle.enterRecovery(CongestionKind.NONE);
    } else {
      c4.eraReset();
    }
  }
}
