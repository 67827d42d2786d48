package dev.moqbed.transport.recovery;

/**
 * The receiver's flow-control limit for the connection or one stream, with picoquic's auto-tuning:
 * once the peer's progress passes half the limit, the next packet carries a new limit = limit +
 * increase, where increase = 2 x limit if min RTT &le; 100 ms (the limit triples), else limit x
 * min(min RTT, 610 ms) / 100 ms ({@code picoquic_cc_increased_window} in {@code cc_common.c}; the
 * triggers in {@code sender.c} and {@code frames.c}).
 *
 * <p>Progress is, for the connection, the data received (picoquic's {@code offset_received}: the
 * sum of the highest offsets received on each stream); for a stream, the data delivered in order to
 * the application ({@code consumed_offset}). A stream whose final size is known (FIN, or a reset)
 * gets no more updates. picoquic's optional fixed {@code max_data_limit} mode is not modelled.
 */
public final class FlowControlWindow {

  /** What the window governs, which decides how progress is counted. */
  public enum Scope {
    CONNECTION,
    STREAM
  }

  private final Scope scope;
  private long limitBytes;
  private long progressBytes;
  private boolean finalSizeKnown;

  public FlowControlWindow(Scope scope, long initialLimitBytes) {
    this.scope = scope;
    this.limitBytes = initialLimitBytes;
  }

  /** The connection window with picoquic's initial_max_data (1 MiB). */
  public static FlowControlWindow connection() {
    return new FlowControlWindow(Scope.CONNECTION, TransportDefaults.INITIAL_MAX_DATA_BYTES);
  }

  /** A stream window with the given initial limit (a transport parameter). */
  public static FlowControlWindow stream(long initialLimitBytes) {
    return new FlowControlWindow(Scope.STREAM, initialLimitBytes);
  }

  /**
   * The peer's progress: bytes received (connection) or delivered in order (stream). Never goes
   * back.
   */
  public void onProgress(long progressBytes) {
    this.progressBytes = Math.max(this.progressBytes, progressBytes);
  }

  /** The stream's final size is known (FIN or reset received): no more MAX_STREAM_DATA. */
  public void onFinalSizeKnown() {
    finalSizeKnown = true;
  }

  /** Whether the next packet should carry a new limit: progress past half the limit. */
  public boolean isUpdateDue() {
    if (scope == Scope.STREAM && finalSizeKnown) {
      return false;
    }
    return 2 * progressBytes > limitBytes;
  }

  /** The limit to advertise now: the current limit plus {@link #increaseBytes}. */
  public long nextLimitBytes(long minRttMicros) {
    return limitBytes + increaseBytes(limitBytes, minRttMicros);
  }

  /** The MAX_DATA / MAX_STREAM_DATA frame carrying {@code newLimitBytes} was written. */
  public void onLimitSent(long newLimitBytes) {
    limitBytes = Math.max(limitBytes, newLimitBytes);
  }

  /**
   * picoquic's {@code picoquic_cc_increased_window}: 2 x limit at min RTT &le; 100 ms, else limit /
   * 100 ms x min(min RTT, 610 ms), computed in doubles and truncated as picoquic does. A min RTT of
   * 0 (no sample yet) counts as short.
   */
  public static long increaseBytes(long limitBytes, long minRttMicros) {
    if (minRttMicros <= TransportDefaults.TARGET_RENO_RTT_MICROS) {
      return limitBytes * 2;
    }
    double window = (double) limitBytes;
    window /= (double) TransportDefaults.TARGET_RENO_RTT_MICROS;
    window *= (double) Math.min(minRttMicros, TransportDefaults.TARGET_SATELLITE_RTT_MICROS);
    return (long) window;
  }

  public Scope scope() {
    return scope;
  }

  public long limitBytes() {
    return limitBytes;
  }

  public long progressBytes() {
    return progressBytes;
  }
}
