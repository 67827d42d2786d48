package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.wire.TransportErrorCode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Peers that break the rules on purpose: one that acknowledges packets never sent is closed with
 * PROTOCOL_VIOLATION (§13.1), one that issues more connection ids than allowed with
 * CONNECTION_ID_LIMIT_ERROR (§5.1.1); a path challenge is answered, however many come; stream data
 * cut into more separate pieces than the connection keeps closes it with PROTOCOL_VIOLATION.
 */
class HostilePeerTest {
  @Test
  void anAckOfAPacketNeverSentClosesTheConnection() {
    ReadyPair pair = new ReadyPair();
    // the client's "acknowledgment" of the server's packet 1,000,000, far above anything sent
    pair.inject(new Frame.Ack(AckFrame.of(0, 3, 1_000_000, 1_000_000), null));
    assertEquals(TransportErrorCode.PROTOCOL_VIOLATION.code(), pair.clientClosedWith());
    assertEquals("ACK of packet 1000000, never sent", pair.client.peerCloseReason());
  }

  /**
   * picoquic's optimistic-ACK holes: the server skips a packet number now and then, and a peer that
   * acknowledges one cannot have received it. The ACK names only numbers below the largest sent, so
   * the check above does not catch it.
   */
  @Test
  void anAckOfASkippedPacketNumberClosesTheConnection() {
    ReadyPair pair = new ReadyPair();
    long stream = pair.server.openUnidirectionalStream(0);
    pair.server.writeCount(stream, 2_000_000); // about 1,400 packets: holes within 3..258 packets
    pair.scheduler.runWhile(() -> pair.server.stats().packetNumbersSkipped() == 0, 10_000_000);
    pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 50_000);
    long hole = firstGap(pair.applicationNumbers);
    assertTrue(hole > 0, "the server skipped a number: " + pair.server.stats());
    pair.inject(new Frame.Ack(AckFrame.of(0, 3, hole, hole), null));
    assertEquals(TransportErrorCode.PROTOCOL_VIOLATION.code(), pair.clientClosedWith());
    assertEquals(
        "ACK of packet " + hole + ", skipped and never sent", pair.client.peerCloseReason());
  }

  /** The first number missing from an ascending run of packet numbers, or -1. */
  private static long firstGap(List<Long> numbers) {
    for (int i = 1; i < numbers.size(); i++) {
      if (numbers.get(i) > numbers.get(i - 1) + 1) {
        return numbers.get(i - 1) + 1;
      }
    }
    return -1;
  }

  @Test
  void connectionIdsBeyondTheLimitCloseTheConnection() {
    ReadyPair pair = new ReadyPair();
    pair.clientDeaf = true;
    // seven ids with the handshake's make eight, the limit; retransmissions change nothing
    for (long sequence = 1; sequence <= 7; sequence++) {
      pair.inject(new Frame.NewConnectionId(sequence));
      pair.inject(new Frame.NewConnectionId(sequence));
    }
    pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 100_000);
    assertEquals(QuicConnection.State.READY, pair.server.state());
    // retiring the first four makes room for four more
    pair.inject(new Frame.NewConnectionId(8, 4));
    pair.inject(new Frame.NewConnectionId(9, 4));
    pair.inject(new Frame.NewConnectionId(10, 4));
    pair.inject(new Frame.NewConnectionId(11, 4));
    assertEquals(QuicConnection.State.READY, pair.server.state());
    pair.clientDeaf = false; // the close goes without an ACK (a transport close)
    pair.inject(new Frame.NewConnectionId(12, 4)); // the ninth active id
    assertEquals(TransportErrorCode.CONNECTION_ID_LIMIT_ERROR.code(), pair.clientClosedWith());
    assertEquals("more than 8 active connection ids", pair.client.peerCloseReason());
  }

  /** The reason phrase of a close reaches the peer (RFC 9000 §19.19), cut at 200 bytes. */
  @Test
  void theCloseCarriesItsReasonToThePeer() {
    ReadyPair pair = new ReadyPair();
    pair.server.close(0x2, true, "relay full: 1000 sessions");
    assertEquals(0x2, pair.clientClosedWith());
    assertEquals("relay full: 1000 sessions", pair.client.peerCloseReason());
    Frame.ConnectionClose longer = Frame.ConnectionClose.withReason(0x1, false, "é".repeat(150));
    assertEquals(200, longer.reason().length, "100 two-byte characters, none cut in half");
    assertEquals("é".repeat(100), longer.reasonText());
  }

  /** A PATH_CHALLENGE is answered (§8.2.2), once per flood: it used to close the connection. */
  @Test
  void aPathChallengeIsAnsweredWithItsData() {
    ReadyPair pair = new ReadyPair();
    pair.clientDeaf = true;
    pair.inject(new Frame.PathChallenge(0x1122334455667788L));
    pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 100_000);
    assertEquals(QuicConnection.State.READY, pair.server.state());
    assertEquals(
        List.of(new Frame.PathResponse(0x1122334455667788L)),
        pair.toClient.stream().filter(f -> f instanceof Frame.PathResponse).toList());
    // a hundred challenges in one packet get one response, to the last
    pair.toClient.clear();
    Frame[] flood = new Frame[100];
    for (int i = 0; i < flood.length; i++) {
      flood[i] = new Frame.PathChallenge(i);
    }
    pair.inject(flood);
    pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 100_000);
    assertEquals(
        List.of(new Frame.PathResponse(99)),
        pair.toClient.stream().filter(f -> f instanceof Frame.PathResponse).toList());
  }

  /**
   * The datagram of a PATH_RESPONSE is padded to 1,200 bytes (RFC 9000 §8.2.2), however little else
   * it carries: it used to leave in a packet of the minimum 55 bytes. It goes once, lost or not
   * (§13.3: the peer challenges again).
   */
  @Test
  void aPathResponseLeavesInADatagramOfAtLeast1200Bytes() {
    ReadyPair pair = new ReadyPair();
    pair.clientDeaf = true; // every answer is lost
    pair.inject(new Frame.PathChallenge(7));
    pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 2_000_000);
    assertEquals(1, pair.pathFrameDatagramBytes.size(), "one response, never resent");
    assertTrue(
        pair.pathFrameDatagramBytes.get(0) >= PacketAssembly.PATH_PROBE_DATAGRAM_BYTES,
        "the response's datagram: " + pair.pathFrameDatagramBytes);
  }

  /**
   * One-byte STREAM frames with a hole before each are kept as separate pieces, up to the
   * connection's budget; the next one closes it. Before the budget, each such byte cost about 137 B
   * of heap, so the 1 MiB window held about 143 MB.
   */
  @Test
  void streamDataCutIntoTooManyPiecesClosesTheConnection() {
    ReadyPair pair = new ReadyPair();
    pair.clientDeaf = true;
    int budget =
        ReassemblyBudget.forWindow(ConnectionConfig.picoquic(Role.SERVER).initialMaxData())
            .maximumPieces();
    for (int piece = 0; piece < budget; piece++) {
      pair.inject(oneByteAt(2 * piece + 1));
    }
    assertEquals(QuicConnection.State.READY, pair.server.state());
    pair.clientDeaf = false;
    pair.inject(oneByteAt(2 * budget + 1));
    assertEquals(TransportErrorCode.PROTOCOL_VIOLATION.code(), pair.clientClosedWith());
    assertEquals(
        "stream data in more than " + budget + " separate pieces", pair.client.peerCloseReason());
  }

  /** The same bytes back to back behind one hole are one piece: the connection keeps going. */
  @Test
  void backToBackDataBehindAHoleIsOnePiece() {
    ReadyPair pair = new ReadyPair();
    pair.clientDeaf = true;
    int budget =
        ReassemblyBudget.forWindow(ConnectionConfig.picoquic(Role.SERVER).initialMaxData())
            .maximumPieces();
    for (int offset = 1; offset <= 2 * budget; offset++) {
      pair.inject(oneByteAt(offset));
    }
    pair.inject(oneByteAt(0));
    pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 100_000);
    assertEquals(QuicConnection.State.READY, pair.server.state());
  }

  /** A byte of the client's first unidirectional stream (id 2) at {@code offset}. */
  private static Frame.Stream oneByteAt(long offset) {
    return new Frame.Stream(2, offset, 1, false, true, ByteSlice.of(new byte[] {(byte) offset}));
  }

  /**
   * A server that heard one Initial from an address that never answers sends it at most three times
   * the bytes received (RFC 9000 §8.1), probe timeouts and repeats of that Initial included; it
   * used to resend its flight on every probe timeout until the idle timeout, 21 to 26 times.
   */
  @Test
  void aServerSendsAtMostThreeTimesWhatASilentAddressSent() {
    // The connections only: the server is driven by hand, the client never hears it.
    ConnectionPair pair = ConnectionPair.builder().build();
    QuicConnection client = pair.client;
    QuicConnection server = pair.server;
    Datagram initial = client.poll(0);
    long received = 0;
    long sent = 0;
    long now = 0;
    int datagrams = 0;
    while (now < 60_000_000 && server.state() != QuicConnection.State.CLOSED) {
      if (now < 5_000_000 && now / 1_000_000 >= received / initial.sizeBytes()) {
        server.receive(now, initial); // the same Initial again, once a second for 5 s
        received += initial.sizeBytes();
      }
      for (Datagram out = server.poll(now); out != null; out = server.poll(now)) {
        sent += out.sizeBytes();
        datagrams++;
      }
      long next = server.nextWakeMicros(now);
      now = Math.max(now + 1, Math.min(next, (now / 1_000_000 + 1) * 1_000_000));
    }
    assertEquals(5 * initial.sizeBytes(), received);
    assertTrue(datagrams >= 2, "the flight went out: " + datagrams + " datagrams");
    assertTrue(sent <= 3 * received, sent + " bytes sent for " + received + " received");
    assertEquals(QuicConnection.State.CLOSED, server.state(), "the idle timeout still ends it");
  }
}
