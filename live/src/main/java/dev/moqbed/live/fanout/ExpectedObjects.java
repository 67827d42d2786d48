package dev.moqbed.live.fanout;

import dev.moqbed.media.MediaObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What each subscriber should receive: the objects the publisher sent per track, from the start of
 * the measured window (objects captured earlier are the warm-up).
 */
final class ExpectedObjects {
  private final Map<String, AtomicLong> perTrack = new ConcurrentHashMap<>();
  private volatile long measureFromMicros = Long.MAX_VALUE;

  /** Counts objects captured at or after {@code wallMicros} from now on. */
  void measureFrom(long wallMicros) {
    measureFromMicros = wallMicros;
  }

  /** The publisher sent {@code object} (on its loop). */
  void onObjectSent(MediaObject object) {
    if (object.captureTimeMicros() >= measureFromMicros) {
      perTrack.computeIfAbsent(object.track().name(), track -> new AtomicLong()).incrementAndGet();
    }
  }

  /** Objects of {@code track} one subscriber should have received. */
  long perSubscriber(String track) {
    AtomicLong count = perTrack.get(track);
    return count == null ? 0 : count.get();
  }
}
