package dev.moqbed.cc.bbr;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * picoquic's uniform draw ({@code picoquic_test_uniform_random}) on top of any 64-bit generator,
 * and the seed picoquic's BBR uses.
 *
 * <p>picoquic's generator is splitmix64; {@link SplittableRandom#nextLong()} computes exactly the
 * same sequence from the same seed. A host that wants picoquic's probe schedule bit for bit passes
 * {@link #picoquicGenerator(long, boolean, long)} as the controller's {@code
 * ControllerEnvironment.random()}; any other seeded generator gives a different but reproducible
 * schedule.
 */
public final class PicoquicRandom {
  /** picoquic's base seed for BBR, XORed with the creation time. */
  public static final long BASE_SEED = 0xfedcba9876543210L;

  private static final long CLIENT_OFFSET = 0x0123456789abcdefL;

  private PicoquicRandom() {}

  /**
   * The seed picoquic's {@code BBRInitRandom} computes: the base seed XOR the creation time, plus a
   * constant on the client side, times {@code uniquePathId + 1} on secondary paths.
   */
  public static long seed(long creationMicros, boolean clientMode, long uniquePathId) {
    long seed = BASE_SEED ^ creationMicros;
    if (clientMode) {
      seed += CLIENT_OFFSET;
    }
    if (uniquePathId > 0 && uniquePathId != -1L) {
      seed *= uniquePathId + 1;
    }
    return seed;
  }

  /** A splitmix64 generator in the state picoquic's BBR starts from. */
  public static RandomGenerator picoquicGenerator(
      long creationMicros, boolean clientMode, long uniquePathId) {
    return new SplittableRandom(seed(creationMicros, clientMode, uniquePathId));
  }

  /**
   * A draw in {@code [0, bound)} by picoquic's rule: reject raw draws below {@code 2^64-1 mod
   * bound}, then reduce modulo {@code bound}, all unsigned. Zero when {@code bound} is zero.
   */
  static long uniform(RandomGenerator random, long bound) {
    if (bound == 0) {
      return 0;
    }
    long rejectBelow = Long.remainderUnsigned(-1L, bound);
    long draw;
    do {
      draw = random.nextLong();
    } while (Long.compareUnsigned(draw, rejectBelow) < 0);
    return Long.remainderUnsigned(draw, bound);
  }

  /** picoquic's {@code BBRRandomIntBetween}: a draw in {@code [low, high]}. */
  static long between(RandomGenerator random, long low, long high) {
    return low + uniform(random, high - low + 1);
  }
}
