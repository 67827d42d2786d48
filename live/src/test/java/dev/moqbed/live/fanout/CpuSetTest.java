package dev.moqbed.live.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CpuSetTest {
  @Test
  void countsSingleCpusAndRanges() {
    assertEquals(1, new CpuSet("0").count());
    int cpus = Runtime.getRuntime().availableProcessors();
    if (cpus >= 2) {
      assertEquals(2, new CpuSet("0-1").count());
      assertEquals(2, new CpuSet("0,1").count());
    }
  }

  @Test
  void refusesACpuThisMachineDoesNotHave() {
    int cpus = Runtime.getRuntime().availableProcessors();
    assertThrows(IllegalArgumentException.class, () -> new CpuSet(Integer.toString(cpus)));
  }
}
