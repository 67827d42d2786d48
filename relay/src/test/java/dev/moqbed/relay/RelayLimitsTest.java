package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.SubscriberReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The relay's caps: sessions, subscriptions per session, bytes queued per subscriber. */
class RelayLimitsTest {

  @Test
  void shouldCloseASessionBeyondMaxSessionsWithInternalErrorAndAcceptOneAfterASessionLeaves() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = new VirtualChain(RelayConfig.builder().maxSessions(2).build(), observer);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, VirtualChain.TRACKS);

    SessionClose[] refused = connect(chain, "third");
    assertNotNull(refused[0], "the third session is closed");
    assertEquals(SessionError.INTERNAL_ERROR.code(), refused[0].code());
    assertTrue(refused[0].byPeer());
    assertTrue(refused[0].reason().contains("at most 2 sessions"), refused[0].reason());
    assertEquals(2, chain.relay.sessionCount());
    assertEquals(List.of("third/client"), observer.refusedSessions);
    assertTrue(
        chain.log.stream().anyMatch(line -> line.contains("third/client refused: relay full")),
        chain.log.toString());

    chain.subscriberConnections.get(0).close(0, "leaving");
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    assertNull(connect(chain, "fourth")[0], "a place is free again");
    assertEquals(2, chain.relay.sessionCount());
  }

  @Test
  void shouldAnswerSubscribeErrorBeyondMaxSubscriptionsPerSession() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain =
        new VirtualChain(RelayConfig.builder().maxSubscriptionsPerSession(2).build(), observer);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, VirtualChain.TRACKS);
    chain.runMedia();

    SubscriberReport report = chain.reports.get(0);
    assertEquals(250, report.track("a1").received());
    assertEquals(150, report.track("vlow").received());
    String refusal = report.track("vmid").refusal();
    assertNotNull(refusal, "the third subscription is refused");
    assertTrue(refusal.contains("at most 2 per session"), refusal);
    assertEquals(1, observer.refusedSubscriptions.get(SubscribeRefusal.TOO_MANY_SUBSCRIPTIONS));
    assertTrue(
        chain.log.stream().anyMatch(line -> line.contains("SUBSCRIBE live/vmid refused")),
        chain.log.toString());
  }

  @Test
  void shouldDropGroupsToKeepEachQueueUnderMaxBufferedBytes() {
    long limit = 100_000;
    RecordingObserver limited = new RecordingObserver();
    long[] maxQueued = new long[1];
    VirtualChain chain =
        new VirtualChain(RelayConfig.builder().maxQueuedBytesPerSubscriber(limit).build(), limited);
    runSlowSubscriber(chain, maxQueued);

    int queueFull = limited.track("live/vmid", true).drops(DropReason.QUEUE_FULL);
    assertTrue(queueFull > 0, "groups dropped for the queue limit: " + limited.tracks);
    assertTrue(maxQueued[0] <= limit, "queue never above the limit: " + maxQueued[0]);
    assertTrue(maxQueued[0] > limit / 2, "the queue did fill: " + maxQueued[0]);
    assertEquals(250, chain.reports.get(0).track("a1").received(), "audio is never dropped");
    assertEquals(
        1,
        chain.log.stream().filter(line -> line.contains("queue over 100000 bytes")).count(),
        chain.log.toString());

    // The same link with the default 1 MiB: the queue goes above 100 kB and nothing is dropped
    // for being full.
    RecordingObserver unlimited = new RecordingObserver();
    long[] defaultMax = new long[1];
    runSlowSubscriber(new VirtualChain(RelayConfig.DEFAULT, unlimited), defaultMax);
    assertEquals(0, unlimited.track("live/vmid", true).drops(DropReason.QUEUE_FULL));
    assertTrue(defaultMax[0] > limit, "default queue peak " + defaultMax[0]);
  }

  /** A subscriber on 2 Mbit/s without deadline; records the relay's largest queue. */
  private static void runSlowSubscriber(VirtualChain chain, long[] maxQueued) {
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(new MemoryLink(10_000, 250_000), 0, VirtualChain.TRACKS);
    chain.publisher.startMedia();
    sample(chain, maxQueued);
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 12_000_000);
    assertEquals(1, chain.reports.size(), chain.log.toString());
  }

  private static void sample(VirtualChain chain, long[] maxQueued) {
    maxQueued[0] = Math.max(maxQueued[0], chain.relay.queuedBytes());
    if (chain.reports.isEmpty()) {
      chain.scheduler.scheduleAfter(1_000, () -> sample(chain, maxQueued));
    }
  }

  /** Opens a bare session to the relay; returns how it was closed (null: still open). */
  private static SessionClose[] connect(VirtualChain chain, String name) {
    SessionClose[] closed = new SessionClose[1];
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            chain.scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), name);
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession.client(
        pair.client(),
        new MoqtSessionListener() {
          @Override
          public void onClosed(MoqtSession session, SessionClose close) {
            closed[0] = close;
          }
        },
        VirtualChain.VERSION);
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    return closed;
  }
}
