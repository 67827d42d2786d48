package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.AckFrequencyPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The receive rate behind the ACK delay's queue correction is picoquic's ({@code packet.c}): bytes
 * of 1-RTT packets over epochs longer than a smoothed RTT. A burst that arrives within a
 * millisecond, as a Wi-Fi link releases held ACKs, must not count as a rate of its own.
 */
class AckFrequencyReceiveRateTest {

  /** A server path whose smoothed RTT exceeds 1.5 x min RTT, so the queue correction applies. */
  private static PathState queuedPath() {
    ReadyPair pair = new ReadyPair();
    PathState path = (PathState) pair.server.path();
    long now = pair.scheduler.nowMicros();
    long queued = 4 * path.rtt().minRttMicros();
    for (int i = 0; i < 30; i++) {
      path.rtt().onSample(now, queued, 0, true);
    }
    assertTrue(2 * path.rtt().smoothedRttMicros() > 3 * path.rtt().minRttMicros());
    return path;
  }

  @Test
  void aBurstWithinOneMillisecondIsAveragedOverASmoothedRtt() {
    PathState path = queuedPath();
    AckFrequencyRequest request = new AckFrequencyRequest(AckFlavor.PICOQUIC, path);
    long smoothed = path.rtt().smoothedRttMicros();
    long t0 = 1_000_000;
    request.onBytesReceived(t0, 55); // opens the epoch
    request.onBytesReceived(t0 + 1_100, 600); // two packets released together, 1.1 ms later
    request.onBytesReceived(t0 + 1_100, 600);
    long closing = t0 + smoothed + 1_000;
    request.onBytesReceived(closing, 55); // the first packet more than a smoothed RTT later

    AckFrequencyPolicy.Update update = request.compute();
    long rate = (600 + 600 + 55) * 1_000_000L / (closing - t0);
    long expected = 115 * 1_000_000L / rate;
    long floor = path.rtt().minRttMicros() / 4;
    assertTrue(expected > floor, "the correction decides: " + expected + " > " + floor);
    // Over 1 ms windows the rate was (55 + 600) B / 1.1 ms = 595 kB/s: a delay of 193 us, below
    // the floor, so the request kept min RTT / 4.
    assertEquals(expected, update.delayMicros(), "ACK delay from " + rate + " B/s");
  }

  @Test
  void onlyOneRttPacketsCount() {
    PathState path = queuedPath();
    AckFrequencyRequest request = new AckFrequencyRequest(AckFlavor.PICOQUIC, path);
    long floor = request.compute().delayMicros();
    long smoothed = path.rtt().smoothedRttMicros();
    long t0 = 1_000_000;
    // A Handshake packet of 1,252 B opens no epoch and adds no bytes; nor does a second one.
    request.onPacketReceived(t0, packet(PacketSpace.HANDSHAKE, 1_252));
    request.onPacketReceived(t0 + smoothed + 1_000, packet(PacketSpace.HANDSHAKE, 1_252));
    request.onPacketReceived(t0 + 2 * smoothed, packet(PacketSpace.APPLICATION, 55));
    request.onPacketReceived(t0 + 3 * smoothed + 1_000, packet(PacketSpace.APPLICATION, 55));
    long rate = 55 * 1_000_000L / (smoothed + 1_000);
    long expected = Math.min(10_000, 115 * 1_000_000L / rate);
    assertTrue(expected > floor);
    assertEquals(expected, request.compute().delayMicros());
  }

  private static QuicPacket packet(PacketSpace space, int sizeBytes) {
    return new QuicPacket(space, 1, 2, List.of(new Frame.Ping()), sizeBytes);
  }
}
