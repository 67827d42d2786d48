package dev.moqbed.live.interval;

/** Turns a cumulative count a role keeps into the increase since the last look. */
final class CounterDelta {
  private long last;

  /** How much {@code cumulative} grew since the previous call. */
  long since(long cumulative) {
    long delta = cumulative - last;
    last = cumulative;
    return delta;
  }
}
