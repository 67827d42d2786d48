package dev.moqbed.live.attack;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of this process's handshake threads (the project's stack answers each ClientHello on
 * one of them, off the event loop; see {@code transport.udp.HandshakeWorker}): in the bench, only
 * the relay accepts connections, so they are the relay's. Without it the relay loop's CPU under
 * attack would look smaller than what the relay spends.
 */
final class HandshakeThreads {
  private static final String NAME_PREFIX = "moqbed-handshakes-";

  private HandshakeThreads() {}

  /** Their CPU time so far in nanoseconds, -1 where the JVM does not measure it. */
  static long cpuNanos() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (!threads.isThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) {
      return -1;
    }
    long total = 0;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith(NAME_PREFIX)) {
        long nanos = threads.getThreadCpuTime(thread.getId());
        total += Math.max(0, nanos); // -1 once it has ended: its time is gone either way
      }
    }
    return total;
  }
}
