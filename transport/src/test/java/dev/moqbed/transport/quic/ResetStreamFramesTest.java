package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.Datagram;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * RESET_STREAM frames as the sender owes them: each reset stream's frame goes out once, again when
 * the packet that carried it was lost, and never after the peer acknowledged it, whatever the
 * number of other streams. The connection counts the streams that owe one ({@link DueResets})
 * instead of asking every stream for every packet, so the count must follow every change.
 */
class ResetStreamFramesTest {
  private final List<Long> resetsSent = new ArrayList<>();
  private final Set<Long> dropOnce = new HashSet<>();

  @Test
  void eachResetGoesOutOnceAgainAfterALossAndNeverAfterItsAcknowledgement() {
    ConnectionPair pair = ConnectionPair.builder().dropToClient(this::seenByClient).build();
    pair.start();
    assertTrue(pair.handshake(2_000_000), "handshake");
    QuicConnection server = pair.server;
    List<Long> streams = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      long id = server.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
      server.write(id, ByteSlice.of(new byte[3_000]));
      streams.add(id);
    }
    pair.scheduler.runUntil(pair.scheduler.nowMicros() + 5_000);
    // Streams 1 and 4 lose their first RESET_STREAM, each alone in its datagram; 0, 2 and 3 do
    // not; 5 is never reset. Each step has time for losses to be found and resets acknowledged.
    dropOnce.add(streams.get(1));
    dropOnce.add(streams.get(4));
    resetAndRun(pair, streams, 7, 1);
    resetAndRun(pair, streams, 7, 0, 2);
    resetAndRun(pair, streams, 8, 4);
    resetAndRun(pair, streams, 8, 3, 0); // stream 0 twice: nothing more is owed

    for (int i = 0; i < 6; i++) {
      long id = streams.get(i);
      long expected = i == 5 ? 0 : (i == 1 || i == 4) ? 2 : 1;
      assertEquals(
          expected, resetsSent.stream().filter(s -> s == id).count(), "RESET_STREAM of " + id);
    }
    assertTrue(dropOnce.isEmpty(), "both dropped resets were sent");
    assertFalse(hasResetDue(server), "nothing owed once every reset was acknowledged");
  }

  private static void resetAndRun(
      ConnectionPair pair, List<Long> streams, long errorCode, int... which) {
    for (int i : which) {
      pair.server.resetStream(streams.get(i), errorCode);
    }
    pair.scheduler.runUntil(pair.scheduler.nowMicros() + 1_000_000);
  }

  /** Records each RESET_STREAM the client is sent; drops the first one of a stream in dropOnce. */
  private boolean seenByClient(Datagram datagram) {
    boolean drop = false;
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      for (Frame frame : packet.frames()) {
        if (frame instanceof Frame.ResetStream reset) {
          resetsSent.add(reset.streamId());
          drop |= dropOnce.remove(reset.streamId());
        }
      }
    }
    return drop;
  }

  private static boolean hasResetDue(QuicConnection connection) {
    try {
      java.lang.reflect.Field streams = QuicConnection.class.getDeclaredField("streams");
      streams.setAccessible(true);
      return ((StreamTable) streams.get(connection)).anyResetDue();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("QuicConnection.streams moved: update this test", e);
    }
  }
}
