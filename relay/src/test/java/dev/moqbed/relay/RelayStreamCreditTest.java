package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A subscriber whose QUIC stack allows the relay few unidirectional streams at a time (MAX_STREAMS,
 * raised by one as each stream ends, one link delay later): group streams wait for credit in
 * urgency order instead of being lost, stale groups are dropped by the usual policy, and
 * PUBLISH_DONE announces only the streams that were opened. In virtual time over the in-memory
 * transport, which throws if a stream is opened beyond the limit (where Netty's codec would lose
 * the stream's id). The draft mix: 5 groups of 1 s per video track; 30 ms each way, the 60 ms round
 * trip of the report.
 */
class RelayStreamCreditTest {
  private static final MemoryLink SUBSCRIBER_LINK = MemoryLink.ofDelay(30_000);
  private static final long MEDIA_MICROS = 5_000_000;

  private final RecordingObserver observer = new RecordingObserver();
  private final VirtualChain chain = new VirtualChain(RelayConfig.DEFAULT, observer);

  @Test
  void shouldDeliverEveryGroupThatIsNotStaleInOrderWhenOneStreamIsAllowedAtATime() {
    SubscriberReport report = run(1);

    assertTrue(report.completed(), report.endReason() + chain.log);
    assertEquals(250, report.track("a1").received(), "audio datagrams need no stream credit");
    // vlow is more urgent, so it has the one credit whenever a group of it waits.
    assertEquals(150, report.track("vlow").received(), "every vlow frame");
    Map<Long, Integer> vmid = framesPerGroup("vmid");
    int staleDrops = observer.tracks.get("live/vmid").drops(DropReason.TOO_FAR_BEHIND);
    // A vmid group waits while vlow holds the credit; two groups behind it is stale and dropped.
    // The last two have no newer group behind them and arrive whole once vlow is done.
    assertEquals(Map.of(3L, 30, 4L, 30), vmid, "vmid groups received, frames per group");
    assertEquals(3, staleDrops, "every other vmid group was dropped as stale, none lost");
    assertEquals(0, report.track("vmid").streamsReset(), "a dropped waiting group had no stream");
    assertInOrder("vlow");
    assertInOrder("vmid");
    assertStreamCountsAgree(report, 7);
  }

  @Test
  void shouldDeliverEveryFrameWhenThreeStreamsAreAllowed() {
    SubscriberReport report = run(3);

    assertTrue(report.completed(), report.endReason() + chain.log);
    for (String track : VirtualChain.TRACKS) {
      assertEquals(track.equals("a1") ? 250 : 150, report.track(track).received(), track);
    }
    assertInOrder("vlow");
    assertInOrder("vmid");
    assertStreamCountsAgree(report, 10);
  }

  private SubscriberReport run(int streamLimit) {
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(SUBSCRIBER_LINK, 0, VirtualChain.TRACKS, streamLimit);
    long mediaStart = chain.scheduler.nowMicros();
    chain.runMedia();
    assertEquals(1, chain.reports.size(), chain.log.toString());
    // PUBLISH_DONE's count was right: the subscriber ended when the last announced stream did,
    // not after its 2 s grace time for streams that never come.
    long endedAfter = chain.reportMicros.get(0) - mediaStart;
    assertTrue(endedAfter < MEDIA_MICROS + 500_000, "ended " + endedAfter + " us after the start");
    return chain.reports.get(0);
  }

  /** Frames of {@code track} arrived in (group, object) order. */
  private void assertInOrder(String track) {
    long lastGroup = -1;
    long lastObject = -1;
    for (FrameRecord frame : chain.frames.get(0)) {
      if (!frame.track().equals(track)) {
        continue;
      }
      boolean after =
          frame.groupId() > lastGroup
              || (frame.groupId() == lastGroup && frame.objectId() > lastObject);
      assertTrue(after, track + " " + frame.groupId() + "/" + frame.objectId() + " out of order");
      lastGroup = frame.groupId();
      lastObject = frame.objectId();
    }
  }

  private Map<Long, Integer> framesPerGroup(String track) {
    Map<Long, Integer> groups = new TreeMap<>();
    for (FrameRecord frame : chain.frames.get(0)) {
      if (frame.track().equals(track)) {
        groups.merge(frame.groupId(), 1, Integer::sum);
      }
    }
    return groups;
  }

  /** The relay opened exactly the streams the subscriber saw start (and PUBLISH_DONE announced). */
  private void assertStreamCountsAgree(SubscriberReport report, long expected) {
    long started = 0;
    for (TrackReport track : report.tracks()) {
      started += track.streamsStarted();
    }
    assertEquals(expected, started, "streams the subscriber saw");
    assertEquals(expected, chain.relaySideConnections.get(0).unidirectionalStreamsOpened());
  }
}
