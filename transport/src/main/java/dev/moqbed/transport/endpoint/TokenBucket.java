package dev.moqbed.transport.endpoint;

/**
 * A rate with a burst: holds up to {@code burst} tokens, starts full, and earns one back every
 * {@code intervalMicros} of the endpoint's clock. What the endpoint spends on strangers (resets,
 * Version Negotiation, handshakes) is paced by one of these.
 */
final class TokenBucket {
  private final long burst;
  private final long intervalMicros;
  private long tokens;
  private long refilledAtMicros = Long.MIN_VALUE;

  /**
   * @param burst tokens when full, at least 1
   * @param intervalMicros the clock time that earns one token, at least 1
   */
  TokenBucket(long burst, long intervalMicros) {
    if (burst < 1 || intervalMicros < 1) {
      throw new IllegalArgumentException("a bucket needs a burst and an interval of at least 1");
    }
    this.burst = burst;
    this.intervalMicros = intervalMicros;
    this.tokens = burst;
  }

  /** A bucket that earns {@code perSecond} tokens a second and holds {@code burst}. */
  static TokenBucket perSecond(long perSecond, long burst) {
    return new TokenBucket(burst, Math.max(1, 1_000_000 / perSecond));
  }

  /** Whether a token is there now, without taking it. */
  boolean hasToken(long nowMicros) {
    refill(nowMicros);
    return tokens > 0;
  }

  /** Takes a token if there is one. */
  boolean tryTake(long nowMicros) {
    if (!hasToken(nowMicros)) {
      return false;
    }
    tokens--;
    return true;
  }

  /** Whether the bucket has earned back every token: forgetting it then loses nothing. */
  boolean isFull(long nowMicros) {
    refill(nowMicros);
    return tokens == burst;
  }

  private void refill(long nowMicros) {
    if (refilledAtMicros == Long.MIN_VALUE) {
      refilledAtMicros = nowMicros;
    }
    long earned = (nowMicros - refilledAtMicros) / intervalMicros;
    if (earned > 0) {
      tokens = Math.min(burst, tokens + earned);
      refilledAtMicros += earned * intervalMicros;
    }
  }
}
