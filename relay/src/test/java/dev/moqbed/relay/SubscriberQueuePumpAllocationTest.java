package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.ThreadMXBean;
import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.relay.auth.RequestAuthorizer;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * What one pump of a subscriber's queue allocates when it walks its subscriptions and their
 * subgroups: nothing. Counted with the thread allocation counter around the pump alone; three
 * tracks of different priorities, three subgroups each, every subgroup still waiting for its
 * stream, so the walk is all the pump does and no byte goes to a session. Deterministic: bytes are
 * counted, no time is measured.
 */
class SubscriberQueuePumpAllocationTest {
  private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final int WARM_UP_PUMPS = 50_000;
  private static final int METERED_PUMPS = 10_000;

  /** A scheduler that keeps the one task the queue asks for, run when the test says. */
  private static final class HeldTask implements Scheduler {
    Runnable task;

    @Override
    public long nowMicros() {
      return 0;
    }

    @Override
    public TimerHandle scheduleAt(long deadlineMicros, Runnable task) {
      this.task = task;
      return null;
    }

    void run() {
      Runnable held = task;
      task = null;
      held.run();
    }
  }

  @Test
  void aPumpThatWalksThreeTracksOfThreeSubgroupsAllocatesNothing() {
    HeldTask scheduler = new HeldTask();
    RelayContext context =
        new RelayContext(
            scheduler, RelayConfig.DEFAULT, line -> {}, RelayObserver.NONE, RequestAuthorizer.OPEN);
    Subscriptions subscriptions = new Subscriptions(() -> {});
    SubscriberQueue queue = new SubscriberQueue(new Peer(context), context, subscriptions);
    for (int priority = 3; priority >= 1; priority--) {
      RelayTrack track =
          new RelayTrack(
              new TrackKey(TrackNamespace.of("live"), ByteString.utf8("t" + priority)),
              null,
              0,
              TrackObserver.NONE);
      track.setPublisherPriority(priority);
      Subscription subscription = new Subscription(null, priority, track, 128, priority);
      subscriptions.add(subscription);
      for (long group = 0; group < 3; group++) {
        SubgroupHeader header =
            new SubgroupHeader(priority, group, SubgroupIdMode.ZERO, 0, priority, true, false);
        subscription.addDelivery(
            new GroupDelivery(new Location(group, 0), header, priority, subscription));
      }
    }

    long perPump = allocatedPerPump(queue, scheduler);

    System.out.printf("queue pump over 3 tracks x 3 subgroups: %d bytes allocated%n", perPump);
    assertEquals(0, perPump);
  }

  /** The fewest bytes one pump allocated (a rare JIT or counter artefact is not the pump's). */
  private static long allocatedPerPump(SubscriberQueue queue, HeldTask scheduler) {
    long threadId = Thread.currentThread().getId();
    for (int i = 0; i < WARM_UP_PUMPS; i++) {
      queue.schedulePump();
      scheduler.run();
    }
    long fewest = Long.MAX_VALUE;
    for (int i = 0; i < METERED_PUMPS; i++) {
      queue.schedulePump();
      long before = THREADS.getThreadAllocatedBytes(threadId);
      scheduler.run();
      fewest = Math.min(fewest, THREADS.getThreadAllocatedBytes(threadId) - before);
    }
    return fewest;
  }
}
