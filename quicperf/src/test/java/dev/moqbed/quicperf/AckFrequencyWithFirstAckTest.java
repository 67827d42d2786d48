package dev.moqbed.quicperf;

import static dev.moqbed.quicperf.ApplicationPackets.has;
import static dev.moqbed.quicperf.ApplicationPackets.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.ConnectionPair;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * On {@code alone_1_5M} (1.536 Mbit/s, 20 ms each way) picoquic's C4 client sends its ACK_FREQUENCY
 * in the packet of its first ACK of the server's data, 9.3 ms after the ready transition. C4 asks
 * for picoquic's lost-feedback wake-up: 50 ms after the client's first 1-RTT packets it wakes, and
 * that pass refreshes a pacer still at its initial 16 ns bucket; the first ACK then sets C4's rate,
 * one packet time of credit is missing, and ACK_FREQUENCY waits for the ACK. Without the wake-up
 * the bucket filled up to the new maximum and ACK_FREQUENCY left alone at once
 * (docs/results/v4-master-2026-12-07.md).
 */
class AckFrequencyWithFirstAckTest {

  @Test
  void shouldSendClientAckFrequencyWithItsAckUnderC4() {
    List<QuicPacket> fromClient = new ArrayList<>();
    ConnectionPair pair =
        ConnectionPair.builder()
            .controller("c4")
            .bitsPerSecond(1_536_000)
            .oneWayMicros(20_000)
            .dropToServer(datagram -> record(datagram, fromClient))
            .build();
    BatchClient batch = new BatchClient(397, 100_000);
    pair.client.setHandler(batch);
    pair.server.setHandler(new BatchServer());
    pair.start().runWhile(() -> batch.closedMicros() < 0, 10_000_000);
    assertEquals(100_000, batch.receivedBytes());
    QuicPacket request =
        fromClient.stream()
            .filter(packet -> has(packet, Frame.AckFrequency.class))
            .findFirst()
            .orElse(null);
    assertNotNull(request, "the client never sent ACK_FREQUENCY");
    assertTrue(has(request, Frame.Ack.class), "ACK_FREQUENCY went alone: " + request.frames());
  }
}
