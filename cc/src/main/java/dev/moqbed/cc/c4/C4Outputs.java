package dev.moqbed.cc.c4;

import static dev.moqbed.cc.c4.C4Controller.INITIAL_PACING_FLOOR_BYTES_PER_SECOND;
import static dev.moqbed.cc.c4.C4Controller.INITIAL_WINDOW_BYTES;
import static dev.moqbed.cc.c4.C4Controller.QUANTUM_MAX_BYTES;
import static dev.moqbed.cc.c4.C4Controller.QUANTUM_TIME_1024;
import static dev.moqbed.cc.c4.C4Controller.RTT_MARGIN_MAX_MICROS;

/**
 * C4's outputs, {@code c4_apply_rate_and_cwin}: pacing at alpha times the nominal rate and a window
 * of that rate over the nominal max RTT plus a margin, with the per-state exceptions (Initial's
 * floors and peak chasing, Resuming's remembered values, one extra packet for a probe or push). It
 * is the only place that sets window, pacing rate and quantum; in V4 it also ratchets the Initial
 * window, so calling it more often than picoquic does would change numbers.
 */
final class C4Outputs {
  private final C4Controller c4;

  /** The window as picoquic computes it (its {@code path_x->cwin}), before the two-packet floor. */
  long computedWindowBytes = INITIAL_WINDOW_BYTES;

  long congestionWindowBytes = INITIAL_WINDOW_BYTES;
  long pacingRateBytesPerSecond;
  long pacingQuantumBytes;

  C4Outputs(C4Controller c4) {
    this.c4 = c4;
  }

  void applyRateAndWindow() {
    C4Estimates estimates = c4.estimates;
    C4Startup startup = c4.startup;
    C4State state = c4.state;
    long mtuBytes = c4.path.maxDatagramSizeBytes();
    long pacingRate =
        FixedPoint.times1024(c4.alphaCurrent1024, estimates.nominalRateBytesPerSecond);
    long window = INITIAL_WINDOW_BYTES;
    if (estimates.nominalMaxRttMicros != 0 && estimates.nominalRateBytesPerSecond != 0) {
      window = FixedPoint.bytesFromRate(estimates.nominalMaxRttMicros, pacingRate);
    }
    if (state == C4State.INITIAL) {
      window = Math.max(window, startup.initialWindowBytes);
      if (startup.ackEventsInStartup > 0) {
        pacingRate = Math.max(pacingRate, INITIAL_PACING_FLOOR_BYTES_PER_SECOND);
        long peakRate = c4.path.peakDeliveryRateBytesPerSecond();
        if (peakRate > pacingRate) {
          // Chase short bursts the path delivered: half-way to the peak, and a window to match.
          pacingRate = (pacingRate + peakRate) / 2;
          window =
              Math.max(window, FixedPoint.bytesFromRate(c4.path.smoothedRttMicros(), peakRate) / 2);
        }
      }
      if (c4.variant.ratchetsInitialWindow()) {
        startup.initialWindowBytes = window;
      }
    } else if (state == C4State.RESUMING) {
      window = startup.seedWindowBytes;
      pacingRate = startup.seedRateBytesPerSecond;
    } else {
      long nominalMaxRttMicros = estimates.nominalMaxRttMicros;
      long marginMicros =
          nominalMaxRttMicros < 4 * RTT_MARGIN_MAX_MICROS
              ? nominalMaxRttMicros / 4
              : RTT_MARGIN_MAX_MICROS;
      window += FixedPoint.bytesFromRate(marginMicros, pacingRate);
      if (state == C4State.PROBING || state == C4State.PUSHING) {
        // Make sure the push can put at least one extra packet in flight.
        long extraRate =
            FixedPoint.times1024(
                c4.alphaCurrent1024 - FixedPoint.ONE_1024, estimates.nominalRateBytesPerSecond);
        long extraWindow = FixedPoint.bytesFromRate(nominalMaxRttMicros, extraRate);
        if (extraWindow < mtuBytes) {
          window += mtuBytes - extraWindow;
        }
      }
    }
    computedWindowBytes = window;
    // The spec's floor of two packets; picoquic has none (docs/cc/c4.md, "Decisions").
    congestionWindowBytes = Math.max(window, 2 * mtuBytes);
    long quantum = FixedPoint.times1024(QUANTUM_TIME_1024, pacingRate);
    if (quantum > QUANTUM_MAX_BYTES) {
      quantum = QUANTUM_MAX_BYTES;
    } else if (quantum < 2 * mtuBytes) {
      quantum = 2 * mtuBytes;
    }
    pacingQuantumBytes = quantum;
    pacingRateBytesPerSecond = pacingRate;
  }
}
