package dev.moqbed.netem;

import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkDropReason;
import org.HdrHistogram.Histogram;

/**
 * Counts what one direction of the emulator does, for interval lines and the summary. Only the
 * emulator's loop thread touches it; samples are taken there too.
 */
final class DirectionMeter {
  /** Delays above a minute are recorded as a minute. */
  private static final long MAX_DELAY_MICROS = 60_000_000L;

  enum Count {
    RECEIVED,
    RECEIVED_BYTES,
    FORWARDED,
    FORWARDED_BYTES,
    DROPPED_QUEUE,
    DROPPED_AQM,
    DROPPED_LOSS,
    DROPPED_OVERSIZE,
    DROPPED_BUFFER,
    DROPPED_SOCKET,
    DROPPED_OTHER
  }

  private static final Count[] COUNTS = Count.values();

  private final LinkDirection direction;
  private final long[] total = new long[COUNTS.length];
  private final long[] atIntervalStart = new long[COUNTS.length];
  private final Histogram intervalQueue = histogram();
  private final Histogram intervalTransit = histogram();
  private final Histogram totalQueue = histogram();
  private final Histogram totalTransit = histogram();
  private final long startMicros;
  private long intervalStartMicros;

  DirectionMeter(LinkDirection direction, long nowMicros) {
    this.direction = direction;
    this.startMicros = nowMicros;
    this.intervalStartMicros = nowMicros;
  }

  private static Histogram histogram() {
    return new Histogram(MAX_DELAY_MICROS, 3);
  }

  void add(Count count, long amount) {
    total[count.ordinal()] += amount;
  }

  void received(int bytes) {
    add(Count.RECEIVED, 1);
    add(Count.RECEIVED_BYTES, bytes);
  }

  /** A datagram left by the other socket {@code transitMicros} after it came in. */
  void forwarded(int bytes, long transitMicros) {
    add(Count.FORWARDED, 1);
    add(Count.FORWARDED_BYTES, bytes);
    long clamped = Math.max(0, Math.min(transitMicros, MAX_DELAY_MICROS));
    intervalTransit.recordValue(clamped);
    totalTransit.recordValue(clamped);
  }

  /** The link model delivered a datagram that had waited {@code queueMicros} before its turn. */
  void queued(long queueMicros) {
    long clamped = Math.max(0, Math.min(queueMicros, MAX_DELAY_MICROS));
    intervalQueue.recordValue(clamped);
    totalQueue.recordValue(clamped);
  }

  /** The link model dropped a datagram. */
  void droppedByLink(LinkDropReason reason) {
    add(
        switch (reason) {
          case QUEUE_FULL -> Count.DROPPED_QUEUE;
          case AQM_OVERFLOW, AQM_DROP -> Count.DROPPED_AQM;
          case BURST_LOSS -> Count.DROPPED_LOSS;
          case OVERSIZE -> Count.DROPPED_OVERSIZE;
        },
        1);
  }

  /** What happened since the last interval sample, which starts the next interval. */
  DirectionSample takeInterval(long nowMicros, long held) {
    long[] delta = new long[COUNTS.length];
    for (int i = 0; i < delta.length; i++) {
      delta[i] = total[i] - atIntervalStart[i];
      atIntervalStart[i] = total[i];
    }
    DirectionSample sample =
        sample(intervalStartMicros, nowMicros, delta, held, intervalQueue, intervalTransit);
    intervalQueue.reset();
    intervalTransit.reset();
    intervalStartMicros = nowMicros;
    return sample;
  }

  /** Everything since the start. */
  DirectionSample takeTotal(long nowMicros, long held) {
    return sample(startMicros, nowMicros, total.clone(), held, totalQueue, totalTransit);
  }

  private DirectionSample sample(
      long fromMicros, long toMicros, long[] c, long held, Histogram queue, Histogram transit) {
    return new DirectionSample(
        direction,
        fromMicros,
        toMicros - fromMicros,
        c[Count.RECEIVED.ordinal()],
        c[Count.RECEIVED_BYTES.ordinal()],
        c[Count.FORWARDED.ordinal()],
        c[Count.FORWARDED_BYTES.ordinal()],
        c[Count.DROPPED_QUEUE.ordinal()],
        c[Count.DROPPED_AQM.ordinal()],
        c[Count.DROPPED_LOSS.ordinal()],
        c[Count.DROPPED_OVERSIZE.ordinal()],
        c[Count.DROPPED_BUFFER.ordinal()],
        c[Count.DROPPED_SOCKET.ordinal()],
        c[Count.DROPPED_OTHER.ordinal()],
        held,
        percentile(queue, 50),
        percentile(queue, 99),
        percentile(transit, 50),
        percentile(transit, 99),
        transit.getTotalCount() == 0 ? 0 : transit.getMaxValue());
  }

  private static long percentile(Histogram histogram, double percentile) {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile);
  }
}
