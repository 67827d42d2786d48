package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.GapRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The relay goes away in the middle of the media and another takes its place: the same publisher
 * and subscriber continue with new sessions, and in virtual time (no loss) every frame of the
 * subscription is either received or counted in the gap, exactly.
 */
class RelayRestartTest {
  private static final MemoryLink LINK = MemoryLink.ofDelay(1_000);

  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final List<String> log = new ArrayList<>();
  private final List<FrameRecord> frames = new ArrayList<>();
  private final List<GapRecord> gaps = new ArrayList<>();
  private final List<SubscriberReport> reports = new ArrayList<>();
  private int publisherLosses;
  private int subscriberLosses;
  private boolean announced;

  @Test
  void shouldCountEveryFrameOfTheGapAfterARelayRestart() {
    Publisher publisher =
        new Publisher(
            scheduler,
            new PublisherConfig(
                "live", MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX), 6_000_000, true, 500_000),
            new PublisherEvents() {
              @Override
              public void onAnnounced() {
                announced = true;
              }

              @Override
              public void onDisconnected(String peer, SessionClose close) {
                publisherLosses++;
              }
            },
            AuthorizationToken.NONE);
    publisher.continueAcrossSessions();
    Subscriber subscriber =
        new Subscriber(
            scheduler,
            new SubscriberConfig("live", VirtualChain.TRACKS, 0, Set.of(), 0, 2_000_000),
            new SubscriberEvents() {
              @Override
              public void onFrame(FrameRecord frame) {
                frames.add(frame);
              }

              @Override
              public void onDisconnected(String reason) {
                subscriberLosses++;
              }

              @Override
              public void onGap(GapRecord gap) {
                gaps.add(gap);
              }

              @Override
              public void onFinished(SubscriberReport report) {
                reports.add(report);
              }

              @Override
              public void onLog(String line) {
                log.add(line);
              }
            });
    subscriber.continueAcrossSessions();

    Relay first = new Relay(scheduler, RelayConfig.DEFAULT, line -> log.add("relay 1: " + line));
    MemoryTransport.Pair publisherPair = connect(first, publisher, "publisher");
    scheduler.runWhile(() -> !announced, 1_000_000);
    MemoryTransport.Pair subscriberPair = connect(first, subscriber, "subscriber");
    scheduler.runUntil(2_500_000); // in the middle of a video group
    int beforeLoss = frames.size();
    assertTrue(beforeLoss > 100, "frames before the restart: " + beforeLoss);

    // The relay goes away: its ends of both connections close.
    publisherPair.server().close(0x0, "relay stopping");
    subscriberPair.server().close(0x0, "relay stopping");
    scheduler.runUntil(3_800_000);
    assertEquals(1, publisherLosses);
    assertEquals(1, subscriberLosses);
    assertTrue(reports.isEmpty(), "the subscriber waits for the next session");

    Relay second = new Relay(scheduler, RelayConfig.DEFAULT, line -> log.add("relay 2: " + line));
    // The subscriber comes back first: the relay does not know the publisher yet, and it asks
    // again until it does.
    connect(second, subscriber, "subscriber-2");
    scheduler.runUntil(4_100_000);
    connect(second, publisher, "publisher-2");
    scheduler.runWhile(() -> reports.isEmpty(), 20_000_000);

    SubscriberReport report = reports.get(0);
    assertTrue(report.completed(), log.toString());
    assertEquals(3, gaps.size(), gaps.toString());
    // Audio: 50 frames a second, one per group; video: 30 a second, 30 per group.
    assertAccounted(report, "a1", 300, 1);
    assertAccounted(report, "vlow", 180, 30);
    assertAccounted(report, "vmid", 180, 30);
    long lostAudio = report.track("a1").framesLostInGaps();
    // At least the 1.3 s the relay was gone (the second relay answers SUBSCRIBE at 4.1 s+).
    assertTrue(lostAudio >= 65, "a1 lost " + lostAudio);
  }

  /** Every frame from the subscription's first group to the last is received or counted lost. */
  private void assertAccounted(SubscriberReport report, String track, long total, long groupSize) {
    List<FrameRecord> received = frames.stream().filter(f -> f.track().equals(track)).toList();
    long firstGroup = received.get(0).groupId();
    assertEquals(0, received.get(0).objectId(), "starts at a group");
    assertEquals(total / groupSize - 1, received.get(received.size() - 1).groupId(), track);
    long expected = total - firstGroup * groupSize;
    assertEquals(
        expected,
        report.track(track).received() + report.track(track).framesLostInGaps(),
        track + ": received " + report.track(track).received() + ", gaps " + gaps);
    assertEquals(1, report.track(track).gaps());
  }

  private MemoryTransport.Pair connect(
      Relay relay, dev.moqbed.session.MoqtSessionListener role, String name) {
    MemoryTransport.Pair pair = MemoryTransport.pair(scheduler, LINK, LINK, name);
    relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession.client(pair.client(), role, VirtualChain.VERSION);
    return pair;
  }
}
