package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.runtime.RandomStreams;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.wire.TransportErrorCode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Peers that break the rules on purpose: one that acknowledges packets never sent is closed with
 * PROTOCOL_VIOLATION (§13.1), one that issues more connection ids than allowed with
 * CONNECTION_ID_LIMIT_ERROR (§5.1.1); a path challenge is answered, however many come.
 */
class HostileAckTest {
  /** Records how its connection closed. */
  private static final class CloseRecorder implements ConnectionHandler {
    long closedWith = -1;

    @Override
    public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
      closedWith = errorCode;
    }
  }

  /** A client and a server in virtual time, both ready; frames are injected into the server. */
  private static final class Pair {
    final VirtualScheduler scheduler = new VirtualScheduler();
    final CloseRecorder clientSide = new CloseRecorder();
    final QuicConnection client;
    final QuicConnection server;
    final ConnectionDriver serverDriver;
    private long nextPacketNumber = 5_000;

    Pair() {
      RandomStreams random = new RandomStreams(1, 0);
      var factory = ControllerRegistry.standard().parse("cubic");
      client =
          new QuicConnection(
              ConnectionConfig.picoquic(Role.CLIENT), 1, 0, 0, factory, random.stream("c"), 0);
      server =
          new QuicConnection(
              ConnectionConfig.picoquic(Role.SERVER), 0, 1, 0, factory, random.stream("s"), 0);
      client.setHandler(clientSide);
      server.setHandler(new CloseRecorder());
      TestPath up = new TestPath(scheduler, 20_000_000, 10_000, d -> false);
      TestPath down = new TestPath(scheduler, 20_000_000, 10_000, this::seenByClient);
      ConnectionDriver clientDriver = new ConnectionDriver(scheduler, client, up);
      serverDriver = new ConnectionDriver(scheduler, server, down);
      up.connect(serverDriver);
      down.connect(clientDriver);
      clientDriver.start();
      serverDriver.start();
      scheduler.runWhile(
          () ->
              client.state() != QuicConnection.State.READY
                  || server.state() != QuicConnection.State.READY,
          2_000_000);
      assertEquals(QuicConnection.State.READY, server.state());
    }

    /** Every frame the server sent the client, in order. */
    final List<Frame> toClient = new java.util.ArrayList<>();

    /**
     * While true, what the server sends is recorded and dropped: the server acknowledges the
     * injected packets, which the real client never sent and would (rightly) close over.
     */
    boolean clientDeaf;

    private boolean seenByClient(Datagram datagram) {
      @SuppressWarnings("unchecked")
      List<QuicPacket> packets = (List<QuicPacket>) datagram.payload();
      packets.forEach(packet -> toClient.addAll(packet.frames()));
      return clientDeaf;
    }

    /** The server receives a 1-RTT packet of {@code frames} as if from the client. */
    void inject(Frame... frames) {
      QuicPacket forged =
          new QuicPacket(PacketSpace.APPLICATION, nextPacketNumber++, 2, List.of(frames), 60);
      serverDriver.receive(
          scheduler.nowMicros(), new Datagram(0, 1, 0, 60, EcnMark.NOT_ECT, List.of(forged)));
    }

    /** How the client saw the connection end, after at most 5 s; -1 while it has not. */
    long clientClosedWith() {
      scheduler.runWhile(() -> clientSide.closedWith < 0, 5_000_000);
      return clientSide.closedWith;
    }
  }

  @Test
  void anAckOfAPacketNeverSentClosesTheConnection() {
    Pair pair = new Pair();
    // the client's "acknowledgment" of the server's packet 1,000,000, far above anything sent
    pair.inject(new Frame.Ack(AckFrame.of(0, 3, 1_000_000, 1_000_000), null));
    assertEquals(TransportErrorCode.PROTOCOL_VIOLATION.code(), pair.clientClosedWith());
    assertEquals("ACK of packet 1000000, never sent", pair.client.peerCloseReason());
  }

  @Test
  void connectionIdsBeyondTheLimitCloseTheConnection() {
    Pair pair = new Pair();
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
    Pair pair = new Pair();
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
    Pair pair = new Pair();
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
}
