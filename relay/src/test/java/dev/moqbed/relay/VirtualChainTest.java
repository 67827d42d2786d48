package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The three roles end to end over in-memory connections in virtual time. */
class VirtualChainTest {

  @Test
  void shouldDeliverEveryFrameToEverySubscriberWhenLinksAreFast() {
    VirtualChain chain = new VirtualChain();
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    for (int i = 0; i < 3; i++) {
      chain.addSubscriber(MemoryLink.ofDelay(10_000), 250_000, VirtualChain.TRACKS);
    }
    assertEquals(3, chain.relay.trackCount(), "one upstream subscription per track");
    assertEquals(
        3, chain.relay.subscriberPaths().size(), "the publisher's session subscribes to nothing");
    assertEquals(20_000, chain.relay.subscriberPaths().get(0).path().smoothedRttMicros());
    chain.runMedia();

    assertEquals(3, chain.reports.size(), chain.log.toString());
    for (SubscriberReport report : chain.reports) {
      assertTrue(report.completed(), report.endReason());
      assertEquals(250, report.track("a1").received());
      assertEquals(150, report.track("vlow").received());
      assertEquals(150, report.track("vmid").received());
      assertEquals(5, report.track("vmid").received(FrameKind.I));
      assertEquals(145, report.track("vmid").received(FrameKind.P));
      assertEquals(0, report.track("vmid").stopSendingSent());
      // One-way delay 1 ms + 10 ms, no rate limit: every frame takes exactly 11 ms.
      assertEquals(11_000, report.track("a1").latency().getMaxValue(), 11);
      assertEquals(11_000, report.track("vlow").latency().getMinValue(), 11);
      // The relay stamps its arrival: 1 ms from the publisher, 10 ms on to the subscriber.
      for (String track : VirtualChain.TRACKS) {
        TrackReport received = report.track(track);
        assertEquals(2, received.hops(), track + ": publisher -> relay -> subscriber");
        assertEquals(1_000, received.hopLatency(0).getMaxValue(), 1, track);
        assertEquals(10_000, received.hopLatency(1).getMinValue(), 10, track);
        assertEquals(received.received(), received.hopLatency(1).getTotalCount(), track);
      }
    }
    for (FrameRecord frame : chain.frames.get(0)) {
      assertEquals(1, frame.relayArrivalsMicros().size(), "one stamp, from the one relay");
      assertEquals(frame.captureMicros() + 1_000, frame.lastRelayArrivalMicros(), 1);
    }
    assertEquals(250, chain.publisher.report().objectsSent("a1"));
    assertEquals(150, chain.publisher.report().objectsSent("vmid"));
  }

  @Test
  void shouldStopLateVmidGroupsAndResumeAtNextGroupWhenTheLinkIsTooSlow() {
    VirtualChain chain = new VirtualChain();
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    // 2.5 Mbit/s: audio (32 kbit/s) and vlow (1.17 Mbit/s) fit, vmid (1.95 Mbit/s) does not.
    chain.addSubscriber(new MemoryLink(20_000, 312_500), 250_000, VirtualChain.TRACKS);
    chain.runMedia();

    SubscriberReport report = chain.reports.get(0);
    assertTrue(report.completed(), report.endReason() + chain.log);
    assertEquals(250, report.track("a1").received(), "every audio frame");
    assertEquals(150, report.track("vlow").received(), "every vlow frame");
    TrackReport vmid = report.track("vmid");
    assertTrue(vmid.stopSendingSent() > 0, "late vmid groups are stopped");
    assertTrue(vmid.received() < 150, "stopped groups lose frames: " + vmid.received());
    assertTrue(vmid.received() > 0);
    // Audio and vlow are served first: they never wait behind vmid.
    assertTrue(
        report.track("a1").latency().getMaxValue() < 100_000,
        "audio max " + report.track("a1").latency().getMaxValue());

    // After each stopped group, the layer resumes: the next group's I frame arrives.
    List<FrameRecord> vmidFrames =
        chain.frames.get(0).stream().filter(f -> f.track().equals("vmid")).toList();
    long lastGroup = vmidFrames.get(vmidFrames.size() - 1).groupId();
    for (long group = 1; group <= lastGroup; group++) {
      long g = group;
      assertTrue(
          vmidFrames.stream().anyMatch(f -> f.groupId() == g && f.objectId() == 0),
          "vmid group " + g + " starts again with its I frame");
    }
  }

  @Test
  void shouldAnswerSubscribeErrorWhenTrackIsUnknown() {
    VirtualChain chain = new VirtualChain();
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1", "nosuch"));
    chain.runMedia();

    SubscriberReport report = chain.reports.get(0);
    assertEquals(250, report.track("a1").received());
    assertTrue(
        report.track("nosuch").refusal().contains("no track"), report.track("nosuch").refusal());
  }

  @Test
  void shouldAnswerSubscribeErrorWhenNamespaceIsUnknown() {
    VirtualChain chain = new VirtualChain();
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    assertEquals(1, chain.reports.size());
    assertTrue(chain.reports.get(0).track("a1").refusal().contains("no publisher"));
  }

  @Test
  void shouldEndSubscribersWithPublishDoneWhenPublisherDisappears() {
    VirtualChain chain = new VirtualChain();
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, VirtualChain.TRACKS);
    chain.publisher.startMedia();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 1_500_000);
    chain.publisherConnection.close(0x1, "killed");
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 5_000_000);

    assertEquals(1, chain.reports.size(), chain.log.toString());
    SubscriberReport report = chain.reports.get(0);
    assertTrue(report.completed(), "PUBLISH_DONE, not a dropped session: " + report.endReason());
    long audio = report.track("a1").received();
    assertTrue(audio >= 70 && audio <= 80, "about 1.5 s of audio: " + audio);
    assertEquals(0, chain.relay.trackCount());
  }

  @Test
  void shouldFreeQueuesAndUnsubscribeUpstreamWhenTheLastSubscriberDisappears() {
    VirtualChain chain = new VirtualChain();
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    // A very slow subscriber: its queue fills.
    chain.addSubscriber(new MemoryLink(1_000, 50_000), 0, VirtualChain.TRACKS);
    chain.publisher.startMedia();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 2_000_000);
    assertTrue(chain.relay.queuedBytes() > 0);
    chain.subscriberConnections.get(0).close(0, "killed");
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    assertEquals(0, chain.relay.queuedBytes());
    assertEquals(0, chain.relay.trackCount(), "the last subscriber's leaving unsubscribes");
    assertEquals(1, chain.relay.sessionCount(), "only the publisher is left");
  }

  @Test
  void shouldServeAudioFirstAndNewestGroupFirstWithoutReorderingInsideAGroupWhenTheLinkIsSlow() {
    VirtualChain chain = new VirtualChain();
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    // 2 Mbit/s for 3.15 Mbit/s of media, no deadline: the relay's queue for this subscriber grows.
    chain.addSubscriber(new MemoryLink(10_000, 250_000), 0, VirtualChain.TRACKS);
    chain.publisher.startMedia();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 4_000_000);

    List<FrameRecord> frames = chain.frames.get(0);
    // Audio never waits behind video: its worst latency is a few packets at 2 Mbit/s.
    long audioMax =
        frames.stream()
            .filter(f -> f.kind() == FrameKind.AUDIO)
            .mapToLong(FrameRecord::latencyMicros)
            .max()
            .getAsLong();
    assertTrue(audioMax < 30_000, "audio max " + audioMax);
    // Inside a group (one stream), objects arrive in order.
    for (String track : List.of("vlow", "vmid")) {
      for (long group = 0; group < 4; group++) {
        long g = group;
        List<Long> ids =
            frames.stream()
                .filter(f -> f.track().equals(track) && f.groupId() == g)
                .map(FrameRecord::objectId)
                .toList();
        for (int i = 1; i < ids.size(); i++) {
          assertTrue(ids.get(i) > ids.get(i - 1), track + " group " + g + ": " + ids);
        }
      }
    }
    // A newer vmid group takes over from the older one, whose rest waits (it is stale) ...
    int newerIFrame = indexOf(frames, "vmid", 1, 0);
    long olderBefore =
        frames.subList(0, newerIFrame).stream()
            .filter(f -> f.track().equals("vmid") && f.groupId() == 0)
            .count();
    assertTrue(olderBefore > 0 && olderBefore < 30, "group 0 was incomplete: " + olderBefore);
    // ... and is dropped once two newer groups exist: the relay resets it.
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 10_000_000);
    TrackReport vmid = chain.reports.get(0).track("vmid");
    assertTrue(vmid.streamsReset() >= 3, "stale vmid groups reset: " + vmid.streamsReset());
    assertEquals(250, chain.reports.get(0).track("a1").received());
    assertEquals(150, chain.reports.get(0).track("vlow").received(), "vlow keeps up");
  }

  private static int indexOf(List<FrameRecord> frames, String track, long group, long object) {
    for (int i = 0; i < frames.size(); i++) {
      FrameRecord f = frames.get(i);
      if (f.track().equals(track) && f.groupId() == group && f.objectId() == object) {
        return i;
      }
    }
    return -1;
  }
}
