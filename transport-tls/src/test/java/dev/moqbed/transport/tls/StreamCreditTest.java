package dev.moqbed.transport.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.Role;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stream counts over real QUIC in memory (RFC 9000 §4.6): each end allows the other 4 streams of
 * each kind at a time, both open 14 unidirectional streams one after another as MAX_STREAMS frames
 * return the credit of the closed ones, and a peer going beyond the count is closed with
 * STREAM_LIMIT_ERROR.
 */
class StreamCreditTest {
  private static final int LIMIT = 4;
  private static final int STREAMS = 14; // more than 3 x the limit
  private static final int STREAM_BYTES = 3_000;
  private static final String ALPN = Fixtures.MOQT_ALPN;
  private static final ServerTlsContext RELAY = Fixtures.relayContext(List.of(ALPN));

  private static InMemoryQuicPair pair() {
    return new InMemoryQuicPair(
        ConnectionConfig.builder(Role.CLIENT).maxStreams(LIMIT, LIMIT).build(),
        Fixtures.trustingRelay("localhost", List.of(ALPN)),
        ConnectionConfig.builder(Role.SERVER).maxStreams(LIMIT, LIMIT).build(),
        RELAY);
  }

  /** Opens unidirectional streams while the peer's count allows, up to {@link #STREAMS}. */
  private static final class Opener {
    final List<Long> opened = new ArrayList<>();
    final byte salt;
    int blockedTimes;

    Opener(int salt) {
      this.salt = (byte) salt;
    }

    void openWhatCredit(QuicConnection connection) {
      while (opened.size() < STREAMS) {
        if (!connection.canOpenUnidirectionalStream()) {
          blockedTimes++;
          return;
        }
        long id = connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
        connection.write(id, ByteSlice.of(content(salt, opened.size())));
        connection.finish(id);
        opened.add(id);
      }
    }
  }

  private static byte[] content(byte salt, int index) {
    byte[] bytes = new byte[STREAM_BYTES];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (salt * 31 + index * 7 + i);
    }
    return bytes;
  }

  @Test
  void bothEndsOpenMoreThanThreeTimesTheCountAsClosedStreamsReturnCredit() {
    InMemoryQuicPair pair = pair();
    Opener client = new Opener(1);
    Opener server = new Opener(2);
    pair.clientApp.onReady = (connection, now) -> client.openWhatCredit(connection);
    pair.serverApp.onReady = (connection, now) -> server.openWhatCredit(connection);
    pair.clientApp.onCredit = (connection, bidirectional) -> client.openWhatCredit(connection);
    pair.serverApp.onCredit = (connection, bidirectional) -> server.openWhatCredit(connection);

    boolean done =
        pair.runUntil(
            () ->
                pair.serverApp.finished.size() == STREAMS
                    && pair.clientApp.finished.size() == STREAMS,
            10_000_000);

    assertTrue(
        done,
        "server got "
            + pair.serverApp.finished.size()
            + ", client "
            + pair.clientApp.finished.size());
    for (int i = 0; i < STREAMS; i++) {
      assertArrayEquals(content((byte) 1, i), pair.serverApp.stream(client.opened.get(i)));
      assertArrayEquals(content((byte) 2, i), pair.clientApp.stream(server.opened.get(i)));
    }
    // Each end was blocked at its count and went on only when MAX_STREAMS came.
    assertTrue(client.blockedTimes >= 3, "client blocked " + client.blockedTimes + " times");
    assertTrue(server.blockedTimes >= 3, "server blocked " + server.blockedTimes + " times");
    assertTrue(pair.clientApp.creditEvents >= 3);
    assertTrue(pair.serverApp.creditEvents >= 3);
    assertEquals(-1, pair.clientApp.closedCode);
    assertEquals(-1, pair.serverApp.closedCode);
    System.out.printf(
        "%d streams each way with a count of %d: done at %d us, client blocked %d times, server %d%n",
        STREAMS, LIMIT, pair.now, client.blockedTimes, server.blockedTimes);
  }

  @Test
  void aPeerOpeningBeyondTheCountIsClosedWithStreamLimitError() {
    InMemoryQuicPair pair = pair();
    assertTrue(pair.runUntil(() -> pair.server.connection().isReady(), 1_000_000));
    // Five unidirectional streams of the client (ids 2, 6, 10, 14, 18): the fifth is beyond 4.
    List<Frame> frames = new ArrayList<>();
    for (int i = 0; i <= LIMIT; i++) {
      frames.add(new Frame.Stream(2 + 4L * i, 0, 1, true, true, ByteSlice.of(new byte[] {7})));
    }
    assertEquals(0x04, forgeFromClient(pair, frames), "STREAM_LIMIT_ERROR");
    assertEquals(LIMIT, pair.serverApp.finished.size(), "the four allowed streams were taken");
  }

  @Test
  void aPeerSendingOnOurSendOnlyStreamIsClosedWithStreamStateError() {
    InMemoryQuicPair pair = pair();
    assertTrue(pair.runUntil(() -> pair.server.connection().isReady(), 1_000_000));
    // Stream 3 is the server's own unidirectional stream: the client may not send on it.
    List<Frame> frames = List.of(new Frame.Stream(3, 0, 1, true, true, ByteSlice.of(new byte[1])));
    assertEquals(0x05, forgeFromClient(pair, frames), "STREAM_STATE_ERROR");
  }

  @Test
  void aPeerSendingPastItsStreamWindowIsClosedWithFlowControlError() {
    InMemoryQuicPair pair = pair();
    assertTrue(pair.runUntil(() -> pair.server.connection().isReady(), 1_000_000));
    // The server gave each client unidirectional stream initial_max_stream_data_uni bytes; one
    // byte at that offset is past it.
    long window = ConnectionConfig.builder(Role.SERVER).build().initialMaxStreamDataUni();
    List<Frame> frames =
        List.of(new Frame.Stream(2, window, 1, false, true, ByteSlice.of(new byte[] {7})));
    assertEquals(0x03, forgeFromClient(pair, frames), "FLOW_CONTROL_ERROR");
    assertEquals(0, pair.serverApp.finished.size(), "nothing past the window was taken");
  }

  @Test
  void aPeerResettingWithAFinalSizePastItsWindowIsClosedWithFlowControlError() {
    InMemoryQuicPair pair = pair();
    assertTrue(pair.runUntil(() -> pair.server.connection().isReady(), 1_000_000));
    long window = ConnectionConfig.builder(Role.SERVER).build().initialMaxStreamDataUni();
    List<Frame> frames = List.of(new Frame.ResetStream(2, 0, window + 1));
    assertEquals(0x03, forgeFromClient(pair, frames), "FLOW_CONTROL_ERROR");
  }

  /** Sends frames in a packet the client's keys protect; returns the code the client hears. */
  private static long forgeFromClient(InMemoryQuicPair pair, List<Frame> frames) {
    QuicPacket forged = new QuicPacket(PacketSpace.APPLICATION, 1_000_000, 4, frames, 0);
    ByteBuffer bytes = pair.client.codec().encode(List.of(forged));
    pair.clientMuted = true; // its keys sealed number 1,000,000: it may not seal lower ones now
    pair.server.receive(pair.now, bytes, EcnMark.NOT_ECT);
    assertTrue(pair.runUntil(() -> pair.clientApp.closedCode >= 0, pair.now + 1_000_000));
    return pair.clientApp.closedCode;
  }
}
