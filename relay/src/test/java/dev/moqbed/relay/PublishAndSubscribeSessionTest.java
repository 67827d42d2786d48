package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SubgroupReader;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.memory.MemoryConnection;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One MoQT session that both publishes and subscribes: the relay serves it on both sides of one
 * connection, and its leaving ends both.
 */
class PublishAndSubscribeSessionTest {
  private static final TrackNamespace ECHO = TrackNamespace.of("echo");

  @Test
  void shouldServeASessionThatPublishesAndSubscribesOnOneConnection() {
    VirtualChain chain = new VirtualChain();
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    // The session publishes echo/... and subscribes to live/a1.
    BareClient both = new BareClient(true, TrackNamespace.of("live"), "a1");
    MemoryConnection bothConnection = connect(chain, "both", both);
    // A plain subscriber of the echo track that the session publishes.
    BareClient subscriber = new BareClient(false, ECHO, "x");
    connect(chain, "sub", subscriber);

    assertTrue(both.has(PublishNamespaceOk.class), both.messages.toString());
    assertTrue(both.has(SubscribeOk.class), "live/a1 answered: " + both.messages);
    assertNotNull(both.relaySubscribe, "the relay subscribed to echo/x on the same session");
    assertTrue(subscriber.has(SubscribeOk.class), subscriber.messages.toString());
    assertEquals(3, chain.relay.sessionCount(), "one session each, the both-ways one included");
    assertEquals(2, chain.relay.trackCount(), "live/a1 and echo/x");
    SessionSnapshot snapshot = chain.relay.sessionSnapshots().get(1);
    assertTrue(snapshot.publishes(), snapshot.toString());
    assertEquals(1, snapshot.subscriptions(), snapshot.toString());

    // What the session publishes reaches the subscriber, stamped by the relay ...
    SubgroupWriter writer =
        both.session.openSubgroup(SubgroupHeader.of(both.announcedAlias, 0, 0, 64), 64);
    writer.write(SubgroupObject.of(0, ByteString.utf8("hello")));
    writer.finish();
    // ... while it receives the publisher's audio.
    chain.publisher.startMedia();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 1_000_000);
    assertEquals(1, subscriber.objects.size());
    assertEquals("hello", subscriber.objects.get(0).payload().asUtf8());
    assertEquals(
        1,
        ObjectExtension.relayArrivalsMicros(subscriber.objects.get(0).extensions()).length,
        "one relay stamp");
    assertTrue(both.objectsReceived > 40, "about 1 s of audio: " + both.objectsReceived);

    // Its leaving ends what it published and unsubscribes what it subscribed to.
    bothConnection.close(0, "leaving");
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    PublishDone done = subscriber.first(PublishDone.class);
    assertNotNull(done, subscriber.messages.toString());
    assertEquals(Draft14Codes.DONE_GOING_AWAY, done.statusCode());
    assertEquals(1, done.streamCount());
    assertEquals(0, chain.relay.trackCount(), "echo/x ended, live/a1 unsubscribed");
    assertEquals(2, chain.relay.sessionCount());
    assertTrue(chain.relay.sessionSnapshots().get(0).publishes(), "the publisher is left");
  }

  private static MemoryConnection connect(VirtualChain chain, String name, BareClient peer) {
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            chain.scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), name);
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession.client(pair.client(), peer, VirtualChain.VERSION);
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    return pair.client();
  }

  /**
   * A bare MoQT client: optionally publishes {@link #ECHO} (answering the relay's SUBSCRIBE with
   * alias 7), and subscribes to one track, recording what it receives.
   */
  private static final class BareClient implements MoqtSessionListener {
    final boolean publishes;
    final TrackNamespace namespace;
    final String track;
    final List<ControlMessage> messages = new ArrayList<>();
    final List<SubgroupObject> objects = new ArrayList<>();
    final long announcedAlias = 7;
    MoqtSession session;
    Subscribe relaySubscribe;
    long objectsReceived;

    BareClient(boolean publishes, TrackNamespace namespace, String track) {
      this.publishes = publishes;
      this.namespace = namespace;
      this.track = track;
    }

    @Override
    public void onReady(MoqtSession session) {
      this.session = session;
      if (publishes) {
        session.send(new PublishNamespace(session.nextRequestId(), ECHO, KeyValuePairs.NONE));
      }
      session.send(
          new Subscribe(
              session.nextRequestId(),
              namespace,
              ByteString.utf8(track),
              0,
              GroupOrder.ASCENDING,
              true,
              SubscribeFilter.nextGroupStart(),
              KeyValuePairs.NONE));
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      messages.add(message);
      if (message instanceof Subscribe subscribe) {
        relaySubscribe = subscribe;
        session.send(
            new SubscribeOk(
                subscribe.requestId(),
                announcedAlias,
                0,
                GroupOrder.ASCENDING,
                null,
                KeyValuePairs.NONE));
      }
    }

    @Override
    public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
      objects.add(object);
      objectsReceived++;
    }

    @Override
    public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
      objectsReceived++;
    }

    boolean has(Class<? extends ControlMessage> type) {
      return first(type) != null;
    }

    <T extends ControlMessage> T first(Class<T> type) {
      for (ControlMessage message : messages) {
        if (type.isInstance(message)) {
          return type.cast(message);
        }
      }
      return null;
    }
  }
}
