package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.recovery.RttFlavor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * picoquic's client moves to the ready state inside the ACK frame that first acknowledges one of
 * its 1-RTT packets (picoquic_ready_state_transition from process_ack_range): its Initial and
 * Handshake contexts close there, their packets are implicitly acknowledged to the controller, and
 * only then does the controller hear of the ACK itself. With RFC 9002's recovery the client waits
 * for HANDSHAKE_DONE (RFC 9001 §4.1.2), and so does picoquic's unless {@link
 * ConnectionConfig#readyInsideAck()} is set.
 */
class ClientReadyOnAckTest {

  private record Notified(long micros, PacketSpace space, boolean handshakeClosed) {}

  /** A fixed window that records every ACK notification and whether the client had confirmed. */
  private static final class Recording extends FixedWindowController {
    final List<Notified> acks = new ArrayList<>();
    final ConnectionPair[] pair;

    Recording(ConnectionPair[] pair) {
      this.pair = pair;
    }

    @Override
    public void onAck(long nowMicros, AckSample ack) {
      boolean closed = pair[0].client.space(PacketSpace.HANDSHAKE).discarded;
      acks.add(new Notified(nowMicros, ack.packetSpace(), closed));
    }
  }

  @Test
  void picoquicsClientIsReadyBeforeTheControllerHearsOfItsFirstOneRttAck() {
    List<Notified> acks = clientNotifications(RttFlavor.PICOQUIC, true);
    int first = firstApplicationAck(acks);
    Notified ack = acks.get(first);
    assertTrue(ack.handshakeClosed(), "the Handshake context is closed by then: " + acks);
    Notified before = acks.get(first - 1);
    assertEquals(
        PacketSpace.HANDSHAKE,
        before.space(),
        "the client's Handshake packet, implicitly acknowledged just before: " + acks);
    assertEquals(ack.micros(), before.micros(), "inside the same ACK: " + acks);
  }

  @Test
  void rfc9002sClientWaitsForHandshakeDone() {
    assertWaitsForHandshakeDone(clientNotifications(RttFlavor.RFC9002, true));
  }

  @Test
  void byDefaultTheClientWaitsForHandshakeDone() {
    assertWaitsForHandshakeDone(clientNotifications(RttFlavor.PICOQUIC, false));
  }

  private static void assertWaitsForHandshakeDone(List<Notified> acks) {
    Notified ack = acks.get(firstApplicationAck(acks));
    assertFalse(
        ack.handshakeClosed(),
        "the ACK frame comes before HANDSHAKE_DONE, which alone confirms: " + acks);
  }

  private static int firstApplicationAck(List<Notified> acks) {
    for (int i = 0; i < acks.size(); i++) {
      if (acks.get(i).space() == PacketSpace.APPLICATION) {
        return i;
      }
    }
    throw new AssertionError("no 1-RTT packet acknowledged: " + acks);
  }

  /**
   * Whether the datagram holds the server's HANDSHAKE_DONE. Its first copy is lost, so that the
   * server's ACK of a 1-RTT packet reaches the client first, as in wifi_bad_bbr run 0.
   */
  private static boolean carriesHandshakeDone(Datagram datagram) {
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      if (packet.frames().stream().anyMatch(f -> f instanceof Frame.HandshakeDone)) {
        return true;
      }
    }
    return false;
  }

  private static List<Notified> clientNotifications(RttFlavor recovery, boolean picoquicReady) {
    ConnectionPair[] pair = new ConnectionPair[1];
    int[] dropped = {0};
    CreatedControllers<Recording> recording =
        new CreatedControllers<>(environment -> new Recording(pair));
    pair[0] =
        ConnectionPair.builder()
            .oneWayMicros(5_000)
            .serverControllers(recording)
            .clientControllers(recording)
            .clientConfig(
                ConnectionConfig.builder(Role.CLIENT)
                    .recoveryFlavor(recovery)
                    .readyInsideAck(picoquicReady)
                    .implicitAckNotified(picoquicReady)
                    .build())
            .serverConfig(ConnectionConfig.builder(Role.SERVER).recoveryFlavor(recovery).build())
            .dropToClient(datagram -> carriesHandshakeDone(datagram) && dropped[0]++ == 0)
            .build();
    pair[0].start();
    assertTrue(pair[0].handshake(1_000_000), "both ends ready");
    // Run on until both ends have confirmed: the server's HANDSHAKE_DONE has arrived by then.
    pair[0].runWhile(() -> !pair[0].client.space(PacketSpace.HANDSHAKE).discarded, 2_000_000);
    pair[0].runWhile(() -> true, pair[0].scheduler.nowMicros() + 100_000);
    return recording.all().get(1).acks; // the pair creates the server's controller first
  }
}
