package dev.moqbed.publisher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SubgroupReader;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The publisher against a scripted relay end, in virtual time. */
class PublisherTest {
  /** Two groups of 30 frames at 30 fps, and 10 audio frames at 50 fps. */
  private static final String SPEC = "=v:s30:p4:S:n60:100:G30:I1000;=a:d50:p2:S:n10:80;";

  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final ScriptedRelay relay = new ScriptedRelay();
  private Publisher publisher;

  private void start() {
    MemoryTransport.Pair pair =
        MemoryTransport.pair(scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), "p");
    publisher =
        new Publisher(
            scheduler,
            new PublisherConfig("live", MediaSpec.parse(SPEC), 0, false, 100_000),
            new PublisherEvents() {});
    MoqtSession.server(pair.server(), relay, MoqtVersion.DRAFT_14);
    MoqtSession.client(pair.client(), publisher, MoqtVersion.DRAFT_14);
    scheduler.runUntil(10_000);
  }

  private void subscribe(long requestId, String track) {
    relay.session.send(
        new Subscribe(
            requestId,
            TrackNamespace.of("live"),
            ByteString.utf8(track),
            128,
            GroupOrder.ASCENDING,
            true,
            SubscribeFilter.nextGroupStart(),
            KeyValuePairs.NONE));
    scheduler.runUntil(scheduler.nowMicros() + 10_000);
  }

  @Test
  void shouldAnnounceItsNamespaceWhenReady() {
    start();
    assertEquals(
        List.of(new PublishNamespace(0, TrackNamespace.of("live"), KeyValuePairs.NONE)),
        relay.messages);
  }

  @Test
  void shouldAnswerSubscribeErrorForAnUnknownTrack() {
    start();
    subscribe(1, "nosuch");
    SubscribeError error = (SubscribeError) relay.messages.get(1);
    assertEquals(1, error.requestId());
    assertEquals(Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST, error.errorCode());
  }

  @Test
  void shouldSendOneStreamPerGroupStampedWithCaptureTimesThenPublishDone() {
    start();
    subscribe(1, "v");
    SubscribeOk ok = (SubscribeOk) relay.messages.get(1);
    long start = scheduler.nowMicros();
    publisher.startMedia();
    scheduler.runAll();

    assertEquals(List.of("stream 0 group 0 fin", "stream 0 group 1 fin"), relay.streamEnds);
    assertEquals(60, relay.objects.size());
    // Frame 7 of group 1: 1 s + ⌊7 × 10^6 / 30⌋ µs after the start, as quicperf schedules it.
    assertEquals(start + 1_000_000 + 233_333, relay.captureTimes.get(37));
    assertEquals(1000, relay.objects.get(30).payload().size(), "I frame");
    assertEquals(100, relay.objects.get(31).payload().size(), "P frame");
    assertTrue(relay.headers.stream().allMatch(h -> h.equals(ok.trackAlias() + "/4")));
    PublishDone done = (PublishDone) relay.messages.get(2);
    assertEquals(new PublishDone(1, Draft14Codes.DONE_TRACK_ENDED, 2, "track ended"), done);
    assertEquals(60, publisher.report().objectsSent("v"));
    assertEquals(0, publisher.report().objectsSent("a"), "nobody subscribed to the audio");
  }

  @Test
  void shouldWriteNothingMoreToAStoppedGroupAndResumeWithTheNext() {
    start();
    subscribe(1, "v");
    relay.stopAtFirstObject = true;
    publisher.startMedia();
    scheduler.runUntil(scheduler.nowMicros() + 500_000);
    relay.stopAtFirstObject = false;
    scheduler.runAll();

    assertEquals(1 + 30, relay.objects.size(), "object 0 of group 0, then all of group 1");
    assertEquals(1, publisher.report().tracks().get(0).stopSendingReceived());
  }

  @Test
  void shouldSendAudioAsDatagramsWithCaptureTimes() {
    start();
    subscribe(1, "a");
    long start = scheduler.nowMicros();
    publisher.startMedia();
    scheduler.runAll();
    assertEquals(10, relay.datagrams.size());
    ObjectDatagram fourth = relay.datagrams.get(3);
    assertEquals(3, fourth.groupId(), "each audio frame is its own group");
    assertEquals(
        start + 3 * 20_000, ObjectExtension.captureTimeMicros(fourth.extensions()).getAsLong());
  }

  /** The relay end: accepts the namespace and records everything. */
  private static final class ScriptedRelay implements MoqtSessionListener {
    final List<ControlMessage> messages = new ArrayList<>();
    final List<SubgroupObject> objects = new ArrayList<>();
    final List<Long> captureTimes = new ArrayList<>();
    final List<String> headers = new ArrayList<>();
    final List<String> streamEnds = new ArrayList<>();
    final List<ObjectDatagram> datagrams = new ArrayList<>();
    boolean stopAtFirstObject;
    MoqtSession session;

    @Override
    public void onReady(MoqtSession session) {
      this.session = session;
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      messages.add(message);
      if (message instanceof PublishNamespace publish) {
        session.send(new PublishNamespaceOk(publish.requestId()));
      }
    }

    @Override
    public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
      headers.add(reader.header().trackAlias() + "/" + reader.header().publisherPriority());
    }

    @Override
    public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
      objects.add(object);
      captureTimes.add(ObjectExtension.captureTimeMicros(object.extensions()).getAsLong());
      if (stopAtFirstObject) {
        reader.stopSending(Draft14Codes.RESET_DELIVERY_TIMEOUT);
      }
    }

    @Override
    public void onSubgroupEnded(
        MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
      streamEnds.add(
          "stream "
              + reader.header().trackAlias()
              + " group "
              + reader.header().groupId()
              + (reset ? " reset" : " fin"));
    }

    @Override
    public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
      datagrams.add(datagram);
    }
  }
}
