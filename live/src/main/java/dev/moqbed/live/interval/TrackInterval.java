package dev.moqbed.live.interval;

import org.HdrHistogram.Histogram;

/**
 * What happened to one track in one interval, at one end (or several ends merged).
 *
 * @param track the track's name (without namespace)
 * @param frames objects received (subscriber), sent (publisher) or forwarded (relay)
 * @param bytes payload bytes of those objects
 * @param latency frame latency in microseconds in this interval only; null where this end does not
 *     measure latency (publisher, relay)
 * @param late frames later than the subscriber's deadline
 * @param stopSending STOP_SENDING sent (subscriber) or received (publisher, relay)
 * @param reset group streams the relay reset towards the subscriber (its queue policy cancelled the
 *     rest of the group)
 * @param dropped groups the relay dropped for a subscriber, for any reason
 */
public record TrackInterval(
    String track,
    long frames,
    long bytes,
    Histogram latency,
    long late,
    long stopSending,
    long reset,
    long dropped) {

  /** Nothing happened to {@code track}. */
  public static TrackInterval empty(String track, boolean withLatency) {
    return new TrackInterval(
        track, 0, 0, withLatency ? TrackWindow.newHistogram() : null, 0, 0, 0, 0);
  }

  /** Both counts added, the latency histograms merged (neither is changed). */
  public TrackInterval plus(TrackInterval other) {
    Histogram merged = null;
    if (latency != null || other.latency != null) {
      merged = TrackWindow.newHistogram();
      if (latency != null) {
        merged.add(latency);
      }
      if (other.latency != null) {
        merged.add(other.latency);
      }
    }
    return new TrackInterval(
        track,
        frames + other.frames,
        bytes + other.bytes,
        merged,
        late + other.late,
        stopSending + other.stopSending,
        reset + other.reset,
        dropped + other.dropped);
  }
}
