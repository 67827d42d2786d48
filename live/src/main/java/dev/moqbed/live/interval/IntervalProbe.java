package dev.moqbed.live.interval;

import java.util.List;

/**
 * What one role reports per interval, read on that role's event loop by its {@link
 * IntervalSampler}: each call returns the counts since the previous call.
 */
public interface IntervalProbe {
  /** Per track, what happened since the last call; the windows start again from zero. */
  List<TrackInterval> takeTracks();

  /** The relay's paths now; null for an end that is not a relay. */
  default PathInterval path() {
    return null;
  }
}
