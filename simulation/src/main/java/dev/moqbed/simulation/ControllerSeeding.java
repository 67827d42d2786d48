package dev.moqbed.simulation;

import java.util.Locale;

/**
 * Where a simulated connection's controller gets its random draws (only BBR draws: its ProbeBW wait
 * and rounds).
 */
public enum ControllerSeeding {
  /**
   * As picoquic's BBR ({@code BBRInitRandom}, bbr.c): a splitmix64 generator seeded from the
   * simulated time at which the controller is set up, the client's at its start, the server's when
   * the client's first Initial arrives (picoquic_ns sets the server's algorithm then). Runs of a
   * scenario without jitter therefore draw the same numbers, as the reference's reps do; with
   * jitter the arrival time, and so the draws, move from run to run.
   */
  CLOCK,
  /**
   * From the run's random stream: every run draws differently (the default until 2026-12-07). It
   * estimates the distribution over draws rather than picoquic's one draw per scenario.
   */
  RUN;

  /**
   * What runs use unless told otherwise: {@link #CLOCK}, picoquic's seeding. Against picoquic
   * f00feeb7's own runs (30 per cell, 414 cells), once the handshake's losses follow picoquic's
   * pre-ready rules, the clock gives 367 within / 47 not distinguishable / 0 off and per-run draws
   * 357 / 52 / 5 (docs/results/preready-2026-12-07.md). Before those rules the clock sent {@code
   * after_c4} × bbr load off (1.61), so {@link #RUN} was the default.
   */
  public static final ControllerSeeding DEFAULT = CLOCK;

  /** The name in sweep.json and on the command line: {@code clock} or {@code run}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The seeding called {@code label}.
   *
   * @throws IllegalArgumentException naming the valid labels
   */
  public static ControllerSeeding ofLabel(String label) {
    for (ControllerSeeding seeding : values()) {
      if (seeding.label().equals(label)) {
        return seeding;
      }
    }
    throw new IllegalArgumentException("controller seeding '" + label + "': expected clock or run");
  }
}
