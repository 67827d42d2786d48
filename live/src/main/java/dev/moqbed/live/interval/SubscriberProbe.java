package dev.moqbed.live.interval;

import dev.moqbed.live.node.SubscriberNode;
import dev.moqbed.subscriber.ForwardingSubscriberEvents;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A subscriber's intervals: frames, bytes and latency from its {@link SubscriberEvents#onFrame}
 * events, STOP_SENDING sent and streams the relay reset from its report, all on the subscriber's
 * event loop. Wrap the subscriber's events with {@link #events}, then {@link #attach} the
 * subscriber.
 */
public final class SubscriberProbe implements IntervalProbe, SubscriberNode.Observer {
  private final long lateMicros;
  private final Map<String, TrackWindow> windows = new LinkedHashMap<>();
  private final Map<String, CounterDelta> stopSending = new LinkedHashMap<>();
  private final Map<String, CounterDelta> resets = new LinkedHashMap<>();
  private Subscriber subscriber;

  /**
   * @param tracks the subscribed tracks
   * @param lateMicros the deadline a frame is counted late past; 0 = none
   */
  public SubscriberProbe(List<String> tracks, long lateMicros) {
    this.lateMicros = lateMicros;
    for (String track : tracks) {
      windows.put(track, new TrackWindow(track, true));
      stopSending.put(track, new CounterDelta());
      resets.put(track, new CounterDelta());
    }
  }

  /** {@code delegate}'s events, each frame counted first. */
  @Override
  public SubscriberEvents events(SubscriberEvents delegate) {
    return new ForwardingSubscriberEvents(delegate) {
      @Override
      public void onFrame(FrameRecord frame) {
        TrackWindow window = windows.get(frame.track());
        if (window != null) {
          window.frame(
              frame.sizeBytes(),
              frame.latencyMicros(),
              lateMicros > 0 && frame.latencyMicros() > lateMicros);
        }
        super.onFrame(frame);
      }
    };
  }

  /** The subscriber whose report gives the STOP_SENDING and reset counts. */
  @Override
  public void attach(Subscriber subscriber) {
    this.subscriber = subscriber;
  }

  @Override
  public List<TrackInterval> takeTracks() {
    if (subscriber != null) {
      SubscriberReport report = subscriber.report(false, "interval");
      for (TrackReport track : report.tracks()) {
        TrackWindow window = windows.get(track.track());
        if (window != null) {
          window.stopSending(stopSending.get(track.track()).since(track.stopSendingSent()));
          window.reset(resets.get(track.track()).since(track.streamsReset()));
        }
      }
    }
    List<TrackInterval> intervals = new ArrayList<>();
    for (TrackWindow window : windows.values()) {
      intervals.add(window.take());
    }
    return intervals;
  }
}
