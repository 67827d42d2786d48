package dev.moqbed.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
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

/** The in-memory connection: delay, rate, urgency order, writability. */
class MemoryConnectionTest {
  private final VirtualScheduler scheduler = new VirtualScheduler();
  // 1,200,000 bytes/s: one 1200-byte chunk per millisecond.
  private final MemoryTransport.Pair pair =
      MemoryTransport.pair(
          scheduler, MemoryLink.ofDelay(0), new MemoryLink(10_000, 1_200_000), "test");
  private final List<String> arrivals = new ArrayList<>();

  private void recordArrivals() {
    pair.client()
        .setListener(
            new TransportListener() {
              @Override
              public void onBidirectionalStream(BidirectionalStream stream) {}

              @Override
              public void onUnidirectionalStream(ReceiveStream stream) {
                stream.setListener(
                    new ReceiveStreamListener() {
                      @Override
                      public void onData(ByteBuffer bytes) {
                        arrivals.add(
                            scheduler.nowMicros()
                                + " stream "
                                + stream.id()
                                + " "
                                + bytes.remaining());
                      }

                      @Override
                      public void onFinished() {
                        arrivals.add(scheduler.nowMicros() + " fin " + stream.id());
                      }

                      @Override
                      public void onReset(long errorCode) {}
                    });
              }

              @Override
              public void onDatagram(ByteBuffer payload) {
                arrivals.add(scheduler.nowMicros() + " datagram " + payload.remaining());
              }

              @Override
              public void onClosed(long code, String reason, boolean byPeer) {}
            });
  }

  @Test
  void shouldSerializeChunksAtTheRateAndAddTheDelay() {
    recordArrivals();
    SendStream stream = pair.server().openUnidirectionalStream(3);
    stream.write(ByteBuffer.wrap(new byte[3000]));
    stream.finish();
    scheduler.runAll();
    assertEquals(
        List.of("11000 stream 3 1200", "12000 stream 3 1200", "12500 stream 3 600", "12500 fin 3"),
        arrivals);
  }

  @Test
  void shouldServeLowerUrgencyFirstAndDatagramsBeforeStreams() {
    recordArrivals();
    SendStream late = pair.server().openUnidirectionalStream(6);
    SendStream early = pair.server().openUnidirectionalStream(2);
    late.write(ByteBuffer.wrap(new byte[1200]));
    early.write(ByteBuffer.wrap(new byte[1200]));
    pair.server().sendDatagram(new byte[100]);
    scheduler.runAll();
    assertEquals(3, arrivals.size(), arrivals.toString());
    assertTrue(arrivals.get(0).endsWith("datagram 100"), arrivals.toString());
    assertTrue(arrivals.get(1).contains("stream 7 "), "urgency 2 before 6: " + arrivals);
    assertTrue(arrivals.get(2).contains("stream 3 "), arrivals.toString());
  }

  @Test
  void shouldDeliverAHandedOverDatagramItselfAndACopyOfASentOne() {
    List<ByteBuffer> delivered = new ArrayList<>();
    pair.client().setListener(new DatagramRecorder(delivered));
    byte[] handedOver = {1, 2, 3};
    byte[] sent = {4, 5, 6};
    assertTrue(pair.server().handOverDatagram(handedOver));
    assertTrue(pair.server().sendDatagram(sent));
    sent[0] = 9; // the caller may reuse what it sent: the datagram already has its own copy
    scheduler.runAll();
    assertEquals(2, delivered.size());
    assertSame(handedOver, delivered.get(0).array(), "the handed-over array, not a copy");
    assertEquals(ByteBuffer.wrap(new byte[] {4, 5, 6}), delivered.get(1));
  }

  /** Keeps every datagram the connection delivers. */
  private record DatagramRecorder(List<ByteBuffer> delivered) implements TransportListener {
    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {}

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {}

    @Override
    public void onDatagram(ByteBuffer payload) {
      delivered.add(payload);
    }

    @Override
    public void onClosed(long code, String reason, boolean byPeer) {}
  }

  @Test
  void shouldStopBeingWritableAtTheLimitAndSayWhenWritableAgain() {
    recordArrivals();
    SendStream stream = pair.server().openUnidirectionalStream(0);
    boolean[] writableAgain = {false};
    stream.setListener(
        new dev.moqbed.session.transport.SendStreamListener() {
          @Override
          public void onStopSending(long errorCode) {}

          @Override
          public void onWritable() {
            writableAgain[0] = true;
          }
        });
    stream.write(ByteBuffer.wrap(new byte[70_000]));
    assertFalse(stream.isWritable());
    scheduler.runUntil(10_000);
    assertFalse(writableAgain[0]);
    scheduler.runAll();
    assertTrue(writableAgain[0]);
    assertTrue(stream.isWritable());
  }
}
