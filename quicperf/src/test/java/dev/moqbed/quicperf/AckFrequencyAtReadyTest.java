package dev.moqbed.quicperf;

import static dev.moqbed.quicperf.ApplicationPackets.has;
import static dev.moqbed.quicperf.ApplicationPackets.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.moqbed.transport.quic.ConnectionPair;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each end asks for its ACK frequency at the ready transition, as picoquic does ({@code
 * picoquic_ready_state_transition} sets {@code is_ack_frequency_updated}): the server's first 1-RTT
 * packet, the one with HANDSHAKE_DONE, carries ACK_FREQUENCY, so the client acknowledges the
 * server's first data flight every second packet rather than packet by packet. Until 2026-12-06 the
 * request waited for the first 1-RTT RTT sample, one round trip later
 * (docs/results/fidelity-2026-12-06.md).
 */
class AckFrequencyAtReadyTest {

  /** The 1-RTT packets each end sent during a 300 kB download over 20 ms each way. */
  private static final class Transfer {
    final List<QuicPacket> fromServer = new ArrayList<>();
    final List<QuicPacket> fromClient = new ArrayList<>();

    Transfer() {
      ConnectionPair pair =
          ConnectionPair.builder()
              .oneWayMicros(20_000)
              .dropToServer(datagram -> record(datagram, fromClient))
              .dropToClient(datagram -> record(datagram, fromServer))
              .build();
      BatchClient batch = new BatchClient(397, 300_000);
      pair.client.setHandler(batch);
      pair.server.setHandler(new BatchServer());
      pair.start().runWhile(() -> batch.closedMicros() < 0, 10_000_000);
      assertEquals(300_000, batch.receivedBytes());
    }
  }

  @Test
  void shouldSendAckFrequencyWithHandshakeDone() {
    Transfer transfer = new Transfer();
    QuicPacket handshakeDone =
        transfer.fromServer.stream()
            .filter(packet -> has(packet, Frame.HandshakeDone.class))
            .findFirst()
            .orElse(null);
    assertNotNull(handshakeDone, "the server never sent HANDSHAKE_DONE");
    Frame.AckFrequency request =
        handshakeDone.frames().stream()
            .filter(Frame.AckFrequency.class::isInstance)
            .map(Frame.AckFrequency.class::cast)
            .findFirst()
            .orElse(null);
    assertNotNull(request, "HANDSHAKE_DONE went without ACK_FREQUENCY: " + handshakeDone.frames());
    assertEquals(0, request.sequence());
    assertEquals(2, request.ackElicitingThreshold());
  }
}
