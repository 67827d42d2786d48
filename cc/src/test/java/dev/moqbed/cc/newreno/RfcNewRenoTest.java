package dev.moqbed.cc.newreno;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.cc.ControllerScript;
import dev.moqbed.cc.LossTrigger;
import org.junit.jupiter.api.Test;

/** RFC 9002 §7 and Appendix B, as scripted sequences with exact windows. MTU 1440. */
class RfcNewRenoTest {
  private final ControllerScript script = new ControllerScript(10_000_000);

  private RfcNewReno newReno() {
    return new RfcNewReno(script.environment());
  }

  /** Sends a window's worth of full packets and acknowledges them one by one. */
  private void roundTrip(RfcNewReno newReno) {
    int packets = (int) (newReno.congestionWindowBytes() / 1440);
    long first = script.send(packets);
    script.advance(100_000);
    for (int i = 0; i < packets; i++) {
      script.ack(newReno, 1440, first + i);
    }
  }

  @Test
  void shouldStartAtRfcInitialWindowForTheMtu() {
    assertEquals(14_400, newReno().congestionWindowBytes());
    script.path.maxDatagramSizeBytes(1252);
    assertEquals(12_520, newReno().congestionWindowBytes());
    script.path.maxDatagramSizeBytes(1200);
    assertEquals(12_000, newReno().congestionWindowBytes());
    script.path.maxDatagramSizeBytes(9000);
    assertEquals(18_000, newReno().congestionWindowBytes());
  }

  @Test
  void shouldDoubleEveryRoundTripInSlowStart() {
    RfcNewReno newReno = newReno();
    roundTrip(newReno);
    assertEquals(28_800, newReno.congestionWindowBytes());
    roundTrip(newReno);
    assertEquals(57_600, newReno.congestionWindowBytes());
    roundTrip(newReno);
    assertEquals(115_200, newReno.congestionWindowBytes());
  }

  @Test
  void shouldHalveOnceAndFreezeForRecoveryPeriod() {
    RfcNewReno newReno = newReno();
    roundTrip(newReno);
    roundTrip(newReno);
    long first = script.send(40);
    script.lose(newReno, first, LossTrigger.ACK_THRESHOLD);
    assertEquals(28_800, newReno.congestionWindowBytes());
    assertEquals(28_800, newReno.slowStartThresholdBytes());
    assertEquals(first + 40, newReno.recoveryStartPacketNumber());
    // More losses and ACKs of packets sent before the recovery started change nothing.
    script.lose(newReno, first + 1, LossTrigger.ACK_THRESHOLD);
    script.lose(newReno, first + 39, LossTrigger.TIMER);
    script.ecn(newReno, first + 39);
    script.ack(newReno, 1440, first + 39);
    assertEquals(28_800, newReno.congestionWindowBytes());
    // The first packet sent after it ends the period: congestion avoidance, 1 440² / 28 800 = 72.
    long after = script.send(1);
    script.ack(newReno, 1440, after);
    assertEquals(28_872, newReno.congestionWindowBytes());
    // A loss of a packet sent after the recovery start is a new congestion event.
    script.lose(newReno, after, LossTrigger.ACK_THRESHOLD);
    assertEquals(14_436, newReno.congestionWindowBytes());
  }

  @Test
  void shouldGrowOnePacketPerWindowInCongestionAvoidance() {
    RfcNewReno newReno = newReno();
    roundTrip(newReno);
    long first = script.send(1);
    script.lose(newReno, first, LossTrigger.ACK_THRESHOLD);
    assertEquals(14_400, newReno.congestionWindowBytes());
    roundTrip(newReno);
    // Each ACK adds 1 440 × 1 440 / cwnd with the remainder carried, and cwnd grows meanwhile:
    // 144 + 142 + 141 + 140 + 139 + 137 + 136 + 135 + 133 + 133 = 1 380.
    assertEquals(15_780, newReno.congestionWindowBytes());
  }

  @Test
  void shouldNotGrowWhenAckIsApplicationLimited() {
    RfcNewReno newReno = newReno();
    long first = script.send(1);
    script.ack(newReno, 1440, first, -1, true);
    assertEquals(14_400, newReno.congestionWindowBytes());
  }

  @Test
  void shouldFloorAtTwoPacketsAndCollapseOnPersistentCongestion() {
    RfcNewReno newReno = newReno();
    for (int i = 0; i < 5; i++) {
      script.lose(newReno, script.send(1), LossTrigger.ACK_THRESHOLD);
    }
    assertEquals(2_880, newReno.congestionWindowBytes());
    // ssthresh halves the floored window: 2 880 / 2.
    assertEquals(1_440, newReno.slowStartThresholdBytes());

    RfcNewReno persistent = newReno();
    roundTrip(persistent);
    persistent.onPersistentCongestion(script.nowMicros());
    assertEquals(2_880, persistent.congestionWindowBytes());
    assertEquals(0, persistent.recoveryStartPacketNumber());
  }

  @Test
  void shouldIgnoreProbeTimeoutAndSpuriousLoss() {
    RfcNewReno newReno = newReno();
    newReno.onProbeTimeout(script.nowMicros());
    assertEquals(14_400, newReno.congestionWindowBytes());
    script.lose(newReno, script.send(1), LossTrigger.ACK_THRESHOLD);
    newReno.onSpuriousLoss(script.nowMicros(), 0);
    assertEquals(7_200, newReno.congestionWindowBytes());
  }

  @Test
  void shouldPaceAtOneAndAQuarterWindowPerRttWithInitialWindowBursts() {
    RfcNewReno newReno = newReno();
    script.path.smoothedRttMicros(100_000);
    script.rtt(newReno, 100_000);
    assertEquals(180_000, newReno.pacingRateBytesPerSecond());
    assertEquals(14_400, newReno.pacingQuantumBytes());
  }
}
