package dev.moqbed.live.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.LiveChain;
import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.publisher.PublisherReport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonRoundsTest {
  private static final LiveChain.Result EMPTY =
      new LiveChain.Result(
          new PublisherReport(List.of()), List.of(), List.of(), List.of(), List.of(), List.of());

  private static final ComparedMetric ROUND =
      new ComparedMetric("x", "x", ComparedMetric.Unit.COUNT, true, result -> 1);

  private static final ComparisonRounds.Progress QUIET =
      new ComparisonRounds.Progress() {
        @Override
        public void starting(String controller, int round, int index, int total, boolean again) {}

        @Override
        public void finished(ControllerRun run, double seconds) {}
      };

  @Test
  void runsEveryControllerOncePerRoundInRotatedOrder() throws Exception {
    LiveComparison comparison =
        new LiveComparison(
            List.of("a", "b"), List.of(ROUND), EffectSettings.DEFAULT, HostNoise.Limits.DEFAULT);
    List<String> order = new ArrayList<>();
    ComparisonRounds.run(
        comparison,
        3,
        false,
        (row, round, repeated) -> {
          order.add(List.of("a", "b").get(row) + round);
          return EMPTY;
        },
        QUIET);
    assertEquals(List.of("a0", "b0", "b1", "a1", "a2", "b2"), order);
    assertEquals(3, comparison.runs("a").size());
  }

  @Test
  void repeatsEachDisturbedRunOnceInItsRound() throws Exception {
    // limits every run exceeds: a share of the host's CPU above -1 to others
    HostNoise.Limits always = new HostNoise.Limits(-1, -1, -1);
    LiveComparison comparison =
        new LiveComparison(List.of("a", "b"), List.of(ROUND), EffectSettings.DEFAULT, always);
    List<String> repeats = new ArrayList<>();
    ComparisonRounds.run(
        comparison,
        2,
        true,
        (row, round, repeated) -> {
          if (repeated) {
            repeats.add(List.of("a", "b").get(row) + round);
          }
          return EMPTY;
        },
        QUIET);
    assertEquals(4, repeats.size(), repeats.toString());
    assertEquals(4, comparison.runs().size(), "repeats replace, they do not add");
    assertTrue(comparison.runs().stream().allMatch(ControllerRun::repeated));
  }
}
