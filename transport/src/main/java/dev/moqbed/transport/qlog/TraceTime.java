package dev.moqbed.transport.qlog;

/**
 * How a trace counts time: event times are milliseconds from {@code originMicros} on the
 * connection's clock, and the header's {@code reference_time} says what that origin is.
 *
 * @param originMicros the connection's clock at the trace's time 0
 * @param referenceEpochMicros the header's {@code reference_time} in microseconds: the wall clock
 *     (microseconds since 1970-01-01 UTC) at the origin for a live trace, so that the traces of a
 *     connection's two ends align in a viewer; 0 for the simulator's virtual time, whose origin is
 *     the simulation's start and whose files must not depend on when they were written
 */
public record TraceTime(long originMicros, long referenceEpochMicros) {
  /** The simulator's: virtual time from the simulation's start, reference 0. */
  public static final TraceTime VIRTUAL = new TraceTime(0, 0);

  /** A live trace: times from {@code originMicros}, which the wall clock read as {@code epoch}. */
  public static TraceTime wallClock(long originMicros, long epochMicros) {
    if (epochMicros <= 0) {
      throw new IllegalArgumentException("a wall-clock reference before 1970: " + epochMicros);
    }
    return new TraceTime(originMicros, epochMicros);
  }
}
