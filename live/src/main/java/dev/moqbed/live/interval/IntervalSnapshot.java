package dev.moqbed.live.interval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One interval as one or more ends saw it: its bounds (microseconds since the run started), per
 * track what happened, and the relay's paths (null where no relay reports).
 */
public record IntervalSnapshot(
    long fromMicros, long toMicros, List<TrackInterval> tracks, PathInterval path) {

  public IntervalSnapshot {
    tracks = List.copyOf(tracks);
  }

  /**
   * This interval and {@code other} as one: the tracks of both (the same track's counts added, in
   * the order this one lists them, then the other's new ones), the first path known, and bounds
   * spanning both. Merges the ends of one interval as well as consecutive intervals (the summary).
   */
  public IntervalSnapshot plus(IntervalSnapshot other) {
    Map<String, TrackInterval> merged = new LinkedHashMap<>();
    for (TrackInterval track : tracks) {
      merged.merge(track.track(), track, TrackInterval::plus);
    }
    for (TrackInterval track : other.tracks) {
      merged.merge(track.track(), track, TrackInterval::plus);
    }
    return new IntervalSnapshot(
        Math.min(fromMicros, other.fromMicros),
        Math.max(toMicros, other.toMicros),
        new ArrayList<>(merged.values()),
        path != null ? path : other.path);
  }

  /** The track named {@code track}, or null. */
  public TrackInterval track(String track) {
    for (TrackInterval interval : tracks) {
      if (interval.track().equals(track)) {
        return interval;
      }
    }
    return null;
  }
}
