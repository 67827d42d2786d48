package dev.moqbed.transport.udp;

import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import java.util.Arrays;

/**
 * The wake-ups of one endpoint's send pumps (pacing, ACK delay, loss and idle timers), kept by the
 * endpoint as picoquic's socket loop keeps one wake time for all its connections: a binary heap of
 * the pumps by deadline, and one scheduler timer at the earliest. Each pump used to arm a timer of
 * its own on the event loop: an object for the handle and one for Netty's scheduled task at every
 * arming, and a removal from Netty's queue for every timer replaced by an earlier one. Here a
 * pump's place in the heap is moved instead, and the loop's timer changes only when the earliest
 * deadline does.
 *
 * <p>Single-threaded: every call runs on the endpoint's loop. Pumps due together wake in heap
 * order, each through {@link Wakeable#onWake}, which queues its send pass behind the tasks already
 * queued, as the pump's own timer did.
 */
final class PumpWakeups {
  /** A pump that waits for a deadline; it keeps its own place in the heap. */
  abstract static class Wakeable {
    private int heapIndex = -1;

    /** Its deadline came. */
    abstract void onWake();
  }

  private final Scheduler scheduler;
  private final Runnable fireTask = this::fire;
  // The heap, and each entry's deadline beside it: comparisons read this array, not the pumps,
  // whose state has left the caches since they were last polled.
  private Wakeable[] heap = new Wakeable[16];
  private long[] deadlines = new long[16];
  private int size;
  private TimerHandle timer;
  private long timerAtMicros = Long.MAX_VALUE;

  PumpWakeups(Scheduler scheduler) {
    this.scheduler = scheduler;
  }

  /**
   * Wakes {@code pump} at {@code deadlineMicros}, or earlier if it already waits for an earlier
   * deadline: a pump that wakes early polls its connection and comes back with its next deadline.
   */
  void wakeAtOrBefore(Wakeable pump, long deadlineMicros) {
    int index = pump.heapIndex;
    if (index >= 0) {
      if (deadlines[index] <= deadlineMicros) {
        return;
      }
    } else {
      if (size == heap.length) {
        heap = Arrays.copyOf(heap, size * 2);
        deadlines = Arrays.copyOf(deadlines, size * 2);
      }
      index = size++;
    }
    siftUp(index, pump, deadlineMicros);
    armTimer();
  }

  /** {@code pump} waits for nothing any more (its connection left the endpoint). */
  void cancel(Wakeable pump) {
    int index = pump.heapIndex;
    if (index < 0) {
      return;
    }
    removeAt(index);
    if (size == 0 && timer != null) {
      timer.cancel();
      timer = null;
      timerAtMicros = Long.MAX_VALUE;
    }
  }

  /** Pumps waiting. */
  int waiting() {
    return size;
  }

  private void fire() {
    timer = null;
    timerAtMicros = Long.MAX_VALUE;
    long now = scheduler.nowMicros();
    while (size > 0 && deadlines[0] <= now) {
      Wakeable due = heap[0];
      removeAt(0);
      due.onWake();
    }
    armTimer();
  }

  /** One timer at the earliest deadline; a later one is replaced, an earlier one kept. */
  private void armTimer() {
    if (size == 0) {
      return;
    }
    long earliest = deadlines[0];
    if (timer != null) {
      if (timerAtMicros <= earliest) {
        return; // it fires first, finds nothing due or this pump due, and re-arms
      }
      timer.cancel();
    }
    timerAtMicros = earliest;
    timer = scheduler.scheduleAt(earliest, fireTask);
  }

  /** The deadline of a waiting pump, {@link Long#MAX_VALUE} for one that waits for nothing. */
  long deadlineOf(Wakeable pump) {
    return pump.heapIndex < 0 ? Long.MAX_VALUE : deadlines[pump.heapIndex];
  }

  private void removeAt(int index) {
    heap[index].heapIndex = -1;
    size--;
    Wakeable last = heap[size];
    long lastDeadline = deadlines[size];
    heap[size] = null;
    if (index == size) {
      return;
    }
    // The last entry fills the hole: down if it is later than the hole's children, else up.
    siftDown(index, last, lastDeadline);
    siftUp(last.heapIndex, last, lastDeadline);
  }

  /** Places {@code pump} with {@code deadline} at {@code index} or above it. */
  private void siftUp(int index, Wakeable pump, long deadline) {
    while (index > 0) {
      int parent = (index - 1) >>> 1;
      if (deadlines[parent] <= deadline) {
        break;
      }
      move(parent, index);
      index = parent;
    }
    place(index, pump, deadline);
  }

  /** Places {@code pump} with {@code deadline} at {@code index} or below it. */
  private void siftDown(int index, Wakeable pump, long deadline) {
    int half = size >>> 1;
    while (index < half) {
      int child = 2 * index + 1;
      int right = child + 1;
      if (right < size && deadlines[right] < deadlines[child]) {
        child = right;
      }
      if (deadline <= deadlines[child]) {
        break;
      }
      move(child, index);
      index = child;
    }
    place(index, pump, deadline);
  }

  private void move(int from, int to) {
    heap[to] = heap[from];
    deadlines[to] = deadlines[from];
    heap[to].heapIndex = to;
  }

  private void place(int index, Wakeable pump, long deadline) {
    heap[index] = pump;
    deadlines[index] = deadline;
    pump.heapIndex = index;
  }
}
