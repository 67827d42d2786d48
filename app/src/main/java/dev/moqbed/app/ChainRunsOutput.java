package dev.moqbed.app;

import dev.moqbed.collect.CollectHello;
import dev.moqbed.collect.LocalRunsDirectory;
import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import dev.moqbed.collect.v1.TrackTotals;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code chain --out DIR}: each chain run (one per controller) as one run of {@code runs.csv},
 * every subscriber's frames in its frames file, through the collector's writers, so {@code report
 * DIR --html} charts a live comparison as it charts a collected multi-host test. A run is labelled
 * test {@value #TEST}, host {@code loopback-TRANSPORT} (the stack) and cc = the controller.
 */
final class ChainRunsOutput implements Closeable {
  /** The scenario column of a live chain's runs. */
  static final String TEST = "live";

  private final LocalRunsDirectory directory;

  private ChainRunsOutput(LocalRunsDirectory directory) {
    this.directory = directory;
  }

  /** Opens {@code out}; a one-line error (exit 2) when it cannot be written or is another's. */
  static ChainRunsOutput open(Path out) throws IOException {
    OutputPaths.requireWritableDirectory(out, "--out");
    return new ChainRunsOutput(LocalRunsDirectory.open(out));
  }

  /** Starts the run of the chain on {@code stack}; frames go to {@link LocalRunsDirectory.Run}. */
  LocalRunsDirectory.Run start(LiveStack stack) throws IOException {
    return start(stack, stack.controller());
  }

  /**
   * Starts a run labelled {@code controller} in runs.csv's cc column ({@code c4#2}: the second c4
   * of an A/A comparison, kept apart from the first).
   */
  LocalRunsDirectory.Run start(LiveStack stack, String controller) throws IOException {
    Hello hello =
        CollectHello.of(
            Hello.SenderRole.ROLE_SUBSCRIBER,
            TEST,
            controller,
            "loopback-" + stack.transport().id(),
            0,
            0,
            System.currentTimeMillis() * 1000);
    return directory.start(hello);
  }

  /**
   * Ends {@code run} with the chain's totals over all its subscribers: sent = what the publisher
   * sent times the subscribers, cancelled = sent − received, complete when every subscriber's
   * tracks ended with PUBLISH_DONE.
   */
  static void finish(LocalRunsDirectory.Run run, LiveChain.Result result) throws IOException {
    int subscribers = result.subscribers().size();
    Map<String, TrackTotals.Builder> tracks = new LinkedHashMap<>();
    long sent = 0;
    long received = 0;
    long stopSending = 0;
    boolean completed = subscribers > 0;
    String reason = "";
    for (SubscriberReport subscriber : result.subscribers()) {
      completed &= subscriber.completed() && !subscriber.everySubscriptionRefused();
      if (reason.isEmpty() && subscriber.endReason() != null && !subscriber.completed()) {
        reason = subscriber.endReason();
      }
      for (TrackReport track : subscriber.tracks()) {
        received += track.received();
        stopSending += track.stopSendingSent();
        TrackTotals.Builder totals =
            tracks.computeIfAbsent(track.track(), name -> TrackTotals.newBuilder().setTrack(name));
        totals
            .setFramesReceived(totals.getFramesReceived() + track.received())
            .setStopSending(totals.getStopSending() + track.stopSendingSent())
            .setStreamsReset(totals.getStreamsReset() + track.streamsReset());
      }
    }
    for (String track : tracks.keySet()) {
      sent += result.publisher().objectsSent(track) * subscribers;
    }
    End.Builder end =
        End.newBuilder()
            .setFramesSent(sent)
            .setFramesReceived(received)
            .setFramesCancelled(sent - received)
            .setStopSending(stopSending)
            .setCompleted(completed)
            .setEndReason(reason)
            .setEndedUs(System.currentTimeMillis() * 1000);
    tracks.values().forEach(end::addTracks);
    run.finish(end.build()); // its .hlog too, beside the frames file
  }

  @Override
  public void close() throws IOException {
    directory.close();
  }
}
