package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.RttFlavor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * picoquic tells the controller of each packet of a closed Initial or Handshake context that it
 * counts as delivered ({@code picoquic_implicit_handshake_ack}). On the server, the client's first
 * Handshake packet closes the Initial context right after its ACK frame was processed, so the
 * server's controller hears of its Initial packet at that instant: BBR starts a round on it.
 */
class ImplicitAcknowledgementTest {

  private record Notified(
      long micros, PacketSpace space, long bytes, long rttMicros, boolean limited) {}

  /** A fixed window that records every ACK notification. */
  private static final class Recording extends FixedWindowController {
    final List<Notified> acks = new ArrayList<>();

    @Override
    public void onAck(long nowMicros, AckSample ack) {
      acks.add(
          new Notified(
              nowMicros,
              ack.packetSpace(),
              ack.ackedBytes(),
              ack.rttMicros(),
              ack.applicationLimited()));
    }
  }

  @Test
  void picoquicsRecoveryNotifiesTheServersInitialPacketRightAfterTheHandshakeAck() {
    List<Notified> acks = serverNotifications(RttFlavor.PICOQUIC);
    List<Notified> initial = acks.stream().filter(a -> a.space() == PacketSpace.INITIAL).toList();
    assertEquals(1, initial.size(), "one notification for the server's one Initial: " + acks);
    Notified implicit = initial.get(0);
    Notified before = acks.get(acks.indexOf(implicit) - 1);
    assertEquals(
        PacketSpace.HANDSHAKE, before.space(), "after the client's Handshake ACK: " + acks);
    assertEquals(before.micros(), implicit.micros(), "at the same instant");
    assertTrue(implicit.bytes() > 0, "the packet's bytes: " + implicit);
    assertEquals(before.rttMicros(), implicit.rttMicros(), "the path's latest RTT sample");
    assertTrue(implicit.limited(), "application-limited, as picoquic marks it");
  }

  @Test
  void rfc9002sRecoveryOnlyTakesTheInitialPacketOutOfTheFlight() {
    List<Notified> acks = serverNotifications(RttFlavor.RFC9002);
    assertTrue(
        acks.stream().noneMatch(a -> a.space() == PacketSpace.INITIAL),
        "the client never acknowledges the server's Initial, and discarding it notifies nothing: "
            + acks);
    assertTrue(
        acks.stream().anyMatch(a -> a.space() == PacketSpace.HANDSHAKE), "the Handshake ACK");
  }

  private static List<Notified> serverNotifications(RttFlavor recovery) {
    CreatedControllers<Recording> recording =
        new CreatedControllers<>(environment -> new Recording());
    ConnectionPair pair =
        ConnectionPair.builder()
            .oneWayMicros(5_000)
            .serverControllers(recording)
            .clientControllers(recording)
            .serverConfig(
                ConnectionConfig.builder(Role.SERVER)
                    .recoveryFlavor(recovery)
                    .implicitAckNotified(true)
                    .build())
            .build();
    pair.start();
    assertTrue(pair.handshake(1_000_000), "both ends ready");
    return recording.first().acks;
  }
}
