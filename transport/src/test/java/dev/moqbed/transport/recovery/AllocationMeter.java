package dev.moqbed.transport.recovery;

import java.lang.management.ManagementFactory;

/** Counts the bytes the current thread allocates, to check per-event paths allocate nothing. */
final class AllocationMeter {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private AllocationMeter() {}

  /** Bytes allocated by {@code work} on this thread, after one warm-up run. */
  static long bytesAllocatedBy(Runnable work) {
    work.run();
    long threadId = Thread.currentThread().getId();
    long before = THREADS.getThreadAllocatedBytes(threadId);
    work.run();
    return THREADS.getThreadAllocatedBytes(threadId) - before;
  }
}
