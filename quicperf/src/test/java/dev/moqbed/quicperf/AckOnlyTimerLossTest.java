package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.PacketLossListener;
import org.junit.jupiter.api.Test;

/**
 * picoquic counts a packet that elicits no ACK (ACK + PADDING) in flight, and once its retransmit
 * timer expires drops it with a "timeout" notification to the controller ({@code
 * picoquic_retransmit_needed_packet}, {@code loss_recovery.c}). On a fast path with app-limited
 * media, the server's occasional ACK-of-ACK is followed by an idle gap longer than the timer: the
 * peer never acknowledges it and Cubic falls back to a 3,072-byte window before the next frames.
 */
class AckOnlyTimerLossTest {

  @Test
  void shouldDropUnacknowledgedAckOnlyPacketsByTimer() {
    int[] ackOnlyTimerLosses = new int[1];
    int[] otherLosses = new int[1];
    PacketLossListener listener =
        (now, space, number, size, reason) -> {
          if (reason == PacketLossListener.Reason.PTO_EXPIRED && size < 100) {
            ackOnlyTimerLosses[0]++;
          } else {
            otherLosses[0]++;
          }
        };
    QuicperfRun run =
        QuicperfRun.of("=a1:d50:p2:S:n100:80;=vlow:s30:p4:S:n60:3750:G30:I37500;")
            .bitsPerSecond(1_000_000_000L)
            .oneWayMicros(100)
            .serverLossListener(listener)
            .run();

    assertTrue(ackOnlyTimerLosses[0] > 0, "ACK-only packets timed out: " + ackOnlyTimerLosses[0]);
    assertEquals(0, otherLosses[0], "nothing else is lost on a lossless path");
    assertEquals(0, run.serverConnection.stats().probeTimeouts(), "no probe timeout fired");
    assertEquals(0, run.serverConnection.stats().packetsLost(), "not counted as a retransmission");
  }
}
