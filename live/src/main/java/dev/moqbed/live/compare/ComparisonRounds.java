package dev.moqbed.live.compare;

import dev.moqbed.live.LiveChain;
import java.io.IOException;
import java.util.List;

/**
 * Runs a comparison's controllers in rotated rounds ({@link RoundOrder}), measures the host around
 * each run ({@link HostNoiseProbe}), and, when asked, repeats once each run the host disturbed.
 */
public final class ComparisonRounds {
  /** One run of the controller at {@code row} of the comparison, in {@code round}. */
  @FunctionalInterface
  public interface Run {
    LiveChain.Result run(int row, int round, boolean repeated)
        throws IOException, InterruptedException;
  }

  /** What a command prints while the rounds run. */
  public interface Progress {
    /** Before a run: the {@code index}-th of {@code total} (from 1). */
    void starting(String controller, int round, int index, int total, boolean repeated);

    /** After a run, with its wall time. */
    void finished(ControllerRun run, double seconds);
  }

  private ComparisonRounds() {}

  /**
   * Runs {@code rounds} rounds of every controller of {@code comparison}, then, with {@code
   * rerunDisturbed}, each disturbed run once more in place of the first.
   */
  public static void run(
      LiveComparison comparison, int rounds, boolean rerunDisturbed, Run run, Progress progress)
      throws IOException, InterruptedException {
    LiveChain.prepare();
    List<String> controllers = comparison.controllers();
    List<RoundOrder.Slot> slots = RoundOrder.of(controllers.size(), rounds);
    int index = 0;
    for (RoundOrder.Slot slot : slots) {
      index++;
      String controller = controllers.get(slot.row());
      progress.starting(controller, slot.round(), index, slots.size(), false);
      comparison.add(measure(comparison, slot.row(), slot.round(), false, run, progress));
    }
    if (!rerunDisturbed) {
      return;
    }
    List<ControllerRun> disturbed = comparison.disturbed();
    int repeat = 0;
    for (ControllerRun first : disturbed) {
      repeat++;
      int row = controllers.indexOf(first.controller());
      progress.starting(first.controller(), first.round(), repeat, disturbed.size(), true);
      comparison.add(measure(comparison, row, first.round(), true, run, progress));
    }
  }

  private static ControllerRun measure(
      LiveComparison comparison, int row, int round, boolean repeated, Run run, Progress progress)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    try (HostNoiseProbe probe = new HostNoiseProbe()) {
      probe.start();
      LiveChain.Result result = run.run(row, round, repeated);
      HostNoise noise = probe.stop();
      ControllerRun measured =
          ControllerRun.of(
              comparison.controllers().get(row),
              round,
              comparison.metrics(),
              result,
              noise,
              repeated);
      progress.finished(measured, (System.nanoTime() - start) / 1e9);
      return measured;
    }
  }
}
