package dev.moqbed.live.reconnect;

import java.util.Random;

/**
 * When to try the relay again after losing it: attempt k waits {@code min(cap, initial × 2^(k-1))}
 * with "equal jitter" (half of it fixed, half drawn from the given random), so clients that lost
 * the same relay at the same moment do not all come back in the same millisecond, and none waits
 * longer than the cap. The random is explicit so a test (or a {@code --reconnect-seed}) gets the
 * same delays every time.
 *
 * @param maxAttempts attempts before giving up (at least 1)
 * @param initialDelayMicros the first attempt's delay before jitter
 * @param capMicros no attempt waits longer
 */
public record ReconnectPolicy(
    int maxAttempts, long initialDelayMicros, long capMicros, Random random) {
  /** 10 attempts from 250 ms, doubling to a 30 s cap: about 2 minutes in all. */
  public static final int DEFAULT_ATTEMPTS = 10;

  public static final long DEFAULT_INITIAL_DELAY_MICROS = 250_000;
  public static final long DEFAULT_CAP_MICROS = 30_000_000;

  public ReconnectPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("--reconnect-attempts must be at least 1");
    }
    if (initialDelayMicros <= 0 || capMicros < initialDelayMicros) {
      throw new IllegalArgumentException("reconnect delays must be positive, the cap the largest");
    }
    java.util.Objects.requireNonNull(random, "random");
  }

  /** The defaults with this random. */
  public static ReconnectPolicy defaults(int maxAttempts, Random random) {
    return new ReconnectPolicy(
        maxAttempts, DEFAULT_INITIAL_DELAY_MICROS, DEFAULT_CAP_MICROS, random);
  }

  /** The wait before attempt {@code attempt} (1-based), drawing from the random. */
  public long delayMicros(int attempt) {
    if (attempt < 1) {
      throw new IllegalArgumentException("attempts count from 1");
    }
    long base = initialDelayMicros;
    for (int k = 1; k < attempt && base < capMicros; k++) {
      base = Math.min(capMicros, base * 2);
    }
    base = Math.min(capMicros, base);
    long half = base / 2;
    return base - half + (long) (random.nextDouble() * (half + 1));
  }
}
