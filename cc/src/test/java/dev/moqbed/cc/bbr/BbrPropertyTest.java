package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrDriver.MTU;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.StateVisitor;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random event sequences for both flavours: windows never below the floor, pacing positive
 * and finite from 10 kbit/s to 10 Gbit/s, and the same seed giving the same outputs.
 */
class BbrPropertyTest {
  private static final long MAX_SANE = 1L << 50;

  static List<Arguments> flavoursAndRates() {
    List<Arguments> cases = new ArrayList<>();
    long[] ratesBytesPerSecond = {1_250, 125_000, 12_500_000, 1_250_000_000};
    long[] rttsMicros = {1_000, 40_000, 600_000};
    for (String flavour : List.of("picoquic", "draft")) {
      for (long rate : ratesBytesPerSecond) {
        for (long rtt : rttsMicros) {
          cases.add(Arguments.of(flavour, rate, rtt));
        }
      }
    }
    return cases;
  }

  private static BbrDriver<? extends CongestionController> driver(String flavour, long seed) {
    return "draft".equals(flavour) ? BbrDriver.draft(seed) : BbrDriver.picoquic(seed);
  }

  @ParameterizedTest
  @MethodSource("flavoursAndRates")
  void shouldKeepWindowAndPacingSaneWhenEventsAreRandom(String flavour, long rate, long rtt) {
    BbrDriver<? extends CongestionController> driver = driver(flavour, 99);
    CongestionController controller = driver.controller;
    SplittableRandom script = new SplittableRandom(rate * 31 + rtt);
    for (int step = 0; step < 3_000; step++) {
      boolean acked = randomEvent(driver, script, rate, rtt);
      long cwnd = controller.congestionWindowBytes();
      long pacing = controller.pacingRateBytesPerSecond();
      assertTrue(cwnd >= MTU && cwnd < MAX_SANE, () -> flavour + " cwnd " + cwnd);
      assertTrue(pacing > 0 && pacing < MAX_SANE, () -> flavour + " pacing " + pacing);
      assertTrue(controller.pacingQuantumBytes() >= MTU);
      assertTrue(controller.pacingQuantumBytes() < MAX_SANE);
      if (acked && !inRecovery(controller)) {
        assertTrue(cwnd >= 4 * MTU, () -> flavour + " cwnd after ACK " + cwnd);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"picoquic", "draft"})
  void shouldProduceIdenticalOutputsWhenSeedIsTheSame(String flavour) {
    assertEquals(trace(flavour, 1234), trace(flavour, 1234));
  }

  @ParameterizedTest
  @ValueSource(strings = {"picoquic", "draft"})
  void shouldBuildEachFlavourFromTheRegistry(String flavour) {
    var factory = ControllerRegistry.standard().parse("bbr:flavor=" + flavour);
    assertEquals("bbr:flavor=" + flavour, factory.spec());
    CongestionController controller =
        factory.create(
            new ControllerEnvironment(
                new dev.moqbed.cc.SettablePathView(), 0, new SplittableRandom(1)));
    Class<?> expected =
        "draft".equals(flavour) ? DraftBbrController.class : PicoquicBbrController.class;
    assertEquals(expected, controller.getClass());
    assertEquals("bbr", controller.id());
    assertEquals(
        PicoquicBbrController.class,
        ControllerRegistry.standard()
            .parse("bbr")
            .create(
                new ControllerEnvironment(
                    new dev.moqbed.cc.SettablePathView(), 0, new SplittableRandom(1)))
            .getClass());
  }

  private static List<String> trace(String flavour, long seed) {
    BbrDriver<? extends CongestionController> driver = driver(flavour, seed);
    SplittableRandom script = new SplittableRandom(5);
    List<String> outputs = new ArrayList<>();
    StringBuilder state = new StringBuilder();
    StateVisitor visitor =
        new StateVisitor() {
          @Override
          public void state(String name) {
            state.append(name);
          }

          @Override
          public void value(String name, long value) {
            state.append(' ').append(value);
          }
        };
    for (int step = 0; step < 4_000; step++) {
      randomEvent(driver, script, 2_500_000, 40_000);
      state.setLength(0);
      driver.controller.describe(visitor);
      outputs.add(
          driver.controller.congestionWindowBytes()
              + "/"
              + driver.controller.pacingRateBytesPerSecond()
              + "/"
              + driver.controller.pacingQuantumBytes()
              + "/"
              + state);
    }
    return outputs;
  }

  private static boolean inRecovery(CongestionController controller) {
    return controller instanceof PicoquicBbrController
        && ((PicoquicBbrController) controller).inRecovery();
  }

  /** One random event on a path of about {@code rate} and {@code rtt}; true if it was an ACK. */
  private static boolean randomEvent(
      BbrDriver<? extends CongestionController> driver,
      SplittableRandom script,
      long rate,
      long rtt) {
    CongestionController controller = driver.controller;
    driver.rttMicros = rtt + script.nextLong(rtt / 2 + 1);
    driver.rateBytesPerSecond = Math.max(1, rate / 2 + script.nextLong(rate + 1));
    long bdp = Math.max(MTU, rate * rtt / 1_000_000);
    driver.bytesInFlight = script.nextLong(3 * bdp + MTU);
    driver.txInFlightBytes = script.nextLong(3 * bdp + MTU);
    driver.deliveredSinceSentBytes = script.nextLong(2 * bdp + MTU);
    driver.lostSinceSentBytes = script.nextInt(10) == 0 ? script.nextLong(bdp / 5 + 1) : 0;
    driver.appLimited = script.nextInt(5) == 0;
    driver.cwndLimited = script.nextBoolean();
    driver.ackedBytes = MTU * (1 + script.nextInt(8));
    driver.stepMicros = 1 + script.nextLong(Math.max(2, rtt / 4));
    int kind = script.nextInt(100);
    if (kind < 80) {
      driver.ack();
      return true;
    }
    if (kind < 88) {
      driver.loseThenAck(driver.largestAcked + 1 + script.nextInt(20));
      return true;
    }
    if (kind < 91) {
      driver.nowMicros += rtt * 3;
      controller.onProbeTimeout(driver.nowMicros);
      driver.loss.set(
          driver.largestAcked + 1,
          driver.nowMicros,
          MTU,
          LossTrigger.TIMER,
          0,
          0,
          MTU,
          false,
          false);
      controller.onPacketLost(driver.nowMicros, driver.loss);
      return false;
    }
    if (kind < 94) {
      controller.onSpuriousLoss(driver.nowMicros, driver.largestAcked + script.nextInt(5));
      return false;
    }
    if (kind < 96) {
      driver.nowMicros += 2_000_000;
      controller.onIdleRestart(driver.nowMicros);
      return false;
    }
    if (kind < 98) {
      driver.path.peerEct0Total(driver.path.peerEct0Total() + 10);
      driver.path.peerCeTotal(driver.path.peerCeTotal() + script.nextInt(4));
      return false;
    }
    controller.onCongestionWindowBlocked(driver.nowMicros);
    driver.path.congestionWindowBlocked(script.nextBoolean());
    return false;
  }
}
