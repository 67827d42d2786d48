package dev.moqbed.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.cubic.RfcCubic;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Invariants of NewReno and Cubic (both flavours) driven by a crude fluid path from 10 kbit/s to 10
 * Gbit/s with random losses, ECN marks, timeouts, spurious losses, persistent congestion,
 * application-limited ACKs and a PMTU rise from 1 252 to 1 440 bytes. Seeded: failures reproduce.
 */
class BaselineControllerPropertiesTest {
  private static final String[] SPECS = {
    "newreno",
    "newreno:flavor=rfc",
    "cubic",
    "cubic:hystart=off",
    "cubic:flavor=rfc",
    "cubic:flavor=rfc,hystart=off"
  };
  private static final long[] RATES_BYTES_PER_SECOND = {1_250, 125_000, 12_500_000, 1_250_000_000};
  private static final int STEPS = 3_000;

  static Stream<Arguments> pathsAndControllers() {
    List<Arguments> cases = new ArrayList<>();
    for (String spec : SPECS) {
      for (long rate : RATES_BYTES_PER_SECOND) {
        for (long seed = 1; seed <= 3; seed++) {
          cases.add(Arguments.of(spec, rate, seed));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} at {1} B/s, seed {2}")
  @MethodSource("pathsAndControllers")
  void shouldKeepWindowAboveMinimumAndPacingPositiveWhenDrivenOverAnyPath(
      String spec, long rateBytesPerSecond, long seed) {
    SplittableRandom random = new SplittableRandom(seed * 1_000_003 + rateBytesPerSecond);
    long baseRttMicros = 1_000 + random.nextLong(600_000);
    SettablePathView path = new SettablePathView().maxDatagramSizeBytes(1252);
    long nowMicros = 1_000_000;
    CongestionController controller =
        ControllerRegistry.standard()
            .parse(spec)
            .create(new ControllerEnvironment(path, nowMicros, random));
    long minimumWindowBytes = spec.contains("rfc") ? 2 * 1252 : 3072;
    AckSample ack = new AckSample();
    RttSample rtt = new RttSample();
    LossSample loss = new LossSample();
    EcnSample ecn = new EcnSample();
    long stepMicros = Math.min(2_000_000, Math.max(1_000, 1440L * 1_000_000 / rateBytesPerSecond));
    long bdpBytes = Math.max(1440, rateBytesPerSecond * baseRttMicros / 1_000_000);
    long inFlightBytes = 0;
    long lastLost = -1;
    boolean hadRtt = false;
    for (int step = 0; step < STEPS; step++) {
      nowMicros += stepMicros;
      if (step == 50) {
        path.maxDatagramSizeBytes(1440);
      }
      long deliveredBytes = Math.min(inFlightBytes, rateBytesPerSecond * stepMicros / 1_000_000);
      inFlightBytes -= deliveredBytes;
      long queueBytes = Math.max(0, inFlightBytes - bdpBytes);
      long rttMicros = baseRttMicros + queueBytes * 1_000_000 / rateBytesPerSecond;
      long deliveredPackets = deliveredBytes / 1440;
      long largestAcked =
          Math.min(path.nextPacketNumber() - 1, path.largestAckedPacketNumber() + deliveredPackets);
      path.smoothedRttMicros(hadRtt ? (7 * path.smoothedRttMicros() + rttMicros) / 8 : rttMicros)
          .minRttMicros(hadRtt ? Math.min(path.minRttMicros(), rttMicros) : rttMicros)
          .latestRttMicros(rttMicros)
          .peakDeliveryRateBytesPerSecond(
              Math.max(
                  path.peakDeliveryRateBytesPerSecond(), deliveredBytes * 1_000_000 / stepMicros))
          .largestAckedPacketNumber(largestAcked)
          .lastAckedDataSentMicros(nowMicros - rttMicros)
          .congestionWindowBlocked(true)
          .deliveredBytes(path.deliveredBytes() + deliveredBytes);
      if (random.nextInt(200) == 0) {
        path.peerCeTotal(path.peerCeTotal() + 1);
        controller.onEcnCongestion(nowMicros, ecn.set(0, 0, path.peerCeTotal(), largestAcked));
      }
      controller.onRttSample(nowMicros, rtt.set(rttMicros, 0, -1));
      hadRtt = true;
      if (queueBytes > bdpBytes || random.nextInt(50) == 0) {
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
          long packetNumber = largestAcked + 1 + i;
          if (packetNumber >= path.nextPacketNumber()) {
            break;
          }
          lastLost = packetNumber;
          inFlightBytes = Math.max(0, inFlightBytes - 1440);
          controller.onPacketLost(
              nowMicros,
              loss.set(
                  packetNumber,
                  nowMicros - rttMicros,
                  1440,
                  LossTrigger.ACK_THRESHOLD,
                  0,
                  0,
                  0,
                  false,
                  false));
        }
      }
      if (random.nextInt(300) == 0 && largestAcked + 1 < path.nextPacketNumber()) {
        controller.onProbeTimeout(nowMicros);
        controller.onPacketLost(
            nowMicros,
            loss.set(largestAcked + 1, nowMicros, 1440, LossTrigger.TIMER, 0, 0, 0, false, false));
      }
      if (random.nextInt(500) == 0) {
        controller.onPersistentCongestion(nowMicros);
      }
      if (lastLost >= 0 && random.nextInt(100) == 0) {
        controller.onSpuriousLoss(nowMicros, lastLost);
      }
      boolean applicationLimited = random.nextInt(100) == 0;
      if (deliveredBytes > 0) {
        controller.onAck(
            nowMicros,
            ack.acknowledged(
                    deliveredBytes, largestAcked, nowMicros - rttMicros, rttMicros, inFlightBytes)
                .delivery(0, 0, 0, 0, rateBytesPerSecond, applicationLimited, false));
      }
      if (random.nextInt(500) == 0) {
        controller.onIdleRestart(nowMicros);
      }
      controller.onCongestionWindowBlocked(nowMicros);

      long windowBytes = controller.congestionWindowBytes();
      assertTrue(windowBytes >= minimumWindowBytes, "step " + step + ": cwnd " + windowBytes);
      assertTrue(windowBytes < 1L << 50, "step " + step + ": cwnd " + windowBytes);
      assertTrue(controller.pacingRateBytesPerSecond() > 0, "step " + step);
      assertTrue(controller.pacingQuantumBytes() > 0, "step " + step);
      if (controller instanceof RfcCubic) {
        assertTrue(Double.isFinite(((RfcCubic) controller).congestionWindowExactBytes()));
        assertTrue(Double.isFinite(((RfcCubic) controller).wEstBytes()));
      }
      long sendBytes = Math.max(0, windowBytes - inFlightBytes) + 1;
      long packets = Math.min((sendBytes + 1439) / 1440, 1_000_000);
      path.nextPacketNumber(path.nextPacketNumber() + packets);
      inFlightBytes += packets * 1440;
      path.bytesInFlight(inFlightBytes);
    }
    assertTrue(path.largestAckedPacketNumber() > 0, "the path carried data");
  }

  @Test
  void shouldNeverGrowWhenCongestionEventArrives() {
    for (String spec : SPECS) {
      SettablePathView path = new SettablePathView().maxDatagramSizeBytes(1440);
      SplittableRandom random = new SplittableRandom(11);
      CongestionController controller =
          ControllerRegistry.standard()
              .parse(spec)
              .create(new ControllerEnvironment(path, 0, random));
      LossSample loss = new LossSample();
      for (long pn = 1; pn < 2_000; pn++) {
        path.nextPacketNumber(pn + 1);
        long before = controller.congestionWindowBytes();
        controller.onPacketLost(
            pn * 1_000,
            loss.set(pn, pn * 1_000, 1440, LossTrigger.ACK_THRESHOLD, 0, 0, 0, false, false));
        assertTrue(controller.congestionWindowBytes() <= before, spec + " at " + pn);
      }
    }
  }

  @Test
  void shouldRegisterNewRenoAndCubicWithTheirOptions() {
    ControllerRegistry registry = ControllerRegistry.standard();
    // The draft's columns first (c4, bbr, cubic), then newreno.
    assertEquals(List.of("c4", "bbr", "cubic", "newreno"), registry.ids());
    assertEquals(
        "cubic:flavor=rfc,hystart=off", registry.parse("cubic:flavor=rfc,hystart=off").spec());
    assertEquals("newreno:flavor=rfc", registry.parse("newreno:flavor=rfc").spec());
    SettablePathView path = new SettablePathView();
    ControllerEnvironment environment = new ControllerEnvironment(path, 0, new SplittableRandom(1));
    assertEquals("cubic", registry.parse("cubic").create(environment).id());
    assertEquals("newreno", registry.parse("newreno").create(environment).id());
    assertEquals(
        "unknown option 'hystart' for newreno; valid: flavor",
        assertThrows(IllegalArgumentException.class, () -> registry.parse("newreno:hystart=on"))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> registry.parse("cubic:flavor=linux"));
    assertFalse(
        registry.parse("cubic:flavor=rfc").create(environment).congestionWindowBytes() == 0);
  }
}
