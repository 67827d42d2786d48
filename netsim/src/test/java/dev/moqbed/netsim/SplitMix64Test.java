package dev.moqbed.netsim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Golden values computed with an independent Python transcription of picoquic's {@code util.c}
 * generator (unsigned 64-bit arithmetic), from the reference seed.
 */
class SplitMix64Test {

  @Test
  void shouldMatchReferenceSequenceWhenStartedFromReferenceSeed() {
    SplitMix64 random = new SplitMix64(SplitMix64.REFERENCE_SEED);

    assertEquals(0x5e15223d01b20defL, random.nextLong());
    assertEquals(0x9ede0d895c9bd2a6L, random.nextLong());
    assertEquals(0xe3a0ed91f612c17fL, random.nextLong());
  }

  @Test
  void shouldMatchReferenceUniformDrawsWhenBoundIsThousand() {
    SplitMix64 random = new SplitMix64(SplitMix64.REFERENCE_SEED);
    long[] draws = new long[5];
    for (int i = 0; i < draws.length; i++) {
      draws[i] = random.nextUniform(1000);
    }

    assertArrayEquals(new long[] {391, 38, 583, 619, 600}, draws);
  }

  @Test
  void shouldMatchReferencePoissonDrawsWhenLambdaIsTwelve() {
    SplitMix64 random = new SplitMix64(SplitMix64.REFERENCE_SEED);
    long[] draws = new long[5];
    for (int i = 0; i < draws.length; i++) {
      draws[i] = random.nextPoisson(JitterModel.WIFI_EXP_MINUS_12_Q30);
    }

    assertArrayEquals(new long[] {21, 6, 10, 17, 7}, draws);
  }

  @Test
  void shouldNotAdvanceWhenUniformBoundIsZero() {
    SplitMix64 random = new SplitMix64(42);

    assertEquals(0, random.nextUniform(0));
    assertEquals(42, random.state());
  }

  @Test
  void shouldStayWithinSixWhenDrawingGaussianSums() {
    SplitMix64 random = new SplitMix64(7);
    for (int i = 0; i < 10_000; i++) {
      double x = random.nextGaussianSum12();
      assertTrue(x > -6.0 && x < 6.0, "draw " + x);
    }
  }
}
