package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.AckFlavor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server's first flight is lost, as in the draft's {@code after_c4} × bbr. The server resends
 * its Handshake CRYPTO data after the client has sent Handshake packets of its own (ACKs, which ask
 * for no ACK back). picoquic (f00feeb7, {@code picoquic_prepare_packet_old_context}) puts an ACK
 * behind each such retransmission anyway: its Handshake 3 at 871,195 µs in that run carries CRYPTO
 * and ACK. With the RFC 9000 ACK policy a retransmission carries an ACK only when one is due.
 */
class HandshakeTrailingAckTest {
  private static final long ONE_WAY = 10_000;

  /** What the server sent in one Handshake packet. */
  private record Sent(long nowMicros, long number, boolean crypto, boolean ack) {}

  @Test
  void picoquicAddsAnAckToHandshakeRetransmissions() {
    List<Sent> resent = handshakeCryptoAfterFirstFlight(AckFlavor.PICOQUIC);

    assertFalse(resent.isEmpty(), "the server resends its Handshake CRYPTO data");
    assertTrue(
        resent.stream().anyMatch(Sent::ack),
        "a retransmission after the client's Handshake ACK carries an ACK: " + resent);
  }

  @Test
  void rfc9000AcknowledgesOnlyWhenDue() {
    List<Sent> resent = handshakeCryptoAfterFirstFlight(AckFlavor.RFC9000);

    assertFalse(resent.isEmpty(), "the server resends its Handshake CRYPTO data");
    assertTrue(
        resent.stream().noneMatch(Sent::ack),
        "nothing ack-eliciting came from the client: no ACK: " + resent);
  }

  /** The server's Handshake packets with CRYPTO after its lost first flight, to ready. */
  private static List<Sent> handshakeCryptoAfterFirstFlight(AckFlavor flavor) {
    List<Sent> sent = new ArrayList<>();
    ConnectionPair[] holder = new ConnectionPair[1];
    ConnectionPair pair =
        ConnectionPair.builder()
            .oneWayMicros(ONE_WAY)
            .serverConfig(ConnectionConfig.builder(Role.SERVER).ackFlavor(flavor).build())
            .clientConfig(ConnectionConfig.builder(Role.CLIENT).ackFlavor(flavor).build())
            .dropToClient(
                datagram -> {
                  long now = holder[0].scheduler.nowMicros();
                  for (QuicPacket packet : QuicPackets.in(datagram)) {
                    if (packet.space() == PacketSpace.HANDSHAKE && now >= 100_000) {
                      List<Frame> frames = packet.frames();
                      sent.add(
                          new Sent(
                              now,
                              packet.packetNumber(),
                              frames.stream().anyMatch(f -> f instanceof Frame.Crypto),
                              frames.stream().anyMatch(f -> f instanceof Frame.Ack)));
                    }
                  }
                  return now < 100_000;
                })
            .build();
    holder[0] = pair;
    pair.start();
    assertTrue(pair.handshake(3_000_000), "both ends ready");
    return sent.stream().filter(Sent::crypto).toList();
  }
}
