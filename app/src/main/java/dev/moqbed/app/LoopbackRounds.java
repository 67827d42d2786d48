package dev.moqbed.app;

import dev.moqbed.live.compare.RoundOrder;
import dev.moqbed.transport.udp.bench.LoopbackPairing;
import dev.moqbed.transport.udp.bench.LoopbackResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * The runs of {@code bench loopback}: every row (a pairing with a controller) measured once per
 * round, the order of the rows rotated by one from a round to the next, and the median run kept.
 *
 * <p>Why rounds and rotation: on a 2-core host the first large transfer of a JVM runs 15-40 %
 * slower than the same transfer later, even after an unmeasured warm-up of every row (the JIT and
 * the heap are still settling), and the host's noise moves single runs by as much. A fixed order
 * would hand that penalty to the same row every time and make it look like a property of its
 * controller; rotated, each row takes each position once when there are as many rounds as rows.
 */
final class LoopbackRounds {
  /** One row of the table: what runs, and its runs so far. */
  static final class Row {
    final LoopbackPairing pairing;
    final String controller;

    /** Added to by the measuring thread, read by Ctrl-C's summary. */
    final List<LoopbackResult> runs = new java.util.concurrent.CopyOnWriteArrayList<>();

    Row(LoopbackPairing pairing, String controller) {
      this.pairing = pairing;
      this.controller = controller;
    }

    /** The run of median rate (of an even number, the lower of the two middle ones). */
    LoopbackResult median() {
      List<LoopbackResult> sorted = sortedByRate();
      return sorted.get((sorted.size() - 1) / 2);
    }

    double slowestGigabitsPerSecond() {
      return sortedByRate().get(0).gigabitsPerSecond();
    }

    double fastestGigabitsPerSecond() {
      List<LoopbackResult> sorted = sortedByRate();
      return sorted.get(sorted.size() - 1).gigabitsPerSecond();
    }

    private List<LoopbackResult> sortedByRate() {
      List<LoopbackResult> sorted = new ArrayList<>(runs);
      sorted.sort(Comparator.comparingDouble(LoopbackResult::gigabitsPerSecond));
      return sorted;
    }
  }

  private LoopbackRounds() {}

  /**
   * Runs {@code rounds} rounds over {@code rows}, round r starting at row r (mod the row count),
   * and reports each round's start on {@code progress}.
   */
  static void measure(
      List<Row> rows, int rounds, long bytes, long timeoutMicros, PrintWriter progress)
      throws IOException, InterruptedException, TimeoutException {
    for (RoundOrder.Slot slot : RoundOrder.of(rows.size(), rounds)) {
      if (rounds > 1 && slot.row() == slot.round() % rows.size()) {
        progress.println("round " + (slot.round() + 1) + "/" + rounds);
        progress.flush();
      }
      Row row = rows.get(slot.row());
      row.runs.add(row.pairing.transfer(row.controller, bytes, timeoutMicros));
    }
  }
}
