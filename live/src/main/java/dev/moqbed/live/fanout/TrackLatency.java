package dev.moqbed.live.fanout;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One group of subscribers' view of one track in the fan-out benchmark: frames delivered in the
 * measured window, end-to-end latency (capture → subscriber arrival) and the latency the relay
 * added (relay arrival stamp → subscriber arrival), in microseconds. Written by the subscribers'
 * event loops (synchronized), sent from the subscriber process to the benchmark as one text line.
 */
final class TrackLatency {
  private final String group;
  private final String track;
  private final Histogram endToEnd;
  private final Histogram added;

  TrackLatency(String group, String track) {
    this(group, track, new Histogram(3), new Histogram(3));
  }

  private TrackLatency(String group, String track, Histogram endToEnd, Histogram added) {
    this.group = group;
    this.track = track;
    this.endToEnd = endToEnd;
    this.added = added;
  }

  String group() {
    return group;
  }

  String track() {
    return track;
  }

  synchronized void record(long endToEndMicros, long addedMicros) {
    endToEnd.recordValue(Math.max(0, endToEndMicros));
    if (addedMicros >= 0) {
      added.recordValue(addedMicros);
    }
  }

  synchronized long delivered() {
    return endToEnd.getTotalCount();
  }

  synchronized Histogram endToEnd() {
    return endToEnd.copy();
  }

  synchronized Histogram added() {
    return added.copy();
  }

  /** {@code group track base64(end-to-end) base64(added)}: no spaces inside a field. */
  synchronized String encode() {
    return group + " " + track + " " + encodeHistogram(endToEnd) + " " + encodeHistogram(added);
  }

  static TrackLatency decode(String line) {
    String[] fields = line.trim().split(" ");
    if (fields.length != 4) {
      throw new IllegalArgumentException("malformed latency line: " + line);
    }
    return new TrackLatency(
        fields[0], fields[1], decodeHistogram(fields[2]), decodeHistogram(fields[3]));
  }

  private static String encodeHistogram(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
  }

  private static Histogram decodeHistogram(String text) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(text)), 2);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("malformed histogram: " + e.getMessage(), e);
    }
  }
}
