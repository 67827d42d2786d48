package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.session.transport.SendStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A publisher's reason phrase of malformed UTF-8, forwarded by the relay to a subscriber. Before
 * the codec replaced each malformed byte with '?', 400 bytes of 0xFF decoded into 1200 bytes of
 * U+FFFD, the relay's SUBSCRIBE_ERROR to its subscriber could not be encoded, and an
 * IllegalArgumentException escaped from the publisher's session (the fuzz finding in
 * docs/security.md).
 */
class MalformedReasonForwardingTest {
  private static final MoqtCodec CODEC =
      MoqtCodecs.create(VirtualChain.VERSION, MoqtLimits.DEFAULT);
  private static final TrackNamespace EVIL = TrackNamespace.of("evil");

  /** The relay's first request to a session it serves: server request ids are odd. */
  private static final long RELAY_FIRST_REQUEST_ID = 1;

  @Test
  void shouldForwardSubscribeErrorWhenPublisherReasonIsMalformedUtf8() {
    VirtualChain chain = new VirtualChain();
    SendStream publisher = connectRawPublisher(chain);
    SubscribeErrorListener subscriber = new SubscribeErrorListener();
    chain.connect(subscriber, "sub");

    // SUBSCRIBE_ERROR (0x05) for the relay's SUBSCRIBE: request id, error code 0, 400 bytes 0xFF.
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    payload.write((int) RELAY_FIRST_REQUEST_ID);
    payload.write(0x00);
    payload.write(0x41); // reason length 400 as a two-byte varint: 0x4190
    payload.write(0x90);
    for (int i = 0; i < 400; i++) {
      payload.write(0xFF);
    }
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    frame.write(0x05);
    frame.write(payload.size() >>> 8);
    frame.write(payload.size() & 0xFF);
    frame.writeBytes(payload.toByteArray());
    publisher.write(ByteBuffer.wrap(frame.toByteArray()));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    assertNotNull(subscriber.error, "the subscriber hears the refusal");
    assertEquals("?".repeat(400), subscriber.error.reason());
    assertFalse(subscriber.session.isClosed());
  }

  /** A publisher without a session: CLIENT_SETUP and PUBLISH_NAMESPACE as bytes on its stream. */
  private static SendStream connectRawPublisher(VirtualChain chain) {
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            chain.scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), "raw");
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    SendStream control = pair.client().openBidirectionalStream().send();
    control.write(
        encode(
            new ClientSetup(
                List.of(VirtualChain.VERSION.setupVersionNumber()), KeyValuePairs.NONE)));
    control.write(encode(new PublishNamespace(0, EVIL, KeyValuePairs.NONE)));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    return control;
  }

  private static ByteBuffer encode(ControlMessage message) {
    WireWriter out = CODEC.newWriter();
    CODEC.encodeControl(message, out);
    return out.view();
  }

  /** Subscribes to evil/x and keeps the SUBSCRIBE_ERROR. */
  private static final class SubscribeErrorListener implements MoqtSessionListener {
    MoqtSession session;
    SubscribeError error;

    @Override
    public void onReady(MoqtSession session) {
      this.session = session;
      session.send(
          new Subscribe(
              session.nextRequestId(),
              EVIL,
              ByteString.utf8("x"),
              0,
              GroupOrder.ASCENDING,
              true,
              SubscribeFilter.nextGroupStart(),
              KeyValuePairs.NONE));
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      if (message instanceof SubscribeError refused) {
        error = refused;
      }
    }
  }
}
