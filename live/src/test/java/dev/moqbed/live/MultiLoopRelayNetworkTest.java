package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Relays on two event loops each, on loopback, on the project's stack: the kernel spreads the
 * subscribers' connections over the two SO_REUSEPORT sockets, so some run on another loop than the
 * publisher's, and every subscriber still receives every object of every track, each group's in
 * order; the same through two such relays in a row (the edge's upstream link runs on one of its
 * loops, its subscribers on both).
 *
 * <p>Nothing is lost silently: on a loaded machine (load average 8–18 on 2 cores) the publisher's
 * link can deliver a video track's first group so late that the group two after it follows within a
 * few hundred milliseconds, and a relay then drops it as stale, by design. Such a loss must be
 * counted by the subscriber, as streams it saw reset or streams PUBLISH_DONE announced that never
 * came ({@code streamsMissing}: a reset that overtook its stream's header carries no track, so only
 * the stream count tells); the objects missing are at most those groups' frames.
 */
@Tag("network")
class MultiLoopRelayNetworkTest {
  private static final List<String> TRACKS = List.of("a1", "vlow", "vmid");

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void subscribersOnEitherLoopReceiveEveryObjectInOrder() throws Exception {
    run(1);
  }

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void twoMultiLoopRelaysInARowForwardEveryObjectInOrder() throws Exception {
    run(2);
  }

  private static void run(int relays) throws Exception {
    LiveStack stack = LiveStack.of(LiveTransport.MOQBED, "c4");
    MediaSpec media = MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX);
    List<String> log = new CopyOnWriteArrayList<>();
    Map<Integer, List<FrameRecord>> frames = new ConcurrentHashMap<>();
    // Eight subscribers from eight ports: all on one socket of two has odds of 1 in 128.
    LiveChain.Result result =
        LiveChain.run(
            ChainOptions.builder()
                .media(media)
                .durationMicros(3_000_000)
                .subscribers(8)
                .relays(relays)
                .relayLoops(2)
                .stacks(stack, stack)
                .lateMicros(0)
                .droppableTracks(Set.of())
                .log(log::add)
                .frames(
                    (subscriber, frame) ->
                        frames
                            .computeIfAbsent(subscriber, s -> new CopyOnWriteArrayList<>())
                            .add(frame))
                .build());

    List<Integer> lastRelay = result.subscriptionsPerLoop().get(relays - 1);
    assertEquals(2, lastRelay.size(), "two loops");
    assertEquals(24, lastRelay.get(0) + lastRelay.get(1), "8 subscribers x 3 tracks");
    assertTrue(
        lastRelay.get(0) > 0 && lastRelay.get(1) > 0,
        "subscribers on both loops: " + result.subscriptionsPerLoop());
    if (relays == 2) {
      assertEquals(3, result.subscriptionsPerRelay().get(0), "the edge subscribes once per track");
    }
    for (String track : TRACKS) {
      long sent = result.publisher().objectsSent(track);
      assertTrue(sent > 0, track);
      for (SubscriberReport report : result.subscribers()) {
        assertTrue(report.completed(), report.endReason() + " " + log);
        assertNoSilentLoss(sent, report.track(track), Math.max(1, groupSize(media, track)), log);
      }
    }
    assertEquals(8, frames.size());
    for (List<FrameRecord> received : frames.values()) {
      for (String track : TRACKS) {
        assertInOrder(new ArrayList<>(received), track, relays);
      }
    }
  }

  /**
   * Every object sent was received, or the subscriber counted the streams that carried the missing
   * ones (reset, or announced and never come), each at most a group of {@code groupSize} objects.
   */
  private static void assertNoSilentLoss(
      long sent, TrackReport report, long groupSize, List<String> log) {
    long missing = sent - report.received();
    long countedStreams = report.streamsReset() + report.streamsMissing();
    String what =
        report.track()
            + ": sent "
            + sent
            + ", received "
            + report.received()
            + ", streams reset "
            + report.streamsReset()
            + ", missing "
            + report.streamsMissing()
            + ": "
            + log;
    assertTrue(missing >= 0, what);
    assertTrue(missing == 0 || countedStreams > 0, "lost silently: " + what);
    assertTrue(missing <= countedStreams * groupSize, what);
  }

  /** Frames per group of {@code track} in the media the publisher sends (1: a frame per group). */
  private static long groupSize(MediaSpec media, String track) {
    return media.item(track).map(item -> ((MediaFlow) item).groupSize()).orElse(1L).longValue();
  }

  /**
   * A subscriber's objects of {@code track}: within each group in object order, none twice (the
   * relay serves the newest group first, so groups may complete out of order; a group's objects
   * share one stream and must not).
   */
  private static void assertInOrder(List<FrameRecord> frames, String track, int relays) {
    Map<Long, Long> lastObjectByGroup = new java.util.HashMap<>();
    int count = 0;
    for (FrameRecord frame : frames) {
      if (!frame.track().equals(track)) {
        continue;
      }
      count++;
      assertEquals(relays, frame.relayArrivalsMicros().size(), "one stamp per relay");
      Long previous = lastObjectByGroup.put(frame.groupId(), frame.objectId());
      assertTrue(
          previous == null || frame.objectId() > previous,
          track + " group " + frame.groupId() + ": " + frame.objectId() + " after " + previous);
    }
    assertTrue(count > 0, track + ": no frame");
  }
}
