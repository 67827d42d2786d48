package dev.moqbed.transport.endpoint;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Who may start a server handshake now (RFC 9000 §8.1: a server limits what unvalidated addresses
 * make it hold and spend). It keeps the handshakes in progress per source address and in all, and
 * two rates of handshakes started: per source and in all. A client Initial is decided as follows.
 *
 * <ul>
 *   <li><b>Without a valid Retry token</b> it is admitted while its source holds less than its
 *       share, there are fewer than the Retry threshold in progress in all, and both rates have a
 *       token; otherwise it is answered with a Retry, which costs no state and no TLS work. A
 *       spoofer never sees the Retry, so spoofed floods stop there, and honest clients behind a
 *       busy address come back with the token.
 *   <li><b>With a valid token</b> (the address is proven) it is admitted while its source holds
 *       less than {@link #HARD_CAP_FACTOR} times its share and both rates have a token; otherwise
 *       it is dropped, and the client's next Initial (its probe timeout) tries again.
 * </ul>
 *
 * <p>The rates bound the TLS work strangers cause (about 2 ms of a core per handshake), so that a
 * flood of real clients leaves the media path most of the core; the per-source rate keeps one
 * address from taking all of it. A source's bucket is forgotten once it has refilled, and at most
 * {@link #MAX_TRACKED_SOURCES} are kept: a source beyond them has no tokens until some are
 * forgotten (Initials from that many spoofed addresses get Retries).
 */
public final class HandshakeBudget {
  /** How an Initial for no connection here is served. */
  enum Decision {
    /** Make the connection. */
    ADMIT,
    /** Answer with a Retry (or drop it where Retry is off). */
    RETRY,
    /** Its proven source holds the hard cap of handshakes in progress. */
    REFUSE_SOURCE,
    /** Proven, but a rate has no token now. */
    REFUSE_RATE
  }

  /** A proven source may hold this many times its share of handshakes in progress. */
  static final int HARD_CAP_FACTOR = 4;

  /** Sources whose rate is tracked at once. */
  static final int MAX_TRACKED_SOURCES = 65_536;

  /** How often buckets that have refilled are forgotten, at most. */
  private static final long PRUNE_INTERVAL_MICROS = 1_000_000;

  private final EndpointLimits limits;
  private final Map<InetAddress, Integer> inProgressBySource = new HashMap<>();
  private final Map<InetAddress, TokenBucket> rateBySource = new HashMap<>();
  private final TokenBucket rate;
  private int inProgress;
  private long prunedAtMicros = Long.MIN_VALUE;

  /**
   * A budget of its own for one endpoint, or one that several endpoints on the same port share (one
   * per event loop: the budget then holds for all of them, and its methods synchronize; they run
   * once per new handshake, never per packet).
   */
  public HandshakeBudget(EndpointLimits limits) {
    this.limits = limits;
    this.rate =
        TokenBucket.perSecond(limits.handshakesPerSecond(), 2L * limits.handshakesPerSecond());
  }

  /**
   * Decides on an Initial from {@code source}; on {@link Decision#ADMIT} the rates' tokens are
   * taken (the slot is taken by {@link #take} once the connection exists).
   *
   * @param proven it carries a valid token from this endpoint's Retry
   */
  synchronized Decision decide(InetAddress source, boolean proven, long nowMicros) {
    int held = inProgressBySource.getOrDefault(source, 0);
    TokenBucket sourceRate = sourceRate(source, nowMicros);
    boolean tokens =
        sourceRate != null && sourceRate.hasToken(nowMicros) && rate.hasToken(nowMicros);
    if (proven) {
      if (held >= HARD_CAP_FACTOR * limits.maxHandshakesPerSource()) {
        return Decision.REFUSE_SOURCE;
      }
      if (!tokens) {
        return Decision.REFUSE_RATE;
      }
    } else if (!tokens
        || held >= limits.maxHandshakesPerSource()
        || inProgress >= limits.retryAboveHandshakes()) {
      return Decision.RETRY;
    }
    sourceRate.tryTake(nowMicros);
    rate.tryTake(nowMicros);
    return Decision.ADMIT;
  }

  /** A server handshake from {@code source} started. */
  synchronized void take(InetAddress source) {
    inProgressBySource.merge(source, 1, Integer::sum);
    inProgress++;
  }

  /** A handshake of {@code source} ended, either way; nothing when it holds none. */
  synchronized void release(InetAddress source) {
    Integer held = inProgressBySource.get(source);
    if (held == null) {
      return;
    }
    if (held > 1) {
      inProgressBySource.put(source, held - 1);
    } else {
      inProgressBySource.remove(source);
    }
    inProgress--;
  }

  /** Handshakes in progress from every source. */
  synchronized int inProgress() {
    return inProgress;
  }

  /** Sources whose rate is tracked now. */
  synchronized int trackedSources() {
    return rateBySource.size();
  }

  /** The source's bucket, made full when new; null when no more sources can be tracked. */
  private TokenBucket sourceRate(InetAddress source, long nowMicros) {
    TokenBucket bucket = rateBySource.get(source);
    if (bucket != null) {
      return bucket;
    }
    if (rateBySource.size() >= MAX_TRACKED_SOURCES && !pruneRefilled(nowMicros)) {
      return null;
    }
    bucket =
        TokenBucket.perSecond(
            limits.handshakesPerSecondPerSource(),
            Math.max(limits.handshakesPerSecondPerSource(), limits.maxHandshakesPerSource()));
    rateBySource.put(source, bucket);
    return bucket;
  }

  /** Forgets the buckets that have refilled; at most once a second. True if room was made. */
  private boolean pruneRefilled(long nowMicros) {
    if (prunedAtMicros != Long.MIN_VALUE && nowMicros - prunedAtMicros < PRUNE_INTERVAL_MICROS) {
      return false;
    }
    prunedAtMicros = nowMicros;
    Iterator<TokenBucket> buckets = rateBySource.values().iterator();
    while (buckets.hasNext()) {
      if (buckets.next().isFull(nowMicros)) {
        buckets.remove();
      }
    }
    return rateBySource.size() < MAX_TRACKED_SOURCES;
  }
}
