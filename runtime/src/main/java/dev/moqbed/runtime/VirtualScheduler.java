package dev.moqbed.runtime;

import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * A discrete-event scheduler in virtual time. Tasks run in order of deadline, and tasks with the
 * same deadline in the order they were scheduled, so a run is repeatable bit for bit. The clock is
 * the deadline of the task that is running; it never moves backwards.
 *
 * <p>Cancellation is lazy: a cancelled task stays in the queue until it reaches the head or until
 * cancelled tasks outnumber live ones, when the queue is compacted. Single-threaded by design.
 */
public final class VirtualScheduler implements Scheduler {
  private static final int INITIAL_CAPACITY = 256;

  private ScheduledTask[] heap = new ScheduledTask[INITIAL_CAPACITY];
  private int size;
  private int cancelledInQueue;
  private long nowMicros;
  private long nextSequence;
  private long eventsExecuted;

  /** A scheduler whose clock starts at zero. */
  public VirtualScheduler() {
    this(0);
  }

  public VirtualScheduler(long startMicros) {
    this.nowMicros = startMicros;
  }

  @Override
  public long nowMicros() {
    return nowMicros;
  }

  @Override
  public TimerHandle scheduleAt(long deadlineMicros, Runnable task) {
    if (task == null) {
      throw new NullPointerException("task");
    }
    ScheduledTask scheduled =
        new ScheduledTask(this, Math.max(deadlineMicros, nowMicros), nextSequence++, task);
    push(scheduled);
    return scheduled;
  }

  /** Tasks that have run since creation. */
  public long eventsExecuted() {
    return eventsExecuted;
  }

  /** Tasks waiting to run, cancelled ones excluded. */
  public int pendingTasks() {
    return size - cancelledInQueue;
  }

  /** The deadline of the next task to run, or {@code Long.MAX_VALUE} when there is none. */
  public long nextDeadlineMicros() {
    dropCancelledHead();
    return size == 0 ? Long.MAX_VALUE : heap[0].deadlineMicros;
  }

  /**
   * Runs the next task, advancing the clock to its deadline.
   *
   * @return false when no task was waiting
   */
  public boolean runNext() {
    dropCancelledHead();
    if (size == 0) {
      return false;
    }
    ScheduledTask task = pop();
    nowMicros = task.deadlineMicros;
    task.state = ScheduledTask.DONE;
    eventsExecuted++;
    task.task.run();
    return true;
  }

  /**
   * Runs every task due at or before {@code endMicros}, then sets the clock to {@code endMicros}
   * (if it is later than the clock).
   *
   * @return how many tasks ran
   */
  public long runUntil(long endMicros) {
    long before = eventsExecuted;
    while (nextDeadlineMicros() <= endMicros) {
      runNext();
    }
    nowMicros = Math.max(nowMicros, endMicros);
    return eventsExecuted - before;
  }

  /**
   * Runs tasks while {@code condition} holds before each one and the next task is due at or before
   * {@code limitMicros}.
   *
   * @return how many tasks ran
   */
  public long runWhile(BooleanSupplier condition, long limitMicros) {
    long before = eventsExecuted;
    while (condition.getAsBoolean() && nextDeadlineMicros() <= limitMicros) {
      runNext();
    }
    return eventsExecuted - before;
  }

  /** Runs until no task is left; the clock stays at the last task's deadline. */
  public long runAll() {
    long before = eventsExecuted;
    while (runNext()) {
      // each call runs one task
    }
    return eventsExecuted - before;
  }

  void onCancelled() {
    cancelledInQueue++;
    if (cancelledInQueue > 64 && cancelledInQueue > size / 2) {
      compact();
    }
  }

  private void dropCancelledHead() {
    while (size > 0 && heap[0].state == ScheduledTask.CANCELLED) {
      pop();
      cancelledInQueue--;
    }
  }

  /** Removes every cancelled task and restores the heap order. */
  private void compact() {
    int kept = 0;
    for (int i = 0; i < size; i++) {
      if (heap[i].state != ScheduledTask.CANCELLED) {
        heap[kept++] = heap[i];
      }
    }
    Arrays.fill(heap, kept, size, null);
    size = kept;
    cancelledInQueue = 0;
    for (int i = (size >>> 1) - 1; i >= 0; i--) {
      siftDown(i, heap[i]);
    }
  }

  private void push(ScheduledTask task) {
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    int index = size++;
    while (index > 0) {
      int parentIndex = (index - 1) >>> 1;
      ScheduledTask parent = heap[parentIndex];
      if (!task.runsBefore(parent)) {
        break;
      }
      heap[index] = parent;
      index = parentIndex;
    }
    heap[index] = task;
  }

  private ScheduledTask pop() {
    ScheduledTask head = heap[0];
    ScheduledTask last = heap[--size];
    heap[size] = null;
    if (size > 0) {
      siftDown(0, last);
    }
    return head;
  }

  private void siftDown(int index, ScheduledTask task) {
    int half = size >>> 1;
    while (index < half) {
      int child = 2 * index + 1;
      ScheduledTask smallest = heap[child];
      int right = child + 1;
      if (right < size && heap[right].runsBefore(smallest)) {
        child = right;
        smallest = heap[right];
      }
      if (!smallest.runsBefore(task)) {
        break;
      }
      heap[index] = smallest;
      index = child;
    }
    heap[index] = task;
  }

  /** One queued task; also the handle given back to the caller. */
  private static final class ScheduledTask implements TimerHandle {
    static final byte PENDING = 0;
    static final byte DONE = 1;
    static final byte CANCELLED = 2;

    final VirtualScheduler owner;
    final long deadlineMicros;
    final long sequence;
    final Runnable task;
    byte state = PENDING;

    ScheduledTask(VirtualScheduler owner, long deadlineMicros, long sequence, Runnable task) {
      this.owner = owner;
      this.deadlineMicros = deadlineMicros;
      this.sequence = sequence;
      this.task = task;
    }

    boolean runsBefore(ScheduledTask other) {
      return deadlineMicros < other.deadlineMicros
          || (deadlineMicros == other.deadlineMicros && sequence < other.sequence);
    }

    @Override
    public long deadlineMicros() {
      return deadlineMicros;
    }

    @Override
    public boolean cancel() {
      if (state != PENDING) {
        return false;
      }
      state = CANCELLED;
      owner.onCancelled();
      return true;
    }

    @Override
    public boolean isPending() {
      return state == PENDING;
    }
  }
}
