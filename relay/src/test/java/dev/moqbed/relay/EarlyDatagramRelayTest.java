package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.FrameRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A publisher whose QUIC stack puts the first DATAGRAM frame ahead of its SUBSCRIBE_OK (the
 * project's stack does, at equal priority): the relay read the datagram before it knew the alias
 * and dropped it, so a track's first audio frames were lost whenever the answer and the first frame
 * left together (CI's Chromium test lost groups 48 and 49 of 48-399 that way).
 */
class EarlyDatagramRelayTest {
  private static final long ALIAS = 7;

  @Test
  void shouldForwardAudioThatArrivedAheadOfThePublishersSubscribeOk() {
    VirtualChain chain = new VirtualChain();
    EagerPublisher publisher = new EagerPublisher(chain);
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            chain.scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), "publisher");
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession.client(pair.client(), publisher, VirtualChain.VERSION);
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 200_000);

    List<Long> groups = chain.frames.get(0).stream().map(FrameRecord::groupId).toList();
    assertEquals(List.of(48L, 49L, 50L), groups, chain.log.toString());
    FrameRecord first = chain.frames.get(0).get(0);
    assertEquals(
        first.captureMicros() + 1_000,
        first.lastRelayArrivalMicros(),
        "stamped when it reached the relay, not when its alias became known");
  }

  /** Publishes "live"; answers a SUBSCRIBE with two datagrams, then SUBSCRIBE_OK, then a third. */
  private static final class EagerPublisher implements MoqtSessionListener {
    private final VirtualChain chain;

    EagerPublisher(VirtualChain chain) {
      this.chain = chain;
    }

    @Override
    public void onReady(MoqtSession session) {
      session.send(
          new PublishNamespace(
              session.nextRequestId(), TrackNamespace.of("live"), KeyValuePairs.NONE));
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      if (message instanceof Subscribe subscribe) {
        session.sendDatagram(audio(48));
        session.sendDatagram(audio(49));
        session.send(
            new SubscribeOk(
                subscribe.requestId(), ALIAS, 0, GroupOrder.ASCENDING, null, KeyValuePairs.NONE));
        session.sendDatagram(audio(50));
      }
    }

    private ObjectDatagram audio(long groupId) {
      return ObjectDatagram.of(
          ALIAS,
          groupId,
          0,
          0,
          KeyValuePairs.of(ObjectExtension.captureTimestamp(chain.scheduler.nowMicros())),
          ByteString.wrapOwned(new byte[80]));
    }
  }
}
