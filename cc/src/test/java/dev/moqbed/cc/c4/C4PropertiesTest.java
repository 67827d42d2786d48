package dev.moqbed.cc.c4;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seeded random event streams over paths from 10 kbit/s to 10 Gbit/s and 1 ms to 1 s of RTT: RTT
 * samples with jitter, ACKs with rate samples, era ends, losses, CE marks, careful-resume seeds and
 * idle gaps. After every event the outputs must stay sane.
 */
class C4PropertiesTest {
  private static final long MIN_RATE_BYTES_PER_SECOND = 1_250; // 10 kbit/s
  private static final long MAX_RATE_BYTES_PER_SECOND = 1_250_000_000; // 10 Gbit/s
  private static final int RUNS = 300;
  private static final int EVENTS_PER_RUN = 1_500;

  @ParameterizedTest
  @EnumSource(C4Variant.class)
  void shouldKeepOutputsSaneWhenEventsAreRandom(C4Variant variant) {
    SplittableRandom random = new SplittableRandom(0xC4C4_2026L);
    for (int run = 0; run < RUNS; run++) {
      runOnce(variant, random.split(), run);
    }
  }

  private static long logUniform(SplittableRandom random, long min, long max) {
    double exponent = Math.log(min) + random.nextDouble() * (Math.log(max) - Math.log(min));
    return Math.max(min, Math.min(max, (long) Math.exp(exponent)));
  }

  private static void runOnce(C4Variant variant, SplittableRandom random, int run) {
    long baseRtt = logUniform(random, 1_000, 1_000_000);
    long linkRate = logUniform(random, MIN_RATE_BYTES_PER_SECOND, MAX_RATE_BYTES_PER_SECOND);
    C4Script script = new C4Script(variant, random.nextBoolean() ? 250_000 : baseRtt);
    long maxRateSeen = 0;
    boolean acked = false;
    for (int event = 0; event < EVENTS_PER_RUN; event++) {
      script.at(script.nowMicros + random.nextLong(1, 2 * baseRtt));
      if (random.nextInt(200) == 0) {
        // The path changes: a new bottleneck anywhere in the range.
        linkRate = logUniform(random, MIN_RATE_BYTES_PER_SECOND, MAX_RATE_BYTES_PER_SECOND);
      }
      int kind = random.nextInt(100);
      if (kind < 35) {
        script.rtt(baseRtt + random.nextLong(0, baseRtt + 1));
      } else if (kind < 85) {
        long sample = Math.max(1, (long) (linkRate * (0.5 + random.nextDouble())));
        maxRateSeen = Math.max(maxRateSeen, sample);
        script.path.peakDeliveryRateBytesPerSecond(maxRateSeen);
        script.path.bytesInFlight(
            random.nextLong(0, 1 + 4 * FixedPoint.bytesFromRate(baseRtt, sample)));
        script.deliveredBytes =
            random.nextBoolean() ? C4Script.BUSY_DELIVERED_BYTES : random.nextLong(1, 10_000);
        script.ackedBytes = random.nextLong(0, 20_000);
        if (script.lastRttMicros < 0) {
          script.rtt(baseRtt);
        }
        script.ack(sample, random.nextInt(4) == 0);
        acked = true;
      } else if (kind < 93) {
        script.loss(script.freshPacketNumber());
      } else if (kind < 98) {
        script.ecn(random.nextLong(0, 50), random.nextLong(1, 50));
      } else if (kind < 99) {
        long seedRate = logUniform(random, MIN_RATE_BYTES_PER_SECOND, MAX_RATE_BYTES_PER_SECOND);
        maxRateSeen = Math.max(maxRateSeen, seedRate);
        // The transport only seeds when the remembered RTT matches the path's (±25 %).
        script.c4.onResumeSeed(script.nowMicros, seedRate, script.path.smoothedRttMicros());
      } else {
        script.c4.onProbeTimeout(script.nowMicros);
      }
      check(script, variant, run, event, acked, maxRateSeen);
    }
  }

  private static void check(
      C4Script script, C4Variant variant, int run, int event, boolean acked, long maxRateSeen) {
    C4Controller c4 = script.c4;
    String where = variant + " run " + run + " event " + event + " " + Snapshot.of(c4);
    long mtu = C4Script.MTU_BYTES;
    assertTrue(c4.congestionWindowBytes() >= 2 * mtu, "window below two packets: " + where);
    // No overflow: a window above 2^50 bytes (1 PB) would be an arithmetic accident.
    assertTrue(c4.congestionWindowBytes() < (1L << 50), "window overflow: " + where);
    assertTrue(c4.pacingRateBytesPerSecond() >= 0, "negative pacing: " + where);
    // Once a rate is known, or an ACK arrived in Initial, there is a pacing rate. (A CE burst in
    // Resuming before the first rate sample cuts a zero rate and leaves Recovery unpaced for one
    // era, exactly as in picoquic; see docs/cc/c4.md.)
    if (acked && (c4.nominalRateBytesPerSecond() > 0 || c4.state() == C4State.INITIAL)) {
      assertTrue(c4.pacingRateBytesPerSecond() > 0, "no pacing rate after an ACK: " + where);
    }
    // Pacing never exceeds 3x (Resuming's pro-forma alpha) the best rate the path ever showed,
    // or Initial's 1 Mbit/s floor.
    assertTrue(
        c4.pacingRateBytesPerSecond()
            <= Math.max(3 * maxRateSeen, C4Controller.INITIAL_PACING_FLOOR_BYTES_PER_SECOND),
        "pacing beyond any measured rate: " + where);
    assertTrue(c4.pacingQuantumBytes() >= 2 * mtu, "quantum below two packets: " + where);
    assertTrue(c4.pacingQuantumBytes() <= 65_536, "quantum above 64 KiB: " + where);
    assertTrue(c4.nominalRateBytesPerSecond() >= 0, "negative rate: " + where);
    assertTrue(c4.nominalMaxRttMicros() >= 0, "negative max RTT: " + where);
    assertTrue(c4.delayThresholdMicros() >= 0, "negative delay threshold: " + where);
    assertTrue(c4.delayThresholdMicros() <= 25_000, "delay threshold above cap: " + where);
    double dropRate = c4.smoothedDropRate();
    assertFalse(Double.isNaN(dropRate), "loss rate NaN: " + where);
    assertTrue(dropRate >= 0 && dropRate <= 16.0 / 31.0 + 1e-12, "loss rate range: " + where);
    assertTrue(c4.ecnAlpha1024() >= 0 && c4.ecnAlpha1024() <= 1024, "ECN alpha range: " + where);
    assertTrue(c4.probeLevel() >= 0 && c4.probeLevel() <= 3, "probe level range: " + where);
  }
}
