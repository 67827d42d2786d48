package dev.moqbed.app.demo;

import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.media.source.FlowSource;
import dev.moqbed.media.source.MediaSource;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.runtime.VirtualScheduler;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates every object of a media spec's flows on a {@link VirtualScheduler}, each source
 * rescheduling itself at its next capture time, as a publisher does. The result is the objects in
 * the order they were captured.
 */
public final class MediaMixRun {
  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final List<MediaObject> captured = new ArrayList<>();

  /** Generates all objects of {@code spec}'s flows under {@code namespace}, starting at time 0. */
  public static MediaMixRun generate(MediaSpec spec, String namespace) {
    MediaMixRun run = new MediaMixRun();
    for (MediaFlow flow : spec.flows()) {
      run.schedule(new FlowSource(flow, new TrackName(namespace, flow.id()), 0));
    }
    run.scheduler.runAll();
    return run;
  }

  private void schedule(MediaSource source) {
    long due = source.nextCaptureTimeMicros();
    if (due != Long.MAX_VALUE) {
      scheduler.scheduleAt(
          due,
          () -> {
            captured.add(source.capture());
            schedule(source);
          });
    }
  }

  public List<MediaObject> objects() {
    return List.copyOf(captured);
  }

  public long eventsExecuted() {
    return scheduler.eventsExecuted();
  }

  /** Virtual time of the last capture. */
  public long endMicros() {
    return scheduler.nowMicros();
  }
}
