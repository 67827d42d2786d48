package dev.moqbed.netsim;

/**
 * The random generator of picoquic's simulator ({@code picoquic_test_random} and its helpers in
 * {@code picoquic/util.c}): splitmix64 with the reference's derived draws. Each link owns one, so
 * the jitter of one direction never shifts the other's. The draws are reproduced bit for bit,
 * unsigned arithmetic included, because the reference's jitter sequence is what its published
 * numbers were measured with.
 */
public final class SplitMix64 {
  /** The state every picoquic_ns link starts from (rep 0 of the reference). */
  public static final long REFERENCE_SEED = 0xDEADBEEFBABAC001L;

  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
  private static final int Q30_BITS = 30;
  private static final long Q30_ONE = 1L << Q30_BITS;
  private static final long Q30_MASK = Q30_ONE - 1;
  private static final long GAUSS_MASK = 0x1ffff;
  private static final double GAUSS_SCALE = 0x20000;

  private long state;

  public SplitMix64(long seed) {
    this.state = seed;
  }

  /** The current state: a copy started from it yields the same numbers. */
  public long state() {
    return state;
  }

  /** The next 64 raw bits. */
  public long nextLong() {
    state += GOLDEN_GAMMA;
    long z = state;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /**
   * A uniform integer in [0, bound), by rejection of the low values that would bias the modulo (as
   * the reference does: it rejects below {@code 2^64-1 mod bound}, not above a multiple).
   *
   * @param bound exclusive upper bound, treated as unsigned; 0 gives 0 without a draw
   */
  public long nextUniform(long bound) {
    if (bound == 0) {
      return 0;
    }
    long rejectBelow = Long.remainderUnsigned(-1L, bound);
    long draw;
    do {
      draw = nextLong();
    } while (Long.compareUnsigned(draw, rejectBelow) < 0);
    return Long.remainderUnsigned(draw, bound);
  }

  /**
   * The sum of 12 uniforms on (0, 1) with 17-bit resolution, minus 6: about N(0, 1), in [-6, 6].
   */
  public double nextGaussianSum12() {
    double sum = 0;
    for (int i = 0; i < 12; i++) {
      long r = nextLong();
      r ^= r >>> 17;
      r ^= r >>> 34;
      sum += ((r & GAUSS_MASK) + 0.5) / GAUSS_SCALE;
    }
    return sum - 6.0;
  }

  /** A 30-bit uniform integer, folded from 60 bits as the reference does. */
  long nextQ30() {
    long r = nextLong();
    r ^= r >>> Q30_BITS;
    return r & Q30_MASK;
  }

  /**
   * A Poisson draw by Knuth's product method in 30-bit fixed point: multiply uniforms until the
   * product falls to {@code expMinusLambdaQ30} (e^-lambda scaled by 2^30) or below.
   */
  public long nextPoisson(long expMinusLambdaQ30) {
    long k = 0;
    long product = Q30_ONE;
    do {
      product = (product * nextQ30()) >>> Q30_BITS;
      k++;
    } while (product > expMinusLambdaQ30);
    return k - 1;
  }
}
