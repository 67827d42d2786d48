package dev.moqbed.media.source;

import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;

/**
 * Produces a track's objects in capture order. The caller schedules itself at {@link
 * #nextCaptureTimeMicros()} and then calls {@link #capture()}.
 */
public interface MediaSource {

  TrackName track();

  /** When the next object is captured, or {@code Long.MAX_VALUE} once the source is exhausted. */
  long nextCaptureTimeMicros();

  /**
   * The next object, stamped with its scheduled capture time.
   *
   * @throws IllegalStateException when the source is exhausted
   */
  MediaObject capture();
}
