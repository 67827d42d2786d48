package dev.moqbed.live.interval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Joins the intervals of every source of a run (each role's {@link IntervalSampler}, on its own
 * event loop) and hands each complete interval, in order, to a printing thread of its own: the
 * event loops never wait for the terminal. Interval k is complete when every source that had not
 * stopped before it has reported it.
 */
public final class IntervalCollector {
  private static final Object END = new Object();

  private final long startMicros;
  private final long intervalMicros;
  private final int lastIndex;
  private final int[] finalIndex;
  private final Map<Integer, IntervalSnapshot> pending = new HashMap<>();
  private final Map<Integer, Integer> reported = new HashMap<>();
  private final BlockingQueue<Object> toPrinter = new LinkedBlockingQueue<>();
  private final List<IntervalSnapshot> printed = new ArrayList<>();
  private final Thread printer;
  private int next;
  private boolean ended;

  /**
   * @param startMicros when the run started, on the roles' shared clock: interval k covers start +
   *     [k, k + 1) × interval
   * @param intervalMicros the interval's length
   * @param runMicros the run's length when known (its last interval then ends when the sources
   *     stop), 0 for a run that ends when it is stopped
   * @param sources how many samplers report
   * @param onInterval called on the printing thread with each complete interval
   */
  public IntervalCollector(
      long startMicros,
      long intervalMicros,
      long runMicros,
      int sources,
      Consumer<IntervalSnapshot> onInterval) {
    if (intervalMicros <= 0 || sources < 1) {
      throw new IllegalArgumentException("need a positive interval and at least one source");
    }
    this.startMicros = startMicros;
    this.intervalMicros = intervalMicros;
    this.lastIndex = runMicros > 0 ? lastIndex(runMicros, intervalMicros) : -1;
    this.finalIndex = new int[sources];
    Arrays.fill(finalIndex, -1);
    this.printer =
        new Thread(
            () -> {
              try {
                for (Object item = toPrinter.take(); item != END; item = toPrinter.take()) {
                  IntervalSnapshot interval = (IntervalSnapshot) item;
                  onInterval.accept(interval);
                  synchronized (printed) {
                    printed.add(interval);
                  }
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "moqbed-intervals");
    printer.setDaemon(true);
    printer.start();
  }

  /** The index of the last interval of a run of {@code runMicros}: 10 s in 1 s intervals → 9. */
  static int lastIndex(long runMicros, long intervalMicros) {
    return (int) ((runMicros + intervalMicros - 1) / intervalMicros) - 1;
  }

  long startMicros() {
    return startMicros;
  }

  long intervalMicros() {
    return intervalMicros;
  }

  /** The last interval's index when the run's length is known, -1 otherwise. */
  int lastIndex() {
    return lastIndex;
  }

  /** One source's interval {@code index}; {@code last}: the source reports no more. */
  synchronized void offer(int source, int index, IntervalSnapshot interval, boolean last) {
    if (ended || finalIndex[source] >= 0) {
      return;
    }
    pending.merge(index, interval, IntervalSnapshot::plus);
    reported.merge(index, 1, Integer::sum);
    if (last) {
      finalIndex[source] = index;
    }
    emitComplete();
  }

  private void emitComplete() {
    while (true) {
      int expected = 0;
      for (int index : finalIndex) {
        if (index < 0 || index >= next) {
          expected++;
        }
      }
      if (expected == 0) {
        end();
        return;
      }
      if (reported.getOrDefault(next, 0) < expected) {
        return;
      }
      IntervalSnapshot interval = pending.remove(next);
      reported.remove(next);
      next++;
      if (!isEmptySliver(interval)) {
        toPrinter.add(interval);
      }
    }
  }

  /**
   * A source stopped just after a tick reports a sliver of an interval: with nothing in it, it is
   * not worth a line (one with frames is printed, so the lines add up to the summary).
   */
  private boolean isEmptySliver(IntervalSnapshot interval) {
    if (interval.toMicros() - interval.fromMicros() >= intervalMicros / 10) {
      return false;
    }
    for (TrackInterval track : interval.tracks()) {
      if (track.frames() > 0
          || track.late() > 0
          || track.stopSending() > 0
          || track.reset() > 0
          || track.dropped() > 0) {
        return false;
      }
    }
    return true;
  }

  private void end() {
    if (!ended) {
      ended = true;
      toPrinter.add(END);
    }
  }

  /**
   * Waits until every source has stopped and every interval is printed (at most {@code
   * timeoutMillis}; then what is complete is printed and the rest left out); returns the intervals
   * printed.
   */
  public List<IntervalSnapshot> awaitIntervals(long timeoutMillis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    synchronized (this) {
      while (!ended && System.nanoTime() < deadline) {
        wait(50);
      }
      end();
    }
    printer.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())) + 1000);
    synchronized (printed) {
      return List.copyOf(printed);
    }
  }
}
