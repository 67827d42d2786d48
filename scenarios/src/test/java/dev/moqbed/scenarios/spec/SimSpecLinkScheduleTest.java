package dev.moqbed.scenarios.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The links picoquic_ns builds for representative spec files. */
class SimSpecLinkScheduleTest {
  private static final long FOREVER = LinkPhase.FOREVER;

  private final SimSpecParser parser = new SimSpecParser();

  private LinkSchedule schedule(String file) {
    return parser.parse(SimSpecParserTest.SPEC_DIRECTORY.resolve(file)).linkSchedule();
  }

  private static LinkPhase phase(
      long duration,
      double up,
      double down,
      long latency,
      long jitter,
      JitterModel model,
      long queue,
      long l4s) {
    return new LinkPhase(duration, up, down, latency, jitter, model, queue, l4s, 0, 0);
  }

  @Test
  void shouldBuildOneGaussianPhaseForeverWhenAlone() {
    assertEquals(
        List.of(phase(FOREVER, 0.02, 0.02, 40_000, 2_000, JitterModel.GAUSSIAN, 80_000, 0)),
        schedule("c4_alone.txt").phases());
    assertEquals(
        List.of(phase(FOREVER, 0.02, 0.02, 40_000, 2_000, JitterModel.GAUSSIAN, 30_000, 0)),
        schedule("bbr_alone.txt").phases());
  }

  @Test
  void shouldSuspendBothDirectionsFromTwoToFourSecondsWhenBlackHole() {
    LinkPhase normal = phase(0, 0.025, 0.025, 35_000, 0, JitterModel.GAUSSIAN, 80_000, 0);
    assertEquals(
        List.of(
            normal.withDurationMicros(2_000_000),
            normal.withDurationMicros(2_000_000).withRatesGbps(0, 0),
            normal.withDurationMicros(FOREVER)),
        schedule("c4_blackhole.txt").phases());
  }

  @Test
  void shouldTakeEveryPhaseFromTheTextWhenTheLinkIsCustom() {
    LinkSchedule shortLong = schedule("cubic_short_long.txt");
    assertEquals(
        List.of(
            phase(1_000_000, 0.01, 0.01, 15_000, 0, JitterModel.GAUSSIAN, 100_000, 0),
            phase(60_000_000, 0.01, 0.01, 100_000, 0, JitterModel.GAUSSIAN, 200_000, 0)),
        shortLong.phases());
    // the schedule is cyclic: after 61 s it starts again with the short path
    assertEquals(1, shortLong.phaseIndexAt(60_999_999));
    assertEquals(0, shortLong.phaseIndexAt(61_000_000));
  }

  @Test
  void shouldIgnoreTheBaseLinkKeysWhenTheLinkIsCustom() {
    SimSpec spec =
        parser.parse(
            "t",
            "main_cc_algo: c4\nmain_scenario_text: =b1:1:2;\nnb_connections: 1\n"
                + "data_rate_in_gbps: 0.5\nlatency: 9\njitter: 8\nqueue_delay_max: 7\n"
                + "l4s_max: 6\nlink_scenario: 5:D0.02\n");
    assertTrue(spec.customLink());
    // fields not given in custom text are 0: the up direction is suspended
    assertEquals(
        List.of(phase(5, 0, 0.02, 0, 0, JitterModel.GAUSSIAN, 0, 0)), spec.linkSchedule().phases());
  }

  @Test
  void shouldGiveTheUplinkTenMegabitsWhenMediaShortLong() {
    assertEquals(
        List.of(
            phase(1_000_000, 0.01, 0.1, 15_000, 0, JitterModel.GAUSSIAN, 100_000, 0),
            phase(60_000_000, 0.01, 0.1, 50_000, 0, JitterModel.GAUSSIAN, 200_000, 0)),
        schedule("c4_media_short_long.txt").phases());
  }

  @Test
  void shouldFadeToNinetyPercentWithWifiJitterWhenWifiFade() {
    LinkPhase normal = phase(0, 0.02, 0.02, 40_000, 0, JitterModel.GAUSSIAN, 80_000, 0);
    double faded = 0.02 * 0.9;
    assertEquals(
        List.of(
            normal.withDurationMicros(1_000_000).withJitter(999, JitterModel.WIFI),
            normal
                .withDurationMicros(2_000_000)
                .withRatesGbps(faded, faded)
                .withJitter(12_000, JitterModel.WIFI),
            normal.withDurationMicros(FOREVER).withJitter(999, JitterModel.WIFI)),
        schedule("bbr_wifi_fade.txt").phases());
  }

  @Test
  void shouldCycleSuspensionsWhenWifiSuspension() {
    LinkSchedule suspension = schedule("c4_wifi_suspension.txt");
    assertEquals(2, suspension.size());
    assertEquals(1_800_000, suspension.phase(0).durationMicros());
    assertEquals(20_000, suspension.phase(0).queueDelayMaxMicros());
    assertEquals(0, suspension.phase(1).downRateGbps());
    assertEquals(1, suspension.phaseIndexAt(3_900_000));
    assertEquals(0, suspension.phaseIndexAt(4_000_000));
  }

  @Test
  void shouldHalveTheRateForTwoAndAHalfSecondsWhenLowAndUp() {
    LinkSchedule lowAndUp = schedule("c4_low_and_up.txt");
    assertEquals(2, lowAndUp.size());
    assertEquals(2_500_000, lowAndUp.phase(0).durationMicros());
    assertEquals(0.005, lowAndUp.phase(0).downRateGbps());
    assertEquals(0.01, lowAndUp.phase(1).upRateGbps());
    assertEquals(FOREVER, lowAndUp.phase(1).durationMicros());
  }

  @Test
  void shouldCarryTheL4sThresholdWhenEcn() {
    assertEquals(
        List.of(phase(FOREVER, 0.02, 0.02, 40_000, 0, JitterModel.GAUSSIAN, 100_000, 15_000)),
        schedule("c4_ecn_c4.txt").phases());
    assertEquals(15_000, schedule("bbr_media_ecn.txt").phase(0).l4sMaxMicros());
  }

  @Test
  void shouldUseTheWifiModelWhenWifiJitterIsSet() {
    SimSpec spec = parser.parse(SimSpecParserTest.SPEC_DIRECTORY.resolve("cubic_wifi_bad.txt"));
    assertFalse(spec.customLink());
    assertEquals(
        List.of(phase(FOREVER, 0.01, 0.01, 1_000, 7_000, JitterModel.WIFI, 80_000, 0)),
        spec.linkSchedule().phases());
  }
}
