package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PacerTest {

  /** 10 Mbit/s with 1250-byte packets: one packet per millisecond, 10 packets of quantum. */
  private static Pacer tenMegabits(long nowMicros) {
    Pacer pacer = new Pacer(nowMicros);
    pacer.configureRate(1_250_000, 12_500, 1250, 50_000);
    return pacer;
  }

  @Test
  void shouldStartWithSixteenNanosOfCreditAndOneNanoPacketTimeWhenNew() {
    Pacer pacer = new Pacer(0);
    assertEquals(16, pacer.bucketNanos());
    assertEquals(16, pacer.bucketMaxNanos());
    assertEquals(1, pacer.packetTimeNanos());
  }

  @Test
  void shouldSendSixteenPacketsPerMicrosecondWhenNeverConfigured() {
    Pacer pacer = new Pacer(0);
    int sent = 0;
    while (pacer.canSend(0)) {
      pacer.onPacketSent(0, 1252);
      sent++;
    }
    assertEquals(16, sent);
    assertEquals(1, pacer.nextSendTimeMicros(0));
    assertTrue(pacer.canSend(1));
  }

  @Test
  void shouldSetPacketTimeToMtuOverRateAndBucketToQuantumOverRateWhenRateConfigured() {
    Pacer pacer = tenMegabits(0);
    assertEquals(1_000_000, pacer.packetTimeNanos());
    assertEquals(1_000, pacer.packetTimeMicros());
    assertEquals(10_000_000, pacer.bucketMaxNanos());
    assertEquals(1_250_000, pacer.rateBytesPerSecond());
  }

  @Test
  void shouldCapPacketTimeAtSmoothedRttWhenRateIsTiny() {
    Pacer pacer = new Pacer(0);
    pacer.configureRate(1_000, 2_880, 1440, 100_000);
    assertEquals(100_000_000, pacer.packetTimeNanos());
    assertEquals(2_880_000_000L, pacer.bucketMaxNanos());
  }

  @Test
  void shouldLetQuantumLeaveBackToBackWhenIdleLongEnough() {
    Pacer pacer = tenMegabits(0);
    int sent = 0;
    while (pacer.canSend(20_000)) {
      pacer.onPacketSent(20_000, 1250);
      sent++;
    }
    assertEquals(10, sent);
  }

  @Test
  void shouldWakeWhenOnePacketTimeOfCreditIsBackWhenBlocked() {
    Pacer pacer = tenMegabits(0);
    for (int i = 0; i < 10; i++) {
      pacer.onPacketSent(20_000, 1250);
    }
    assertFalse(pacer.canSend(20_000));
    assertEquals(20_000 + 1 + 1_000, pacer.nextSendTimeMicros(20_000));
  }

  @Test
  void shouldFloorBucketAtMinusOnePacketTimeBeforeRefilling() {
    Pacer pacer = tenMegabits(0);
    for (int i = 0; i < 13; i++) {
      pacer.onPacketSent(20_000, 1250);
    }
    // Each charge refills first, and so floors: the debt never exceeds two packet times.
    assertEquals(-2_000_000, pacer.bucketNanos());
    assertFalse(pacer.canSend(20_000));
    assertEquals(-1_000_000, pacer.bucketNanos());
    assertEquals(20_000 + 1 + 2_000, pacer.nextSendTimeMicros(20_000));
  }

  @Test
  void shouldSustainExactlyThePacingRateWhenSendingAtEveryWakeUp() {
    Pacer pacer = tenMegabits(0);
    long now = 20_000;
    while (pacer.canSend(now)) {
      pacer.onPacketSent(now, 1250);
    }
    long start = now;
    long bytes = 0;
    while (now < start + 1_000_000) {
      now = pacer.nextSendTimeMicros(now);
      if (now >= start + 1_000_000) {
        break;
      }
      pacer.onPacketSent(now, 1250);
      bytes += 1250;
    }
    assertEquals(1_250_000, bytes, 1250);
  }

  @Test
  void shouldLetSmallPacketsFollowWhileCreditHoldsOneMtuTime() {
    Pacer pacer = tenMegabits(0);
    int sent = 0;
    while (pacer.canSend(20_000)) {
      pacer.onPacketSent(20_000, 100);
      sent++;
    }
    // Each 100-byte packet costs 80,000 ns; credit 10,000,000 stays >= 1,000,000 for 113 sends.
    assertEquals(113, sent);
  }

  @Test
  void shouldChargeCeilingOfPacketTimeTimesSizeOverMtuWhenPacketIsSmall() {
    Pacer pacer = new Pacer(0);
    pacer.configureRate(1_440_000, 100_000, 1440, 100_000);
    long before = pacer.bucketNanos();
    pacer.onPacketSent(0, 55);
    // 1,000,000 x 55 / 1440 = 38,194.4 ns, rounded up.
    assertEquals(before - 38_195, pacer.bucketNanos());
  }

  @Test
  void shouldDivideByCurrentMtuWhenMtuChangedSinceConfiguration() {
    Pacer pacer = new Pacer(0);
    pacer.configureRate(1_252_000, 100_000, 1252, 100_000);
    pacer.canSend(100_000);
    long before = pacer.bucketNanos();
    pacer.onPacketSent(100_000, 1440, 1440);
    assertEquals(before - 1_000_000, pacer.bucketNanos());
    pacer.onPacketSent(100_000, 1440);
    assertEquals(before - 1_000_000 - 1_150_160, pacer.bucketNanos());
  }

  @Test
  void shouldBeUnpacedWhenConfiguredUnpaced() {
    Pacer pacer = tenMegabits(0);
    pacer.configureUnpaced(30_000);
    assertEquals(1, pacer.packetTimeNanos());
    assertEquals(30_000_000, pacer.bucketMaxNanos());
  }

  @Test
  void shouldNotAllocateWhenPacing() {
    Pacer pacer = tenMegabits(0);
    long[] now = {0};
    long bytes =
        AllocationMeter.bytesAllocatedBy(
            () -> {
              for (int i = 0; i < 100_000; i++) {
                now[0] = pacer.nextSendTimeMicros(now[0]);
                pacer.onPacketSent(now[0], 1250);
              }
            });
    assertTrue(bytes < 1_000, "allocated " + bytes + " bytes for 100,000 packets");
  }
}
