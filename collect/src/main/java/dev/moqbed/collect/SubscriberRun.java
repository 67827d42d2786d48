package dev.moqbed.collect;

import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import dev.moqbed.collect.v1.ReceivedFrame;
import dev.moqbed.media.FrameKind;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.simulation.moq.TrackLatencies;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One subscriber's run as it arrives: its frames streamed to a {@link FrameRows} file, per track
 * the count, latency sum and maximum, and at the end one row of {@code runs.csv} in the layout of a
 * local MoQ-chain run ({@link MoqChainSimulation#EXTRA_COLUMNS}), so {@code report} puts it in its
 * MoQ table: scenario = the test label, cc = the controller under test.
 */
final class SubscriberRun {
  private final Hello hello;
  private final int run;
  private final FrameRows rows;
  private final int maxTracks;
  private final TrackLatencies tracks = new TrackLatencies();
  private long frames;

  SubscriberRun(Hello hello, int run, FrameRows rows, int maxTracks) {
    this.hello = hello;
    this.run = run;
    this.rows = rows;
    this.maxTracks = maxTracks;
  }

  int run() {
    return run;
  }

  long frames() {
    return frames;
  }

  void frame(ReceivedFrame frame) throws IOException {
    String track = frame.getTrack();
    if (!Labels.isTrackName(track)) {
      throw new MalformedRecordException(
          "track name '" + Labels.shorten(track) + "' is empty or not printable without commas");
    }
    FrameKind kind = SubscriberRecords.kind(frame.getKind());
    if (kind == null) {
      throw new MalformedRecordException("frame of unknown kind " + frame.getKindValue());
    }
    if (!tracks.has(track) && tracks.tracks() == maxTracks) {
      throw new MalformedRecordException("more than " + maxTracks + " tracks in one run");
    }
    tracks.add(track, frame.getLatencyUs());
    frames++;
    rows.add(
        track,
        frame.getGroup(),
        frame.getObject(),
        kind.toString(),
        frame.getSizeBytes(),
        frame.getCaptureUs(),
        frame.getArrivalUs(),
        frame.getLatencyUs());
  }

  /**
   * Commits the frames file and returns the run's row.
   *
   * @param end the sender's End, or null when the connection ended without one (the run is then
   *     incomplete, and the sender's own counts are unknown)
   */
  RunRecord finish(End end) throws IOException {
    rows.commit();
    boolean completed = end != null && end.getCompleted();
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("completed", Boolean.toString(completed));
    extra.put(MoqChainSimulation.WORKLOAD_COLUMN, MoqChainSimulation.WORKLOAD);
    extra.put("media_streams", tracks.mediaStreams());
    extra.put("host", hello.getHost());
    extra.put("sender_run", Integer.toString(hello.getRun()));
    extra.put("clock_offset_us", Long.toString(hello.getClockOffsetUs()));
    extra.put("frames_collected", Long.toString(frames));
    if (end != null) {
      if (end.hasFramesSent()) {
        extra.put("frames_sent", Long.toString(end.getFramesSent()));
      }
      extra.put("frames_received", Long.toString(end.getFramesReceived()));
      if (end.hasFramesCancelled()) {
        extra.put("frames_cancelled", Long.toString(end.getFramesCancelled()));
      }
      extra.put("stop_sending", Long.toString(end.getStopSending()));
      extra.put("records_dropped", Long.toString(end.getRecordsDropped()));
      extra.put("end_reason", Labels.shorten(end.getEndReason()));
    }
    Long duration =
        completed && end.getEndedUs() >= hello.getStartedUs() && hello.getStartedUs() > 0
            ? end.getEndedUs() - hello.getStartedUs()
            : null;
    return new RunRecord(
        hello.getTest(),
        hello.getController(),
        run,
        0,
        duration,
        null,
        null,
        null,
        tracks.averageLatencyMicros(),
        tracks.maxLatencyMicros(),
        extra);
  }
}
