package dev.moqbed.live.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

class HostNoiseProbeTest {
  /**
   * This process's own work counts as its own, not as another process's. The expected share is what
   * the busy thread really got (its CPU time over the host's capacity), so the check holds on a
   * loaded host too, where the thread gets far less than a core.
   */
  @Test
  void ownWorkIsNotTheHostsNoise() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    HostNoiseProbe probe = new HostNoiseProbe();
    probe.start();
    long start = System.nanoTime();
    long threadCpuStart = threads.getCurrentThreadCpuTime();
    long end = start + 600_000_000L;
    double sink = 0;
    while (System.nanoTime() < end) {
      sink += Math.sqrt(sink + 1);
    }
    double threadCpuNanos = threads.getCurrentThreadCpuTime() - threadCpuStart;
    double hostNanos =
        (double) (System.nanoTime() - start) * Runtime.getRuntime().availableProcessors();
    HostNoise noise = probe.stop();
    assertTrue(sink > 0);
    if (noise.ownCpuShare() < 0) {
      return; // not Linux: nothing to check
    }
    double busyThreadShare = threadCpuNanos / hostNanos;
    assertTrue(noise.ownCpuShare() > 0.7 * busyThreadShare, busyThreadShare + " " + noise);
    // were the own work counted as others' too, others would fill what the busy thread took
    assertTrue(
        noise.othersCpuShare() < 1 - 0.7 * busyThreadShare + 0.05, busyThreadShare + " " + noise);
    assertTrue(noise.runQueueWaitShare() >= 0 && noise.runQueueWaitShare() <= 1, noise.toString());
  }
}
