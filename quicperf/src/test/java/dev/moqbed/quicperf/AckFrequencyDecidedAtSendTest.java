package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.quic.ConnectionPair;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An RTT sample only marks the ACK_FREQUENCY request for reconsideration; whether a frame goes out
 * is decided when the next packet is formatted, as picoquic does ({@code is_ack_frequency_updated}
 * set in {@code picoquic_update_path_rtt}, the gap computed in {@code
 * picoquic_format_ack_frequency_frame}). The controller's window then already includes the ACK that
 * carried the sample. On a 600 ms round trip the client's C4 jumps from 16 kB to about 147 kB on
 * the first ACK of its ACK-only packets; picoquic's client asks for gap 13 in the packet that
 * follows (1203 ms in {@code satellite}), moqbed's asked one round trip later, because it decided
 * with the window of before the ACK. Those ACK-only packets were then acknowledged in fewer, later
 * ACKs, the client's C4 counted its eras differently and left Initial 1.3 s early with a pacing
 * rate of 3.6 kB/s, and its flow-control updates came seconds late
 * (docs/results/satellite-2026-12-06.md).
 */
class AckFrequencyDecidedAtSendTest {

  private static final long ONE_WAY_MICROS = 300_000;

  /** A client 1-RTT ACK_FREQUENCY frame and when it left. */
  private record Sent(long micros, Frame.AckFrequency frame) {}

  @Test
  void shouldAskForTheLargerGapWithinTheRoundTripThatRaisedTheWindow() {
    VirtualScheduler scheduler = new VirtualScheduler();
    List<Sent> requests = new ArrayList<>();
    ConnectionPair pair =
        ConnectionPair.builder()
            .scheduler(scheduler)
            .controller("c4")
            .bitsPerSecond(250_000_000L)
            .oneWayMicros(ONE_WAY_MICROS)
            .dropToServer(datagram -> record(scheduler.nowMicros(), datagram, requests))
            .build();
    BatchClient batch = new BatchClient(397, 3_000_000);
    pair.client.setHandler(batch);
    pair.server.setHandler(new BatchServer());
    pair.start().runWhile(() -> batch.closedMicros() < 0, 20_000_000);
    assertEquals(3_000_000, batch.receivedBytes());

    assertTrue(requests.size() >= 2, "the client asked twice at least: " + requests);
    Sent first = requests.get(0);
    Sent second = requests.get(1);
    assertEquals(1, second.frame().sequence());
    assertTrue(
        second.frame().ackElicitingThreshold() > first.frame().ackElicitingThreshold(),
        "the second request raises the gap: " + requests);
    long roundTrip = 2 * ONE_WAY_MICROS;
    assertTrue(
        second.micros() - first.micros() < roundTrip / 2,
        "the larger gap waited for another RTT sample: "
            + (second.micros() - first.micros())
            + " µs after the first request");
  }

  private static boolean record(long nowMicros, Datagram datagram, List<Sent> into) {
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      if (packet.space() != PacketSpace.APPLICATION) {
        continue;
      }
      for (Frame frame : packet.frames()) {
        if (frame instanceof Frame.AckFrequency request) {
          into.add(new Sent(nowMicros, request));
        }
      }
    }
    return false;
  }
}
