package dev.moqbed.app;

import dev.moqbed.live.ChainComparison;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.compare.ChainMetrics;
import dev.moqbed.live.compare.ComparisonRounds;
import dev.moqbed.live.compare.ComparisonTables;
import dev.moqbed.live.compare.ControllerRun;
import dev.moqbed.live.compare.LiveComparison;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.output.Table;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.RunRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * {@code live run NAME --cc LIST --runs N}: the scenario once per controller and round, the rounds
 * rotated ({@link ComparisonRounds}); round r of every controller draws the emulator's jitter of
 * simulated run r, so the runs of a round share the link's draw as well as the host's state.
 */
final class LiveScenarioRounds {
  private final List<LiveStack> stacks;
  private final List<String> labels;
  private final LiveComparison comparison;
  // read by the Ctrl-C summary while the rounds run
  private final List<ConcurrentSkipListMap<Integer, Kept>> kept = new ArrayList<>();

  /** What one run left for runs.csv, the frames files and the tables. */
  private record Kept(LiveScenarioRun run, RunRecord record, String label) {}

  private LiveScenarioRounds(
      List<LiveStack> stacks, LiveScenario first, ComparisonOptions comparisonOptions) {
    this.stacks = stacks;
    this.labels = ChainRounds.labels(stacks);
    this.comparison =
        new LiveComparison(
            labels,
            ChainMetrics.of(first.media()),
            comparisonOptions.effects(),
            comparisonOptions.limits());
    stacks.forEach(stack -> kept.add(new ConcurrentSkipListMap<>()));
  }

  /** The rounds of {@code stacks}, none run yet. */
  static LiveScenarioRounds of(
      LiveScenarioOptions options, List<LiveStack> stacks, ComparisonOptions comparisonOptions) {
    LiveScenario first = LiveScenario.of(options.scenario, stacks.get(0).controller());
    return new LiveScenarioRounds(stacks, first, comparisonOptions);
  }

  /** Runs {@code options.runs} rounds of the stacks; then the disturbed ones again if asked. */
  void run(
      LiveScenarioOptions options,
      long durationMicros,
      Path certificates,
      ComparisonOptions comparisonOptions,
      PrintWriter err)
      throws IOException, InterruptedException {
    LiveScenarioRounds rounds = this;
    ComparisonRounds.Run run =
        (row, round, repeated) -> {
          LiveStack stack = stacks.get(row);
          LiveScenario live = LiveScenario.of(options.scenario, stack.controller());
          LiveScenarioRun result;
          try {
            result =
                LiveCommand.runOnce(options, live, stack, round, durationMicros, certificates, err);
          } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
          } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
          }
          String label = options.label(rounds.labels.get(row), live, stack);
          RunRecord record = result.record(live, label, round, options.seed);
          rounds.kept.get(row).put(round, new Kept(result, record, label));
          return result.chain();
        };
    ComparisonRounds.run(
        rounds.comparison,
        options.runs,
        comparisonOptions.rerunDisturbed,
        run,
        new ComparisonRounds.Progress() {
          @Override
          public void starting(String cc, int round, int index, int total, boolean repeated) {
            if (repeated) {
              err.printf(
                  Locale.ROOT,
                  "moqbed live: repeating disturbed run %d/%d: %s, round %d%n",
                  index,
                  total,
                  cc,
                  round + 1);
            }
          }

          @Override
          public void finished(ControllerRun measured, double seconds) {
            List<String> reasons = measured.noise().disturbances(rounds.comparison.limits());
            if (!reasons.isEmpty()) {
              err.println("  disturbed by the host: " + String.join("; ", reasons));
            }
          }
        });
  }

  /** Every run's row of runs.csv, controller by controller, round by round. */
  List<RunRecord> records() {
    return kept.stream().flatMap(own -> own.values().stream()).map(Kept::record).toList();
  }

  /** Every run's frames, in the order of {@link #records()}. */
  List<FrameTable> frames() {
    return kept.stream()
        .flatMap(own -> own.entrySet().stream())
        .map(entry -> entry.getValue().run().frameTable(entry.getKey()))
        .toList();
  }

  /** Runs whose subscriber did not complete. */
  int incomplete() {
    return (int)
        kept.stream()
            .flatMap(own -> own.values().stream())
            .filter(k -> !k.run().completed())
            .count();
  }

  /** Per controller, the draft metrics' mean and p90 over its runs. */
  Table meanAndP90() {
    Table table = new Table("cc", "metric", "mean", "p90");
    for (ConcurrentSkipListMap<Integer, Kept> own : kept) {
      if (own.isEmpty()) {
        continue;
      }
      String label = own.firstEntry().getValue().label();
      List<RunRecord> records = own.values().stream().map(Kept::record).toList();
      for (List<Object> row : ScenarioRunCommand.summary(records).rows()) {
        List<Object> cells = new ArrayList<>();
        cells.add(label);
        cells.addAll(row);
        table.row(cells.toArray());
      }
    }
    return table;
  }

  /** Per controller and run, track and frame kind: the latency percentiles. */
  Table perFrameKind() {
    ChainComparison table = new ChainComparison();
    for (int row = 0; row < kept.size(); row++) {
      for (Map.Entry<Integer, Kept> entry : kept.get(row).entrySet()) {
        LiveChain.Result chain = entry.getValue().run().chain();
        table.add(
            kept.get(row).size() == 1 ? labels.get(row) : labels.get(row) + "/" + entry.getKey(),
            chain);
      }
    }
    return table.table();
  }

  /** The medians with their intervals, the pairs' verdicts and the host during each run. */
  void printComparison(PrintWriter out) {
    out.print(ComparisonTables.text(comparison.copy()));
  }
}
