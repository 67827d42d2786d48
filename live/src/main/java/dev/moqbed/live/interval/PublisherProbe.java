package dev.moqbed.live.interval;

import dev.moqbed.live.node.PublisherNode;
import dev.moqbed.media.MediaObject;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.publisher.ForwardingPublisherEvents;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A publisher's intervals: objects and bytes sent from its {@link PublisherEvents#onObjectSent}
 * events, STOP_SENDING received from its report, on the publisher's event loop. A {@link
 * PublisherNode}'s observer: it wraps the events and is attached to the publisher by the node.
 */
public final class PublisherProbe implements IntervalProbe, PublisherNode.Observer {
  private final Map<String, TrackWindow> windows = new LinkedHashMap<>();
  private final Map<String, CounterDelta> stopSending = new LinkedHashMap<>();
  private Publisher publisher;

  public PublisherProbe(List<String> tracks) {
    for (String track : tracks) {
      windows.put(track, new TrackWindow(track, false));
      stopSending.put(track, new CounterDelta());
    }
  }

  /** {@code delegate}'s events, each object sent counted first. */
  @Override
  public PublisherEvents events(PublisherEvents delegate) {
    return new ForwardingPublisherEvents(delegate) {
      @Override
      public void onObjectSent(MediaObject object) {
        TrackWindow window = windows.get(object.track().name());
        if (window != null) {
          window.frame(object.sizeBytes());
        }
        super.onObjectSent(object);
      }
    };
  }

  /**
   * The publisher whose report gives the STOP_SENDING counts; its loop is where the probe is
   * sampled, by the {@link IntervalRun} the program starts there.
   */
  @Override
  public void attach(Publisher publisher, EventLoopScheduler loop) {
    this.publisher = publisher;
  }

  @Override
  public List<TrackInterval> takeTracks() {
    if (publisher != null) {
      for (PublisherReport.TrackSent track : publisher.report().tracks()) {
        TrackWindow window = windows.get(track.track());
        if (window != null) {
          window.stopSending(stopSending.get(track.track()).since(track.stopSendingReceived()));
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
