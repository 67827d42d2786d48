package dev.moqbed.live.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HostNoiseProbeTest {
  /** This process's own work counts as its own, not as another process's. */
  @Test
  void ownWorkIsNotTheHostsNoise() {
    HostNoiseProbe probe = new HostNoiseProbe();
    probe.start();
    long end = System.nanoTime() + 600_000_000L;
    double sink = 0;
    while (System.nanoTime() < end) {
      sink += Math.sqrt(sink + 1);
    }
    HostNoise noise = probe.stop();
    assertTrue(sink > 0);
    if (noise.ownCpuShare() < 0) {
      return; // not Linux: nothing to check
    }
    // one busy thread of N cores: about 1/N of the host, whatever else runs
    int cores = Runtime.getRuntime().availableProcessors();
    assertTrue(noise.ownCpuShare() > 0.5 / cores, noise.toString());
    assertTrue(noise.othersCpuShare() < 1 - 0.5 / cores, noise.toString());
    assertTrue(noise.runQueueWaitShare() >= 0 && noise.runQueueWaitShare() <= 1, noise.toString());
  }
}
