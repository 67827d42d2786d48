package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.AckFlavor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Before it is ready, a picoquic client resends its 1-RTT frames on the context's timer through
 * {@code picoquic_prepare_packet_old_context}, which puts an ACK behind them ("Check whether it
 * makes sense to add an ACK at the end of the retransmission", sender.c f00feeb7). On wifi_bad its
 * repeated request carries one every time (52 in 100 runs); moqbed's carried none. Here the
 * server's 1-RTT packets after its first flight are lost for 300 ms, so the client, not ready,
 * resends its NEW_CONNECTION_ID frames.
 */
class PreReadyTrailingAckTest {

  /** What the client sent in one 1-RTT packet that carried NEW_CONNECTION_ID frames. */
  private record Sent(long nowMicros, long number, boolean ack) {}

  @Test
  void picoquicPutsAnAckBehindTheClientsPreReadyRetransmission() {
    List<Sent> sent = clientConnectionIdPackets(AckFlavor.PICOQUIC);
    assertTrue(sent.size() >= 2, "the client resends its NEW_CONNECTION_ID frames: " + sent);
    assertTrue(
        sent.subList(1, sent.size()).stream().allMatch(Sent::ack),
        "each retransmission carries an ACK: " + sent);
  }

  @Test
  void rfc9000AcknowledgesOnlyWhenDue() {
    List<Sent> sent = clientConnectionIdPackets(AckFlavor.RFC9000);
    assertTrue(sent.size() >= 2, "the client resends its NEW_CONNECTION_ID frames: " + sent);
    assertTrue(
        sent.subList(1, sent.size()).stream().noneMatch(Sent::ack),
        "nothing new to acknowledge, no ACK: " + sent);
  }

  private static List<Sent> clientConnectionIdPackets(AckFlavor flavor) {
    List<Sent> sent = new ArrayList<>();
    ConnectionPair[] holder = new ConnectionPair[1];
    ConnectionPair pair =
        ConnectionPair.builder()
            .oneWayMicros(10_000)
            .serverConfig(ConnectionConfig.builder(Role.SERVER).ackFlavor(flavor).build())
            .clientConfig(ConnectionConfig.builder(Role.CLIENT).ackFlavor(flavor).build())
            .dropToClient(
                datagram ->
                    holder[0].scheduler.nowMicros() < 300_000
                        && QuicPackets.in(datagram).stream()
                            .anyMatch(
                                p -> p.space() == PacketSpace.APPLICATION && p.packetNumber() > 0))
            .dropToServer(
                datagram -> {
                  for (QuicPacket packet : QuicPackets.in(datagram)) {
                    List<Frame> frames = packet.frames();
                    if (packet.space() == PacketSpace.APPLICATION
                        && frames.stream().anyMatch(f -> f instanceof Frame.NewConnectionId)) {
                      sent.add(
                          new Sent(
                              holder[0].scheduler.nowMicros(),
                              packet.packetNumber(),
                              frames.stream().anyMatch(f -> f instanceof Frame.Ack)));
                    }
                  }
                  return false;
                })
            .build();
    holder[0] = pair;
    pair.start();
    assertTrue(pair.handshake(3_000_000), "both ends ready");
    pair.scheduler.runUntil(1_000_000); // past the 300 ms of losses: confirmed by then
    return sent;
  }
}
