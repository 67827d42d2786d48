package dev.moqbed.netsim;

import static dev.moqbed.netsim.LinkDirection.DOWN;
import static dev.moqbed.netsim.LinkDirection.UP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LinkScheduleTest {
  private static final LinkPhase BASE = LinkPhase.of(LinkPhase.FOREVER, 0.025, 35_000, 80_000);

  @Test
  void shouldHoldTwoSecondsOfZeroRateWhenBlackHole() {
    List<LinkPhase> phases = LinkScenario.BLACK_HOLE.schedule(BASE).phases();

    assertEquals(3, phases.size());
    assertEquals(2_000_000, phases.get(0).durationMicros());
    assertEquals(0.025, phases.get(0).downRateGbps());
    assertEquals(2_000_000, phases.get(1).durationMicros());
    assertEquals(0.0, phases.get(1).upRateGbps());
    assertEquals(0.0, phases.get(1).downRateGbps());
    assertEquals(35_000, phases.get(1).latencyMicros());
    assertEquals(80_000, phases.get(1).queueDelayMaxMicros());
    assertEquals(LinkPhase.FOREVER, phases.get(2).durationMicros());
    assertEquals(0.025, phases.get(2).upRateGbps());
  }

  @Test
  void shouldHalveRateForTwoSecondsWhenDropAndBack() {
    List<LinkPhase> phases = LinkScenario.DROP_AND_BACK.schedule(BASE).phases();

    assertEquals(1_500_000, phases.get(0).durationMicros());
    assertEquals(0.025 * 0.5, phases.get(1).downRateGbps());
    assertEquals(0.025 * 0.5, phases.get(1).upRateGbps());
    assertEquals(2_000_000, phases.get(1).durationMicros());
    assertEquals(0.025, phases.get(2).downRateGbps());
  }

  @Test
  void shouldStartAtHalfRateWhenLowAndUp() {
    List<LinkPhase> phases = LinkScenario.LOW_AND_UP.schedule(BASE).phases();

    assertEquals(2, phases.size());
    assertEquals(2_500_000, phases.get(0).durationMicros());
    assertEquals(0.0125, phases.get(0).downRateGbps());
    assertEquals(0.025, phases.get(1).downRateGbps());
  }

  @Test
  void shouldFadeToNinetyPercentWithWifiJitterWhenWifiFade() {
    LinkPhase base = LinkPhase.of(0, 0.02, 40_000, 80_000).withJitter(2000, JitterModel.GAUSSIAN);
    List<LinkPhase> phases = LinkScenario.WIFI_FADE.schedule(base).phases();

    assertEquals(1_000_000, phases.get(0).durationMicros());
    assertEquals(999, phases.get(0).jitterMicros());
    assertEquals(JitterModel.WIFI, phases.get(0).jitterModel());
    assertEquals(0.02 * 0.9, phases.get(1).downRateGbps());
    assertEquals(12_000, phases.get(1).jitterMicros());
    assertEquals(JitterModel.WIFI, phases.get(1).jitterModel());
    assertEquals(2_000_000, phases.get(1).durationMicros());
    assertEquals(999, phases.get(2).jitterMicros());
    assertEquals(0.02, phases.get(2).downRateGbps());
    assertEquals(LinkPhase.FOREVER, phases.get(2).durationMicros());
  }

  @Test
  void shouldCycleEightHundredMsOnTwoHundredOffWhenWifiSuspension() {
    LinkSchedule schedule = LinkScenario.WIFI_SUSPENSION.schedule(BASE);

    assertEquals(2, schedule.size());
    assertEquals(1_800_000, schedule.phase(0).durationMicros());
    assertEquals(200_000, schedule.phase(1).durationMicros());
    assertEquals(0.0, schedule.phase(1).downRateGbps());
    assertEquals(0, schedule.phaseIndexAt(1_799_999));
    assertEquals(1, schedule.phaseIndexAt(1_800_000));
    assertEquals(0, schedule.phaseIndexAt(2_000_000));
    assertEquals(1, schedule.phaseIndexAt(3_900_000));
    assertEquals(1, schedule.phaseIndexAt(101 * 2_000_000L - 1));
    assertEquals(0, schedule.phaseIndexAt(101 * 2_000_000L));
  }

  @Test
  void shouldUseReferenceDefaultsWhenBaseHasNoRate() {
    LinkPhase noRate = LinkPhase.of(0, 0, 10_000, 0);
    LinkPhase downOnly = noRate.withRatesGbps(0, 0.1);

    assertEquals(0.01, LinkScenario.NONE.schedule(noRate).phase(0).downRateGbps());
    assertEquals(0.01, LinkScenario.NONE.schedule(noRate).phase(0).upRateGbps());
    assertEquals(0.1, LinkScenario.NONE.schedule(downOnly).phase(0).upRateGbps());
  }

  @Test
  void shouldParseCustomPhasesWhenTextIsTheShortLongSpec() {
    LinkSchedule schedule =
        LinkSchedule.parse(
            "1000000:U0.01:D0.01:L15000:Q100000;60000000:U0.01:D0.01:L100000:Q200000", BASE);

    assertEquals(2, schedule.size());
    assertEquals(
        new LinkPhase(1_000_000, 0.01, 0.01, 15_000, 0, JitterModel.GAUSSIAN, 100_000, 0, 0, 0),
        schedule.phase(0));
    assertEquals(100_000, schedule.phase(1).latencyMicros());
    assertEquals(200_000, schedule.phase(1).queueDelayMaxMicros());
    assertEquals(60_000_000, schedule.phase(1).durationMicros());
  }

  @Test
  void shouldParseEveryFieldWhenAllLettersAreGiven() {
    LinkPhase phase = LinkSchedule.parse("5:U0.001:D0.1:L7:J8:W:Q9:S15000:B2:P10;", BASE).phase(0);

    assertEquals(new LinkPhase(5, 0.001, 0.1, 7, 8, JitterModel.WIFI, 9, 15_000, 2, 10), phase);
  }

  @Test
  void shouldLeaveRateZeroWhenCustomPhaseGivesNone() {
    // the reference does not default custom phases: no U/D means a suspended direction
    LinkPhase phase = LinkSchedule.parse("1000:L5000", BASE).phase(0);

    assertEquals(0.0, phase.upRateGbps());
    assertEquals(0.0, phase.downRateGbps());
  }

  @Test
  void shouldReadRatesDigitByDigitWhenParsingAsTheReference() {
    // 3 × 0.1 in binary floating point, not the double nearest to 0.3
    assertEquals(3 * 0.1, LinkScheduleParser.referenceDouble("0.3"));
    assertNotEquals(0.3, LinkScheduleParser.referenceDouble("0.3"));
    assertEquals(0.02, LinkScheduleParser.referenceDouble("0.02"));
    assertEquals(12.5, LinkScheduleParser.referenceDouble("12.5"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "1000:X5|character 6 (phase 1): unknown field 'X5'",
        "abc|character 1 (phase 1): duration 'abc' is not a whole number",
        "1000:U0.0a|character 7 (phase 1): rate '0.0a' is not a decimal number",
        "1000:U0.1;;2000:U0.1|character 11 (phase 2): empty phase",
        "1000:U0.1;2000:L|character 17 (phase 2): missing latency value",
        "1000::U0.1|character 6 (phase 1): empty field",
        "1000:W2|character 7 (phase 1): W takes no value, 1 or 0",
        "99999999999999999999|character 1 (phase 1): duration '99999999999999999999' is too large",
      })
  void shouldNamePositionWhenCustomTextIsMalformed(String text, String expected) {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> LinkSchedule.parse(text, BASE));

    assertTrue(error.getMessage().contains(expected), error.getMessage());
    assertTrue(error.getMessage().startsWith("link schedule, "), error.getMessage());
    assertTrue(!error.getMessage().contains("\n"));
  }

  @Test
  void shouldRejectWhenEveryPhaseLastsZero() {
    assertThrows(IllegalArgumentException.class, () -> LinkSchedule.parse("0:U1;0:U2", BASE));
  }

  @Test
  void shouldFindBuiltInScenarioWhenNameMatchesExactly() {
    assertEquals(LinkScenario.WIFI_FADE, LinkScenario.byName("wifi_fade"));
    assertNull(LinkScenario.byName("wifi_fade "));
    assertEquals(
        LinkScenario.BLACK_HOLE.schedule(BASE).phases(),
        LinkSchedule.parse("black_hole", BASE).phases());
  }

  @Test
  void shouldChangeBothDirectionsAndWrapAroundWhenPhasesEnd() {
    NetworkHarness harness =
        new NetworkHarness(
            LinkSchedule.parse("1000:U0.01:D0.1:L500;2000:U0.1:D0.01:L700;500:U0.05:D0.05", BASE));
    harness.scheduler.runUntil(10_000);

    List<String> changes = harness.phaseChanges.stream().map(c -> c[0] + "@" + c[1]).toList();
    assertEquals(
        List.of(
            "0@0", "1000@1", "3000@2", "3500@0", "4500@1", "6500@2", "7000@0", "8000@1", "10000@2"),
        changes);
    assertEquals(2, harness.network.phaseIndex());
    assertEquals(0, harness.network.link(UP).latencyMicros());
    assertEquals(10_500, harness.network.nextTransitionMicros());
  }

  @Test
  void shouldSerializeEachDirectionAtItsOwnRateWhenRatesAreAsymmetric() {
    NetworkHarness harness = new NetworkHarness(LinkSchedule.parse("0:U0.01:D0.1:L15000", BASE));
    harness.sendAt(0, UP, 1440, 0);
    harness.sendAt(0, DOWN, 1440, 1);
    harness.scheduler.runUntil(100_000);

    assertEquals(1151 + 15_000, harness.delivery(0).atMicros());
    assertEquals(115 + 15_000, harness.delivery(1).atMicros());
  }

  @Test
  void shouldNeverChangeWhenScheduleHasOnePhase() {
    NetworkHarness harness = new NetworkHarness(LinkSchedule.parse("1000:U0.01:D0.01", BASE));
    harness.scheduler.runUntil(1_000_000);

    assertEquals(1, harness.phaseChanges.size());
    assertEquals(Long.MAX_VALUE, harness.network.nextTransitionMicros());
  }
}
