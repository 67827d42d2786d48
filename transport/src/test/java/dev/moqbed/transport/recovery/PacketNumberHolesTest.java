package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PacketNumberHolesTest {

  /**
   * Sends {@code packets} packets from number {@code first}, in the ready state with packets
   * pending, and returns the numbers skipped.
   */
  private static List<Long> holes(long seed, long first, int packets) {
    PacketNumberHoles holes =
        new PacketNumberHoles(PacketNumberHoles.PICOQUIC_PERIOD, new SplittableRandom(seed));
    List<Long> skipped = new ArrayList<>();
    long next = first;
    for (int i = 0; i < packets; i++) {
      if (holes.skip(next, true, true)) {
        skipped.add(next);
        next++;
      }
      holes.onPacketSent();
      next++;
    }
    assertEquals(skipped.size(), holes.holesInserted());
    return skipped;
  }

  @Test
  void shouldSkipTheSameNumbersForTheSameSeed() {
    assertEquals(holes(7, 10, 5_000), holes(7, 10, 5_000));
  }

  @Test
  void shouldSkipOtherNumbersForAnotherSeed() {
    assertNotEquals(holes(7, 10, 5_000), holes(8, 10, 5_000));
  }

  @Test
  void shouldFollowPicoquicsSpacingRule() {
    // First hole: 3 + uniform(0..255) after the first number checked; then hole k+1 comes
    // 3 + uniform(0 .. 256·2^(k+1) − 1) after the number following hole k.
    int seeds = 4_000;
    long[] sums = new long[3];
    long[] minimum = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
    long[] maximum = new long[3];
    for (int seed = 0; seed < seeds; seed++) {
      List<Long> skipped = holes(seed, 100, 3_000);
      assertTrue(skipped.size() >= 3, "seed " + seed + ": " + skipped);
      long[] spacing = {
        skipped.get(0) - 100,
        skipped.get(1) - skipped.get(0) - 1,
        skipped.get(2) - skipped.get(1) - 1
      };
      for (int k = 0; k < 3; k++) {
        sums[k] += spacing[k];
        minimum[k] = Math.min(minimum[k], spacing[k]);
        maximum[k] = Math.max(maximum[k], spacing[k]);
      }
    }
    long[] bound = {256, 512, 1024};
    for (int k = 0; k < 3; k++) {
      double expectedMean = 3 + (bound[k] - 1) / 2.0;
      // standard error of the mean of a uniform over n values: n / sqrt(12 × seeds)
      double tolerance = 4 * bound[k] / Math.sqrt(12.0 * seeds);
      double mean = (double) sums[k] / seeds;
      assertEquals(expectedMean, mean, tolerance, "mean spacing before hole " + (k + 1));
      assertEquals(3, minimum[k], "shortest spacing before hole " + (k + 1));
      assertTrue(maximum[k] <= 3 + bound[k] - 1, "longest spacing " + maximum[k]);
      assertTrue(maximum[k] >= 3 + bound[k] * 9 / 10, "longest spacing " + maximum[k]);
    }
  }

  @Test
  void shouldSkipNothingBeforeReadyOrWithNothingPending() {
    PacketNumberHoles holes =
        new PacketNumberHoles(PacketNumberHoles.PICOQUIC_PERIOD, new SplittableRandom(1));
    for (long number = 0; number < 2_000; number++) {
      assertFalse(holes.skip(number, false, true));
      assertFalse(holes.skip(number, true, false));
    }
    assertEquals(0, holes.holesInserted());
    // The first check that counts only predicts the first hole.
    assertFalse(holes.skip(2_000, true, true));
    assertTrue(holes.nextHole() >= 2_003 && holes.nextHole() <= 2_258, "" + holes.nextHole());
  }

  @Test
  void shouldSkipNothingWithPeriodZero() {
    PacketNumberHoles holes = new PacketNumberHoles(0, new SplittableRandom(1));
    for (long number = 0; number < 100_000; number++) {
      assertFalse(holes.skip(number, true, true));
    }
  }
}
