package dev.moqbed.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The in-memory connection's optional stream limit: the client allows the server one unidirectional
 * stream at a time, and gives the credit back (MAX_STREAMS, 5 ms on the up link) when a stream ends
 * at the client: FIN, reset, or its own STOP_SENDING.
 */
class MemoryConnectionStreamLimitTest {
  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final MemoryTransport.Pair pair =
      MemoryTransport.pair(
          scheduler, MemoryLink.ofDelay(5_000), MemoryLink.ofDelay(10_000), "test");
  private final List<ReceiveStream> received = new ArrayList<>();
  private final List<Long> creditMicros = new ArrayList<>();

  MemoryConnectionStreamLimitTest() {
    pair.client().setListener(new Recorder(true));
    pair.server().setListener(new Recorder(false));
    pair.client().limitIncomingUnidirectionalStreams(1);
  }

  @Test
  void shouldRefuseASecondStreamUntilTheFirstHasEndedAtThePeer() {
    assertTrue(pair.server().canOpenUnidirectionalStream());
    SendStream first = pair.server().openUnidirectionalStream(0);
    assertFalse(pair.server().canOpenUnidirectionalStream(), "the one credit is used");
    assertThrows(IllegalStateException.class, () -> pair.server().openUnidirectionalStream(0));
    first.write(ByteBuffer.wrap(new byte[100]));
    first.finish();

    scheduler.runAll();

    // The FIN arrives at 10 ms, MAX_STREAMS 5 ms later.
    assertEquals(List.of(15_000L), creditMicros);
    assertTrue(pair.server().canOpenUnidirectionalStream());
    SendStream second = pair.server().openUnidirectionalStream(0);
    assertEquals(first.id() + 4, second.id(), "no stream id skipped");
    assertEquals(2, pair.server().unidirectionalStreamsOpened());
    assertFalse(pair.server().canOpenUnidirectionalStream());
  }

  @Test
  void shouldGiveCreditBackForAResetStreamAndAStoppedOne() {
    SendStream reset = pair.server().openUnidirectionalStream(0);
    reset.write(ByteBuffer.wrap(new byte[100]));
    scheduler.runUntil(11_000);
    reset.reset(0x2);
    scheduler.runAll();
    assertEquals(List.of(11_000L + 10_000 + 5_000), creditMicros);

    SendStream stopped = pair.server().openUnidirectionalStream(0);
    stopped.write(ByteBuffer.wrap(new byte[100]));
    scheduler.runUntil(scheduler.nowMicros() + 10_000);
    assertEquals(2, received.size());
    long stopMicros = scheduler.nowMicros();
    received.get(1).stopSending(0x2);
    scheduler.runAll();
    assertEquals(stopMicros + 5_000, creditMicros.get(1));
    assertTrue(pair.server().canOpenUnidirectionalStream());
  }

  @Test
  void shouldNotLimitTheOtherDirectionOrBidirectionalStreams() {
    for (int i = 0; i < 3; i++) {
      pair.client().openUnidirectionalStream(0);
      pair.server().openBidirectionalStream();
    }
    assertTrue(pair.client().canOpenUnidirectionalStream());
  }

  /** Keeps the client's peer-opened streams and the times the server hears of credit. */
  private final class Recorder implements TransportListener {
    private final boolean client;

    Recorder(boolean client) {
      this.client = client;
    }

    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {}

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {
      if (client) {
        received.add(stream);
      }
      stream.setListener(
          new ReceiveStreamListener() {
            @Override
            public void onData(ByteBuffer bytes) {}

            @Override
            public void onFinished() {}

            @Override
            public void onReset(long errorCode) {}
          });
    }

    @Override
    public void onUnidirectionalStreamCredit() {
      creditMicros.add(scheduler.nowMicros());
    }

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long code, String reason, boolean byPeer) {}
  }
}
