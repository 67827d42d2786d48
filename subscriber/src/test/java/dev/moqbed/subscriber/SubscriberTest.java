package dev.moqbed.subscriber;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The subscriber against a scripted relay end, in virtual time with a 10 ms one-way delay. */
class SubscriberTest {
  private final VirtualScheduler scheduler = new VirtualScheduler(10_000_000);
  private final ScriptedRelay relay = new ScriptedRelay();
  private final List<SubscriberReport> reports = new ArrayList<>();
  private final List<FrameRecord> frames = new ArrayList<>();

  private void start(long lateMicros, long clockOffsetMicros) {
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            scheduler, MemoryLink.ofDelay(10_000), MemoryLink.ofDelay(10_000), "s");
    Subscriber subscriber =
        new Subscriber(
            scheduler,
            new SubscriberConfig(
                "live",
                List.of("a1", "vmid"),
                lateMicros,
                Set.of("vmid"),
                clockOffsetMicros,
                1_000_000),
            new SubscriberEvents() {
              @Override
              public void onFrame(FrameRecord frame) {
                frames.add(frame);
              }

              @Override
              public void onFinished(SubscriberReport report) {
                reports.add(report);
              }
            });
    MoqtSession.server(pair.server(), relay, MoqtVersion.DRAFT_14);
    MoqtSession.client(pair.client(), subscriber, MoqtVersion.DRAFT_14);
    scheduler.runUntil(scheduler.nowMicros() + 100_000);
  }

  private SubgroupWriter group(long groupId) {
    return relay.session.openSubgroup(
        SubgroupHeader.of(relay.aliases.get("vmid"), groupId, 0, 6).withExtensions(true), 6);
  }

  private static SubgroupObject frame(long objectId, long captureMicros, int size) {
    return new SubgroupObject(
        objectId,
        ObjectStatus.NORMAL,
        KeyValuePairs.of(ObjectExtension.captureTimestamp(captureMicros)),
        ByteString.wrapOwned(new byte[size]));
  }

  @Test
  void shouldSubscribeToEveryTrack() {
    start(0, 0);
    assertEquals(Set.of("a1", "vmid"), relay.aliases.keySet());
  }

  @Test
  void shouldRecordLatencyFromCaptureToCompleteArrivalPerFrameKind() {
    start(0, 0);
    long now = scheduler.nowMicros();
    SubgroupWriter writer = group(0);
    writer.write(frame(0, now - 5_000, 5000));
    writer.write(frame(1, now, 100));
    relay.session.sendDatagram(
        ObjectDatagram.of(
            relay.aliases.get("a1"),
            0,
            0,
            2,
            KeyValuePairs.of(ObjectExtension.captureTimestamp(now)),
            ByteString.wrapOwned(new byte[80])));
    scheduler.runUntil(now + 50_000);

    assertEquals(3, frames.size());
    assertEquals(15_000, frames.get(1).latencyMicros(), "captured 5 ms before, 10 ms delay");
    assertEquals(FrameKind.AUDIO, frames.get(0).kind());
    assertEquals(FrameKind.I, frames.get(1).kind());
    assertEquals(FrameKind.P, frames.get(2).kind());
    assertEquals(10_000, frames.get(2).latencyMicros());
  }

  @Test
  void shouldStopTheDroppableGroupWhenAFrameIsLateAndCountItsEnd() {
    start(250_000, 0);
    long now = scheduler.nowMicros();
    SubgroupWriter late = group(0);
    long[] stopCode = {-1};
    late.setListener((w, code) -> stopCode[0] = code);
    late.write(frame(0, now - 300_000, 100));
    scheduler.runUntil(now + 30_000);
    late.write(frame(1, now, 100));
    SubgroupWriter next = group(1);
    next.write(frame(0, now + 30_000, 100));
    scheduler.runUntil(now + 100_000);

    assertEquals(Draft14Codes.RESET_DELIVERY_TIMEOUT, stopCode[0]);
    assertEquals(List.of(0L, 1L), frames.stream().map(FrameRecord::groupId).toList());
    relay.session.send(new PublishDone(relay.requests.get("vmid"), 2, 2, "done"));
    relay.session.send(new PublishDone(relay.requests.get("a1"), 2, 0, "done"));
    next.finish();
    scheduler.runUntil(now + 200_000);

    assertEquals(1, reports.size(), "both streams counted: the stopped one and the finished one");
    TrackReport vmid = reports.get(0).track("vmid");
    assertTrue(reports.get(0).completed());
    assertEquals(1, vmid.stopSendingSent());
    assertEquals(2, vmid.received());
  }

  @Test
  void shouldNotStopATrackThatIsNotDroppable() {
    start(250_000, 0);
    long now = scheduler.nowMicros();
    relay.session.sendDatagram(
        ObjectDatagram.of(
            relay.aliases.get("a1"),
            0,
            0,
            2,
            KeyValuePairs.of(ObjectExtension.captureTimestamp(now - 1_000_000)),
            ByteString.wrapOwned(new byte[80])));
    scheduler.runUntil(now + 50_000);
    assertEquals(1_010_000, frames.get(0).latencyMicros());
    assertTrue(reports.isEmpty());
  }

  @Test
  void shouldSubtractTheClockOffsetFromArrivals() {
    start(250_000, -2_000_000);
    long now = scheduler.nowMicros();
    SubgroupWriter writer = group(0);
    writer.write(frame(0, now, 100));
    scheduler.runUntil(now + 50_000);
    assertEquals(2_010_000, frames.get(0).latencyMicros());
    assertEquals(1, frames.size());
  }

  @Test
  void shouldReportIncompleteWhenTheSessionDropsBeforePublishDone() {
    start(0, 0);
    relay.session.close(dev.moqbed.media.moqt.wire.SessionError.INTERNAL_ERROR, "gone");
    scheduler.runAll();
    assertEquals(1, reports.size());
    assertFalse(reports.get(0).completed());
    assertNull(reports.get(0).track("a1").refusal());
  }

  @Test
  void shouldKeepAnAudioDatagramThatArrivesAheadOfItsSubscribeOk() {
    // The project's QUIC stack puts a DATAGRAM frame ahead of control-stream bytes in a packet, so
    // a relay's first audio object can be read before the SUBSCRIBE_OK that names its alias.
    relay.audioAheadOfAnswer = true;
    start(0, 0);
    assertEquals(1, frames.size(), "the early datagram, once a1's SUBSCRIBE_OK named its alias");
    assertEquals(FrameKind.AUDIO, frames.get(0).kind());
    assertEquals(7, frames.get(0).groupId());
    assertEquals(10_000, frames.get(0).latencyMicros(), "measured when it arrived");
  }

  @Test
  void shouldKeepAVideoStreamThatArrivesAheadOfItsSubscribeOk() {
    // A stream can overtake the control stream too (a more urgent stream, a lost control packet):
    // stopped, the whole group was lost (WebTransportChainNetworkTest: vmid 30 of 60).
    relay.videoAheadOfAnswer = true;
    start(0, 0);
    assertEquals(
        List.of(3L, 3L),
        frames.stream().map(FrameRecord::groupId).toList(),
        "group 3's two frames, once vmid's SUBSCRIBE_OK named its alias");
    assertEquals(
        15_000, frames.get(0).latencyMicros(), "measured when delivered, after the answer");
    relay.session.send(new PublishDone(relay.requests.get("vmid"), 2, 1, "done"));
    relay.session.send(new PublishDone(relay.requests.get("a1"), 2, 0, "done"));
    scheduler.runUntil(scheduler.nowMicros() + 100_000);
    assertEquals(1, reports.size());
    assertEquals(1, reports.get(0).track("vmid").streamsStarted());
    assertTrue(reports.get(0).completed(), "the held stream's end counted: " + reports.get(0));
  }

  @Test
  void shouldStopAStreamOfAnUnknownAliasOnceEverySubscriptionIsAnswered() {
    start(0, 0);
    long[] stopCode = {-1};
    SubgroupWriter stranger =
        relay.session.openSubgroup(SubgroupHeader.of(99, 0, 0, 6).withExtensions(true), 6);
    stranger.setListener((writer, code) -> stopCode[0] = code);
    stranger.write(frame(0, scheduler.nowMicros(), 100));
    scheduler.runUntil(scheduler.nowMicros() + 50_000);
    assertEquals(Draft14Codes.RESET_CANCELLED, stopCode[0], "no answer awaited: not held");
    assertTrue(frames.isEmpty());
  }

  /**
   * The relay end: accepts every SUBSCRIBE with alias 10, 11, ...; with {@link #audioAheadOfAnswer}
   * it sends a1's first datagram (group 7, captured as it answers) before the SUBSCRIBE_OK, with
   * {@link #videoAheadOfAnswer} vmid's group 3 (two frames and its end) 5 ms before the answer.
   */
  private final class ScriptedRelay implements MoqtSessionListener {
    final Map<String, Long> aliases = new HashMap<>();
    final Map<String, Long> requests = new HashMap<>();
    boolean audioAheadOfAnswer;
    boolean videoAheadOfAnswer;
    MoqtSession session;

    @Override
    public void onReady(MoqtSession session) {
      this.session = session;
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      if (message instanceof Subscribe subscribe) {
        long alias = 10 + aliases.size();
        aliases.put(subscribe.trackName().asUtf8(), alias);
        requests.put(subscribe.trackName().asUtf8(), subscribe.requestId());
        if (audioAheadOfAnswer && subscribe.trackName().asUtf8().equals("a1")) {
          session.sendDatagram(
              ObjectDatagram.of(
                  alias,
                  7,
                  0,
                  2,
                  KeyValuePairs.of(ObjectExtension.captureTimestamp(scheduler.nowMicros())),
                  ByteString.wrapOwned(new byte[80])));
        }
        if (videoAheadOfAnswer && subscribe.trackName().asUtf8().equals("vmid")) {
          SubgroupWriter early =
              session.openSubgroup(SubgroupHeader.of(alias, 3, 0, 6).withExtensions(true), 6);
          early.write(frame(0, scheduler.nowMicros(), 1_000));
          early.write(frame(1, scheduler.nowMicros(), 100));
          early.finish();
        }
        SubscribeOk ok =
            new SubscribeOk(
                subscribe.requestId(), alias, 0, GroupOrder.ASCENDING, null, KeyValuePairs.NONE);
        if (videoAheadOfAnswer && subscribe.trackName().asUtf8().equals("vmid")) {
          // as if the answer's packet was lost and came again 5 ms later
          scheduler.scheduleAfter(5_000, () -> session.send(ok));
        } else {
          session.send(ok);
        }
      }
    }
  }
}
