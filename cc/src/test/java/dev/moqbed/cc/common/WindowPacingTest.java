package dev.moqbed.cc.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WindowPacingTest {

  @Test
  void shouldStartInPicoquicHighSpeedState() {
    WindowPacing pacing = new WindowPacing(1440);
    assertEquals(1_440_000_000_000L, pacing.rateBytesPerSecond());
    assertEquals(16 * 1440, pacing.quantumBytes());
    assertEquals(1, pacing.packetTimeMicros());
  }

  @Test
  void shouldNotPaceWhenWindowIsBelowEightPackets() {
    WindowPacing pacing = new WindowPacing(1440);
    pacing.update(8 * 1440 - 1, 1440, 80_000, true);
    assertFalse(pacing.paced());
    assertEquals(1, pacing.packetTimeNanos());
    assertEquals(1, pacing.packetTimeMicros());
    // One packet per nanosecond, bucket of one smoothed RTT.
    assertEquals(1_440_000_000_000L, pacing.rateBytesPerSecond());
    assertEquals(80_000_000L * 1440, pacing.quantumBytes());
    pacing.update(8 * 1440, 1440, 80_000, true);
    assertTrue(pacing.paced());
  }

  @Test
  void shouldCapQuantumAtSixteenPacketsWhenNotInSlowStart() {
    WindowPacing pacing = new WindowPacing(1440);
    pacing.update(100_000, 1440, 100_000, false);
    assertEquals(1_000_000, pacing.rateBytesPerSecond());
    assertEquals(16 * 1440, pacing.quantumBytes());
    assertEquals(1440, pacing.packetTimeMicros());
  }

  @Test
  void shouldRaiseRateByQuarterAndQuantumTo32kWhenSlowStartOnLongPath() {
    WindowPacing pacing = new WindowPacing(1440);
    pacing.update(100_000, 1440, 100_000, true);
    assertEquals(1_250_000, pacing.rateBytesPerSecond());
    assertEquals(32_768, pacing.quantumBytes());
    assertEquals(1152, pacing.packetTimeMicros());
  }

  @Test
  void shouldKeepQuarterWindowUncappedWhenSlowStartOnLongPath() {
    WindowPacing pacing = new WindowPacing(1440);
    pacing.update(1_000_000, 1440, 100_000, true);
    assertEquals(12_500_000, pacing.rateBytesPerSecond());
    assertEquals(250_000, pacing.quantumBytes());
    assertEquals(116, pacing.packetTimeMicros());
    // 18.75 MB at 600 ms: 15 ms at 31.25 MB/s is 468 750 < cwnd/4 = 4 687 500.
    pacing.update(18_750_000, 1440, 600_000, true);
    assertEquals(4_687_500, pacing.quantumBytes());
  }

  @Test
  void shouldUseFifteenMillisecondsOfRateWhenLargerThanQuarterWindow() {
    // Only reachable when the quarter window is below 15 ms of rate: cwnd/4 < cwnd/srtt * 15 ms,
    // i.e. srtt < 60 ms, which the long-path condition excludes. The rule is therefore dead in
    // picoquic; the quarter window wins at 61 ms.
    WindowPacing pacing = new WindowPacing(1440);
    pacing.update(400_000, 1440, 61_000, true);
    assertEquals(100_000, pacing.quantumBytes());
  }

  @Test
  void shouldApplyTwoPacketFloorAndCapPacketTimeAtSmoothedRtt() {
    WindowPacing pacing = new WindowPacing(1440);
    pacing.update(8 * 1440, 1440, 1_000_000, false);
    assertEquals(2 * 1440 + 0, Math.max(pacing.quantumBytes(), 2 * 1440));
    assertEquals(2_880, pacing.quantumBytes());
    assertEquals(11_520, pacing.rateBytesPerSecond());
    assertEquals(125_000, pacing.packetTimeMicros());
  }
}
