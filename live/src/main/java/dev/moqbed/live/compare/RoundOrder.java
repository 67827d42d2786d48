package dev.moqbed.live.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of runs in rotated rounds: every row (a controller) once per round, round r starting at
 * row r (mod the rows), so with as many rounds as rows each row takes each position once.
 *
 * <p>Why: on a shared host the first run of a JVM is its slowest even after a warm-up, and the
 * host's noise drifts over minutes. Runs of one controller in a block would hand the first-run
 * penalty, and the drift, to the same controller every time; interleaved and rotated, each round's
 * runs share the host's state, and a paired comparison cancels it.
 */
public final class RoundOrder {
  /** One run to make: which row, in which round. */
  public record Slot(int row, int round) {}

  private RoundOrder() {}

  /** The slots of {@code rounds} rounds over {@code rows} rows, in the order to run them. */
  public static List<Slot> of(int rows, int rounds) {
    List<Slot> slots = new ArrayList<>(rows * rounds);
    for (int round = 0; round < rounds; round++) {
      for (int i = 0; i < rows; i++) {
        slots.add(new Slot((round + i) % rows, round));
      }
    }
    return slots;
  }
}
