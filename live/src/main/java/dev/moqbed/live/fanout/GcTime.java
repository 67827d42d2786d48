package dev.moqbed.live.fanout;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The collections of this JVM and the time its collectors count for them, all collectors together.
 * For the serial and parallel collectors (a process pinned to one CPU gets the serial one) and G1's
 * young collections that time is stop-the-world: while it runs the subscribers time no frame, and a
 * frame that arrived meanwhile is timed late. The swarm reports it so a reader can see how much of
 * a p99 is the measuring side's own pauses.
 */
record GcTime(long collections, long millis) {
  static GcTime now() {
    long collections = 0;
    long millis = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      collections += Math.max(0, collector.getCollectionCount());
      millis += Math.max(0, collector.getCollectionTime());
    }
    return new GcTime(collections, millis);
  }

  GcTime since(GcTime earlier) {
    return new GcTime(collections - earlier.collections, millis - earlier.millis);
  }
}
