package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.recovery.TransportDefaults;
import org.junit.jupiter.api.Test;

/**
 * {@link QuicConnection#setReceivePaused}: a paused stream's bytes are neither delivered nor
 * credited, so the sender stops at the window it had; resumed, every byte arrives in order.
 */
class StreamReceivePauseTest {
  private static final int TOTAL = 2_000_000;

  /** Counts the in-order bytes of the client's stream; pauses it on its first bytes. */
  private static final class PausingServer implements ConnectionHandler {
    long delivered;
    long nextOffset;
    boolean finished;
    boolean pauseOnFirst = true;

    @Override
    public void onStreamData(
        QuicConnection connection,
        long nowMicros,
        long streamId,
        long offset,
        int length,
        ByteSlice data,
        boolean fin) {
      assertEquals(nextOffset, offset, "in order");
      nextOffset = offset + length;
      delivered += length;
      finished |= fin;
      if (pauseOnFirst) {
        pauseOnFirst = false;
        connection.setReceivePaused(streamId, true);
      }
    }
  }

  @Test
  void shouldHoldTheSenderAtItsWindowWhilePausedAndDeliverEverythingOnResume() {
    ConnectionPair pair = ConnectionPair.builder().bitsPerSecond(50_000_000).build();
    VirtualScheduler scheduler = pair.scheduler;
    QuicConnection client = pair.client;
    QuicConnection server = pair.server;
    PausingServer handler = new PausingServer();
    client.setHandler(new ConnectionHandler() {});
    server.setHandler(handler);
    pair.start();
    scheduler.runWhile(() -> !client.isReady(), 1_000_000);
    long stream = client.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
    client.writeCount(stream, TOTAL);
    client.finish(stream);

    scheduler.runUntil(scheduler.nowMicros() + 2_000_000);
    long sentWhilePaused = client.stats().bytesSent();
    assertTrue(
        handler.delivered > 0 && handler.delivered < 2_000, "one frame: " + handler.delivered);
    // The initial stream window and packet overhead, not the 2 MB the client has to send.
    long window = TransportDefaults.INITIAL_MAX_STREAM_DATA_UNI_BYTES;
    assertTrue(sentWhilePaused < window + 20_000, "sent while paused: " + sentWhilePaused);
    scheduler.runUntil(scheduler.nowMicros() + 1_000_000);
    long later = client.stats().bytesSent() - sentWhilePaused;
    assertTrue(later < 5_000, "at most acknowledgements and probes while paused: " + later);

    server.setReceivePaused(stream, false);
    scheduler.runWhile(() -> !handler.finished, scheduler.nowMicros() + 10_000_000);
    assertEquals(TOTAL, handler.delivered);
    assertTrue(handler.finished);
  }
}
