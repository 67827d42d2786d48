package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * picoquic's retransmit timer counts from the last packet of the packet's own context ({@code
 * picoquic_get_last_packet}, {@code loss_recovery.c}), and {@code picoquic_prepare_packet_ready}
 * looks for retransmissions before it formats new data. When the server's first flight is lost (the
 * draft's {@code after_c4}), its first 1-RTT packets have waited for the handshake's repetition; at
 * the ready instant their timer has long expired, so the oldest is declared lost before the server
 * sends anything new (picoquic at 951,882 µs in {@code after_c4} run 0). The model used to count
 * from the last datagram of any space, the resent handshake, and to send its HANDSHAKE_DONE first.
 */
class ReadyProbeTimeoutTest {

  @Test
  void theOverdueOneRttPacketIsLostBeforeTheFirstPacketOfTheReadyState() {
    List<String> events = new ArrayList<>();
    ConnectionPair[] holder = new ConnectionPair[1];
    ConnectionPair pair =
        ConnectionPair.builder()
            .oneWayMicros(40_000) // after_c4's RTT: the resent handshake within one timer of ready
            .dropToClient(
                datagram -> record(datagram, events) && holder[0].scheduler.nowMicros() < 100_000)
            .build();
    holder[0] = pair;
    pair.server.setLossListener(
        (now, space, number, size, why) -> {
          if (space == PacketSpace.APPLICATION) {
            events.add("lost " + number + " " + why + " @" + now);
          }
        });
    pair.start();
    assertTrue(pair.handshake(3_000_000), "both ends ready");
    pair.runWhile(() -> !events.contains("HANDSHAKE_DONE"), 3_000_000);
    int lost = -1;
    for (int i = 0; i < events.size() && lost < 0; i++) {
      lost = events.get(i).startsWith("lost 0 " + PacketLossListener.Reason.PTO_EXPIRED) ? i : -1;
    }
    int done = events.indexOf("HANDSHAKE_DONE");
    assertTrue(lost >= 0 && done >= 0, "both happened: " + events);
    assertTrue(lost < done, "the timer's loss before the ready state's first packet: " + events);
  }

  /** Notes the server's HANDSHAKE_DONE; returns true, so that the caller's drop rule decides. */
  private static boolean record(Datagram datagram, List<String> events) {
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      if (packet.frames().stream().anyMatch(f -> f instanceof Frame.HandshakeDone)) {
        events.add("HANDSHAKE_DONE");
      }
    }
    return true;
  }
}
