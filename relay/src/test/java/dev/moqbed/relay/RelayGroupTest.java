package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.SubscriberReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A relay of several event loops ({@link RelayGroup}) in virtual time: subscribers on other loops
 * than their publisher's get every object, in order, through one subscription per track and loop;
 * leaving, ending and upstream relays work across loops; the relay-wide limits count all loops.
 */
class RelayGroupTest {

  @Test
  void shouldDeliverEveryObjectInOrderToSubscribersOnEveryLoop() {
    VirtualChain chain = new VirtualChain(3, RelayConfig.DEFAULT);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    // Two subscribers on loop 1, one on loop 2, one on the publisher's loop 0.
    for (int loop : new int[] {1, 1, 2, 0}) {
      chain.subscriberRelay = chain.group.relay(loop);
      chain.addSubscriber(MemoryLink.ofDelay(10_000), 250_000, VirtualChain.TRACKS);
    }
    assertEquals(3, chain.group.relay(0).trackCount(), "the publisher's loop: one per track");
    assertEquals(3, chain.group.relay(1).trackCount(), "loop 1 subscribes once per track");
    assertEquals(3, chain.group.relay(2).trackCount());
    assertEquals(1, chain.group.relay(0).subscriberPaths().size(), "loop 0's own subscriber");
    chain.runMedia();

    assertEquals(4, chain.reports.size(), chain.log.toString());
    for (SubscriberReport report : chain.reports) {
      assertTrue(report.completed(), report.endReason());
      assertEquals(250, report.track("a1").received(), chain.log.toString());
      assertEquals(150, report.track("vlow").received());
      assertEquals(150, report.track("vmid").received());
      // The hop between loops is in-process: still 1 ms + 10 ms for every frame.
      assertEquals(11_000, report.track("a1").latency().getMaxValue(), 11);
    }
    for (List<FrameRecord> frames : chain.frames) {
      for (String track : VirtualChain.TRACKS) {
        assertInOrder(frames, track);
      }
      for (FrameRecord frame : frames) {
        assertEquals(1, frame.relayArrivalsMicros().size(), "stamped once, by the receiving loop");
      }
    }
    assertEquals(1, chain.publisher.report().objectsSent("a1") / 250, "one audio track sent");
  }

  @Test
  void shouldUnsubscribeAtThePublisherWhenTheLastSubscriberOnAnotherLoopLeaves() {
    VirtualChain chain = new VirtualChain(2, RelayConfig.DEFAULT);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.subscriberRelay = chain.group.relay(1);
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, VirtualChain.TRACKS);
    chain.publisher.startMedia();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 500_000);
    assertEquals(3, chain.group.relay(0).trackCount());

    chain.subscriberConnections.get(0).close(0, "gone");
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    assertEquals(0, chain.group.relay(1).trackCount(), chain.log.toString());
    assertEquals(0, chain.group.relay(0).trackCount(), "the holding loop unsubscribed upstream");
  }

  @Test
  void shouldEndSubscribersOnAnotherLoopWhenThePublisherGoes() {
    VirtualChain chain = new VirtualChain(2, RelayConfig.DEFAULT);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.subscriberRelay = chain.group.relay(1);
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, VirtualChain.TRACKS);
    chain.publisher.startMedia();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 1_000_000);
    chain.publisherConnection.close(0, "killed");
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 5_000_000);

    assertEquals(1, chain.reports.size(), chain.log.toString());
    assertTrue(chain.reports.get(0).track("a1").received() > 0);
    assertEquals(0, chain.group.relay(1).trackCount());
  }

  @Test
  void shouldRefuseATrackOfANamespaceNoLoopHolds() {
    VirtualChain chain = new VirtualChain(2, RelayConfig.DEFAULT);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.subscriberRelay = chain.group.relay(1);
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1", "nothing"));
    chain.runMedia();
    SubscriberReport report = chain.reports.get(0);
    assertEquals(250, report.track("a1").received(), chain.log.toString());
    assertNotNull(report.track("nothing").refusal(), "the publisher refuses an unknown track");
  }

  @Test
  void shouldForwardFromAnUpstreamRelayLinkedOnAnotherLoop() {
    VirtualChain origin = new VirtualChain();
    origin.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    List<VirtualScheduler> loops = List.of(origin.scheduler, origin.scheduler);
    RelayGroup edge =
        RelayGroup.create(
            loops,
            RelayConfig.DEFAULT,
            line -> origin.log.add("edge: " + line),
            RelayObserver.NONE);
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            origin.scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), "origin");
    origin.relay.serve(pair.server(), VirtualChain.VERSION);
    edge.relay(0).startUpstreamSession(pair.client(), VirtualChain.VERSION, listener -> listener);
    origin.scheduler.runUntil(origin.scheduler.nowMicros() + 100_000);
    origin.subscriberRelay = edge.relay(1);
    origin.addSubscriber(MemoryLink.ofDelay(1_000), 0, VirtualChain.TRACKS);
    assertEquals(3, edge.relay(0).trackCount(), "the linking loop subscribed upstream");
    assertEquals(3, origin.relay.trackCount(), "the origin sees one subscriber per track");
    origin.runMedia();

    SubscriberReport report = origin.reports.get(0);
    assertNull(report.track("a1").refusal(), origin.log.toString());
    assertEquals(250, report.track("a1").received(), origin.log.toString());
    assertEquals(150, report.track("vmid").received());
    for (FrameRecord frame : origin.frames.get(0)) {
      assertEquals(2, frame.relayArrivalsMicros().size(), "stamped by the origin and the edge");
    }
    assertInOrder(origin.frames.get(0), "vmid");
  }

  @Test
  void shouldCountSessionsAcrossLoopsAgainstTheRelaysLimit() {
    VirtualChain chain = new VirtualChain(2, RelayConfig.builder().maxSessions(2).build());
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.subscriberRelay = chain.group.relay(1);
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.runMedia();
    assertTrue(
        chain.reports.stream().anyMatch(report -> report.track("a1").received() == 250),
        chain.log.toString());
    assertTrue(
        chain.log.stream().anyMatch(line -> line.contains("relay full: at most 2 sessions")),
        "the third session of the relay is refused: " + chain.log);
  }

  /**
   * Objects of {@code track} arrived in object order within each group, none twice, and no group
   * began after a later one had (with fast links the newest-group-first service never reorders).
   */
  private static void assertInOrder(List<FrameRecord> frames, String track) {
    java.util.Map<Long, Long> lastObjectByGroup = new java.util.HashMap<>();
    long newestGroup = -1;
    for (FrameRecord frame : frames) {
      if (!frame.track().equals(track)) {
        continue;
      }
      Long previous = lastObjectByGroup.put(frame.groupId(), frame.objectId());
      assertTrue(
          previous == null || frame.objectId() > previous,
          track + " group " + frame.groupId() + ": " + frame.objectId() + " after " + previous);
      if (previous == null) {
        assertTrue(frame.groupId() > newestGroup, track + ": group " + frame.groupId() + " late");
        newestGroup = frame.groupId();
      }
    }
    assertTrue(newestGroup >= 0, track + ": no frame");
  }
}
