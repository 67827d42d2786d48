package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.memory.MemoryConnection;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.SubscriberReport;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A peer that starts large objects on many streams and never finishes them cannot make the relay
 * hold more than its caps, and the relay keeps serving an honest publisher and subscriber.
 */
class RelayReceiveMemoryTest {
  private static final int MAX_OBJECT = 1 << 20;
  private static final long PER_SESSION = 4L << 20;
  private static final long TOTAL = 8L << 20;
  private static final int PARTIAL = 900 << 10;
  private static final MemoryLink LINK = MemoryLink.ofDelay(1_000);

  private static RelayConfig caps() {
    return RelayConfig.builder()
        .maxObjectBytes(MAX_OBJECT)
        .maxReceiveBufferPerSession(PER_SESSION)
        .maxReceiveBufferTotal(TOTAL)
        .build();
  }

  /**
   * A subgroup header and the first {@code sentPayload} bytes of an object that declares {@code
   * declaredPayload}: what the attacker writes on each stream, never the rest.
   */
  static byte[] partialObject(int declaredPayload, int sentPayload) {
    MoqtCodec codec = MoqtCodecs.create(VirtualChain.VERSION, MoqtLimits.DEFAULT);
    SubgroupStreamEncoder encoder = codec.newSubgroupStreamEncoder(SubgroupHeader.of(77, 0, 0, 0));
    WireWriter out = codec.newWriter();
    encoder.writeHeader(out);
    encoder.writeObject(SubgroupObject.of(0, ByteString.wrapOwned(new byte[declaredPayload])), out);
    byte[] whole = out.toByteArray();
    return Arrays.copyOf(whole, whole.length - (declaredPayload - sentPayload));
  }

  /** A peer that completes its setup and then only pushes partial objects. */
  private static final class Attacker {
    final MemoryConnection connection;
    SessionClose close;
    boolean ready;

    Attacker(VirtualChain chain, String name) {
      MemoryTransport.Pair pair = MemoryTransport.pair(chain.scheduler, LINK, LINK, name);
      connection = pair.client();
      chain.relay.serve(pair.server(), VirtualChain.VERSION);
      MoqtSession.client(
          connection,
          new MoqtSessionListener() {
            @Override
            public void onReady(MoqtSession session) {
              ready = true;
            }

            @Override
            public void onClosed(MoqtSession session, SessionClose sessionClose) {
              close = sessionClose;
            }
          },
          VirtualChain.VERSION);
      chain.scheduler.runWhile(() -> !ready, chain.scheduler.nowMicros() + 1_000_000);
    }

    void push(int streams, byte[] bytes) {
      for (int i = 0; i < streams; i++) {
        connection.openUnidirectionalStream(0).write(ByteBuffer.wrap(bytes));
      }
    }
  }

  /** Runs {@code micros} of virtual time; returns the most the relay held at any step. */
  private static long runAndWatch(VirtualChain chain, long micros) {
    long[] most = new long[1];
    chain.scheduler.runWhile(
        () -> {
          most[0] = Math.max(most[0], chain.relay.receiveBufferedBytes());
          return true;
        },
        chain.scheduler.nowMicros() + micros);
    return most[0];
  }

  @Test
  void shouldCloseASessionThatHoldsMoreThanItsCapAndKeepServingTheOthers() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = new VirtualChain(caps(), observer);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, LINK);
    chain.addSubscriber(LINK, 0, VirtualChain.TRACKS);
    Attacker attacker = new Attacker(chain, "attacker");

    chain.publisher.startMedia();
    attacker.push(20, partialObject(MAX_OBJECT - 100, PARTIAL));
    long most = runAndWatch(chain, 20_000_000);

    assertEquals(SessionError.INTERNAL_ERROR.code(), attacker.close.code(), "" + attacker.close);
    assertTrue(attacker.close.reason().startsWith("excessive load: "), attacker.close.reason());
    // Seen between deliveries: the delivery that crosses the cap closes the session at once.
    assertTrue(most <= PER_SESSION, "held at most " + most);
    assertTrue(most > PER_SESSION - PARTIAL, "the attacker did come near the cap: " + most);
    assertEquals(0, chain.relay.receiveBufferedBytes(), "all given back");
    assertEquals(java.util.List.of("session"), observer.receiveCapsExceeded);
    assertEquals(1, chain.relay.sessionsClosedForReceiveBuffer());
    assertTrue(
        chain.log.stream().anyMatch(l -> l.contains("attacker/client closed: excessive load: ")),
        chain.log.toString());

    SubscriberReport report = chain.reports.get(0);
    assertEquals(250, report.track("a1").received(), "every audio frame");
    assertEquals(150, report.track("vlow").received(), "every vlow frame");
  }

  @Test
  void shouldCloseTheLargestHolderWhenAllSessionsTogetherPassTheTotal() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = new VirtualChain(caps(), observer);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, LINK);
    chain.addSubscriber(LINK, 0, VirtualChain.TRACKS);
    Attacker small = new Attacker(chain, "small");
    Attacker large = new Attacker(chain, "large");
    Attacker last = new Attacker(chain, "last");
    byte[] partial = partialObject(MAX_OBJECT - 100, PARTIAL);

    chain.publisher.startMedia();
    small.push(3, partial);
    large.push(4, partial);
    runAndWatch(chain, 100_000);
    assertHolds(7, chain.relay.receiveBufferedBytes());
    // Each below its session's cap, but over the total together: the largest holder goes.
    last.push(3, partial);
    long most = runAndWatch(chain, 20_000_000);

    assertEquals(SessionError.INTERNAL_ERROR.code(), large.close.code());
    assertTrue(large.close.reason().contains("--max-receive-buffer-total"), large.close.reason());
    assertEquals(null, small.close, "the smaller holders stay");
    assertEquals(null, last.close, "the one that crossed the total is not the one closed");
    assertTrue(most <= TOTAL, "held at most " + most);
    assertEquals(java.util.List.of("total"), observer.receiveCapsExceeded);
    assertEquals(250, chain.reports.get(0).track("a1").received(), "every audio frame");
  }

  @Test
  void shouldRefuseAnObjectLongerThanTheLimitBeforeBufferingIt() {
    VirtualChain chain = new VirtualChain(caps());
    Attacker attacker = new Attacker(chain, "attacker");
    attacker.push(1, partialObject(MAX_OBJECT + 1, 1000));
    long most = runAndWatch(chain, 1_000_000);

    assertEquals(SessionError.PROTOCOL_VIOLATION.code(), attacker.close.code());
    assertEquals(0, most, "not one byte of it held");
  }

  @Test
  void shouldNotReadStreamsThatArriveBeforeTheSetup() {
    VirtualChain chain = new VirtualChain(caps());
    MemoryTransport.Pair pair = MemoryTransport.pair(chain.scheduler, LINK, LINK, "early");
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    // No CLIENT_SETUP yet: a subgroup stream of a partial object first.
    pair.client().openUnidirectionalStream(0).write(ByteBuffer.wrap(partialObject(1000, 999)));
    long before = runAndWatch(chain, 100_000);
    assertEquals(0, before, "nothing decoded before the setup");
    boolean[] ready = new boolean[1];
    MoqtSession.client(
        pair.client(),
        new MoqtSessionListener() {
          @Override
          public void onReady(MoqtSession session) {
            ready[0] = true;
          }
        },
        VirtualChain.VERSION);
    chain.scheduler.runWhile(() -> !ready[0], chain.scheduler.nowMicros() + 1_000_000);
    assertTrue(ready[0]);
    long held = chain.relay.receiveBufferedBytes();
    assertTrue(held >= 999 && held < 999 + 32, "read once the setup is done: " + held);
  }

  @Test
  void shouldRejectCapsThatCannotHoldTheLargestObject() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                RelayConfig.builder()
                    .maxObjectBytes(16L << 20)
                    .maxReceiveBufferPerSession(16L << 20)
                    .build());
    assertTrue(
        error.getMessage().startsWith("--max-object-size must be below"), error.getMessage());
  }

  /** {@code streams} partial objects held: their payload bytes and a few bytes of fields each. */
  private static void assertHolds(int streams, long held) {
    assertTrue(
        held >= (long) streams * PARTIAL && held < (long) streams * (PARTIAL + 32),
        streams + " partial objects, held " + held);
  }
}
