package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.subscriber.SubscriberReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the relay reports to its observer and in its snapshots. */
class RelayObserverTest {

  @Test
  void shouldReportEveryForwardedObjectWithItsBytesAndNoAddedLatencyWhenLinksAreFast() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = new VirtualChain(RelayConfig.DEFAULT, observer);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(MemoryLink.ofDelay(5_000), 250_000, VirtualChain.TRACKS);
    chain.addSubscriber(MemoryLink.ofDelay(5_000), 250_000, VirtualChain.TRACKS);
    assertEquals(3, observer.opened.size(), "publisher and two subscribers");
    chain.runMedia();

    assertEquals(2, chain.reports.size(), chain.log.toString());
    for (String track : VirtualChain.TRACKS) {
      RecordingObserver.Track seen = observer.track("live/" + track, true);
      long received = 0;
      for (SubscriberReport report : chain.reports) {
        received += report.track(track).received();
      }
      assertEquals(received, seen.objects, track + ": one report per object and subscriber");
      assertEquals(2 * bytesSent(chain, track), seen.bytes, track);
      // In virtual time, on links that are always writable, an object leaves when it arrives.
      assertEquals(0, seen.maxAddedLatencyMicros, track);
      assertTrue(seen.drops.isEmpty(), track + " " + seen.drops);
    }
  }

  @Test
  void shouldReportQueueingTimeAndStopSendingDropsOnASlowLink() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = new VirtualChain(RelayConfig.DEFAULT, observer);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    // 2.5 Mbit/s for 3.15 Mbit/s of media: vmid waits in the relay and gets stopped.
    chain.addSubscriber(new MemoryLink(20_000, 312_500), 250_000, VirtualChain.TRACKS);
    chain.publisher.startMedia();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 2_500_000);
    List<SessionSnapshot> during = chain.relay.sessionSnapshots();
    chain.runMedia();

    assertEquals(2, during.size());
    assertTrue(during.get(0).publishes());
    assertEquals(0, during.get(0).subscriptions());
    SessionSnapshot subscriber = during.get(1);
    assertEquals(3, subscriber.subscriptions());
    assertTrue(subscriber.openStreams() > 0, "group streams open: " + subscriber);
    assertEquals(20_000 * 2, subscriber.path().smoothedRttMicros());

    RecordingObserver.Track vmid = observer.track("live/vmid", true);
    long stopped = chain.reports.get(0).track("vmid").stopSendingSent();
    assertTrue(stopped > 0);
    assertEquals(
        stopped,
        vmid.stopSending,
        "every STOP_SENDING the subscriber sent "
            + vmid.drops
            + observer.tracks.get("live/vlow").stopSending
            + " "
            + observer.tracks.get("live/a1").stopSending
            + chain.reports.get(0).track("vmid").streamsReset());
    assertTrue(vmid.drops(DropReason.STOP_SENDING) > 0, vmid.drops.toString());
    assertTrue(vmid.drops(DropReason.STOP_SENDING) <= vmid.stopSending);
    assertTrue(vmid.maxAddedLatencyMicros > 10_000, "vmid waits: " + vmid.maxAddedLatencyMicros);
    // Objects already handed over when the subscriber stopped their stream never arrive.
    assertTrue(vmid.objects >= chain.reports.get(0).track("vmid").received());
    for (String track : List.of("a1", "vlow")) {
      assertEquals(
          chain.reports.get(0).track(track).received(),
          observer.track("live/" + track, true).objects);
    }
  }

  @Test
  void shouldReportSessionsClosingAndEmptySnapshotsAfterSubscribersLeave() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = new VirtualChain(RelayConfig.DEFAULT, observer);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(new MemoryLink(1_000, 50_000), 0, VirtualChain.TRACKS);
    chain.publisher.startMedia();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 2_000_000);
    SessionSnapshot slow = chain.relay.sessionSnapshots().get(1);
    assertTrue(slow.queuedBytes() > 0 && slow.queuedObjects() > 0, slow.toString());

    chain.subscriberConnections.get(0).close(0, "killed");
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    assertEquals(List.of("sub0/client"), observer.closed);
    List<SessionSnapshot> after = chain.relay.sessionSnapshots();
    assertEquals(1, after.size(), "only the publisher");
    assertEquals(0, after.get(0).queuedBytes());
    assertEquals(0, after.get(0).openStreams());
  }

  private static long bytesSent(VirtualChain chain, String track) {
    return chain.publisher.report().tracks().stream()
        .filter(sent -> sent.track().equals(track))
        .mapToLong(PublisherReport.TrackSent::bytesSent)
        .sum();
  }
}
