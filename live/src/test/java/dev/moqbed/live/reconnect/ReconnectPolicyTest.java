package dev.moqbed.live.reconnect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Exponential backoff with equal jitter, capped, repeatable from a seed. */
class ReconnectPolicyTest {
  @Test
  void shouldDoubleFromTheFirstDelayToTheCapWithJitterInTheUpperHalf() {
    ReconnectPolicy policy = ReconnectPolicy.defaults(10, new Random(42));
    long[] bases = {
      250_000,
      500_000,
      1_000_000,
      2_000_000,
      4_000_000,
      8_000_000,
      16_000_000,
      30_000_000,
      30_000_000,
      30_000_000
    };
    for (int attempt = 1; attempt <= 10; attempt++) {
      long delay = policy.delayMicros(attempt);
      long base = bases[attempt - 1];
      assertTrue(delay >= base / 2 && delay <= base, "attempt " + attempt + ": " + delay);
    }
  }

  @Test
  void shouldDrawTheSameDelaysFromTheSameSeedAndOthersFromAnother() {
    long[] one = delays(7);
    long[] again = delays(7);
    long[] other = delays(8);
    assertEquals(java.util.Arrays.toString(one), java.util.Arrays.toString(again));
    assertTrue(!java.util.Arrays.equals(one, other), "jitter differs between seeds");
  }

  @Test
  void shouldRefuseNonsense() {
    assertThrows(IllegalArgumentException.class, () -> ReconnectPolicy.defaults(0, new Random()));
    assertThrows(IllegalArgumentException.class, () -> new ReconnectPolicy(3, 0, 10, new Random()));
    assertThrows(IllegalArgumentException.class, () -> new ReconnectPolicy(3, 10, 5, new Random()));
  }

  private static long[] delays(long seed) {
    ReconnectPolicy policy = ReconnectPolicy.defaults(10, new Random(seed));
    long[] out = new long[10];
    for (int i = 0; i < out.length; i++) {
      out[i] = policy.delayMicros(i + 1);
    }
    return out;
  }
}
