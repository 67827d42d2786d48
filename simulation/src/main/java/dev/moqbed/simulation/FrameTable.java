package dev.moqbed.simulation;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.MediaObject;
import dev.moqbed.output.Csv;
import dev.moqbed.quicperf.FrameLog;
import dev.moqbed.subscriber.FrameRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every frame of one or more runs as CSV, in one layout for both workloads: which run, track
 * (item), copy, group and frame, its kind and size, when it was expected (the capture time), when
 * its last byte arrived ({@code -1}: never), its latency, whether it was cancelled by STOP_SENDING
 * and whether the draft's statistics count it.
 */
public final class FrameTable {
  /** The header line's columns. */
  public static final String HEADER =
      "run,track,copy,group,frame,kind,size_bytes,expected_us,arrival_us,latency_us,cancelled,"
          + "counted\n";

  private final StringBuilder rows = new StringBuilder();
  private int count;
  private int cancelledCount;

  /** Adds the frames of one run of the draft workload. */
  public void add(int run, FrameLog frames) {
    for (int i = 0; i < frames.size(); i++) {
      row(
          run,
          frames.itemId(i),
          frames.copy(i),
          frames.group(i),
          frames.frameIndex(i),
          frames.kind(i).toString(),
          frames.sizeBytes(i),
          frames.expectedMicros(i),
          frames.arrivalMicros(i),
          frames.latencyMicros(i),
          frames.isCancelled(i),
          frames.isCounted(i));
    }
  }

  /**
   * Adds the frames of one run of the MoQ chain: every object the publisher sent, with its arrival
   * when the subscriber received it. A video object that never arrived was cancelled (its group's
   * stream was stopped or reset); an audio datagram that never arrived was lost. Every frame
   * counts: the MoQ chain has no warm-up exclusion.
   */
  public void add(int run, List<MediaObject> sent, List<FrameRecord> received) {
    Map<FrameKey, FrameRecord> arrivals = new HashMap<>(received.size() * 2);
    for (FrameRecord frame : received) {
      arrivals.put(new FrameKey(frame.track(), frame.groupId(), frame.objectId()), frame);
    }
    for (MediaObject object : sent) {
      String track = object.track().name();
      FrameRecord arrival = arrivals.get(new FrameKey(track, object.groupId(), object.objectId()));
      boolean audio = object.kind() == FrameKind.AUDIO;
      row(
          run,
          track,
          0,
          object.groupId(),
          object.objectId(),
          object.kind().toString(),
          object.sizeBytes(),
          object.captureTimeMicros(),
          arrival == null ? -1 : arrival.arrivalMicros(),
          arrival == null ? -1 : arrival.latencyMicros(),
          arrival == null && !audio,
          true);
    }
  }

  private record FrameKey(String track, long group, long object) {}

  private void row(
      int run,
      String track,
      int copy,
      long group,
      long frame,
      String kind,
      int sizeBytes,
      long expectedMicros,
      long arrivalMicros,
      long latencyMicros,
      boolean cancelled,
      boolean counted) {
    try {
      Csv.appendRecord(
          rows,
          run,
          track,
          copy,
          group,
          frame,
          kind,
          sizeBytes,
          expectedMicros,
          arrivalMicros,
          latencyMicros,
          cancelled,
          counted);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringBuilder does not fail
    }
    count++;
    if (cancelled) {
      cancelledCount++;
    }
  }

  public int rows() {
    return count;
  }

  /** The rows of cancelled frames. */
  public int cancelledRows() {
    return cancelledCount;
  }

  public String render() {
    return HEADER + rows;
  }
}
