package dev.moqbed.app;

import dev.moqbed.collect.LocalRunsDirectory;
import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.RelayMetrics;
import dev.moqbed.live.compare.ChainMetrics;
import dev.moqbed.live.compare.ComparisonRounds;
import dev.moqbed.live.compare.ComparisonTables;
import dev.moqbed.live.compare.ControllerRun;
import dev.moqbed.live.compare.HostNoise;
import dev.moqbed.live.compare.LiveComparison;
import dev.moqbed.live.interval.IntervalJson;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.runtime.Quantities;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code chain --cc LIST --runs N}: the chain once per controller and round, rotated, then the
 * comparison's medians, verdicts and the host's noise (docs/statistics.md).
 */
final class ChainRounds {
  private final ChainOptions base;
  private final List<LiveStack> stacks;
  private final List<String> labels;
  private final PrintWriter out;
  private final PrintWriter err;
  private final IntervalPrinter printer;
  private final RelayMetrics metrics;
  private final List<Map<String, Object>> intervals =
      new java.util.concurrent.CopyOnWriteArrayList<>(); // read by a Ctrl-C summary
  private ChainRunsOutput runsOut;
  private volatile LiveComparison running;
  private Path traceFile;

  /**
   * @param stacks one per controller of {@code --cc}, in its order (the same one twice for A/A)
   * @param metrics the relay metrics each run reports to ({@code --metrics-port}), or null
   * @param printer the interval lines' printer, or null when intervals are off
   */
  ChainRounds(
      ChainOptions base,
      List<LiveStack> stacks,
      RelayMetrics metrics,
      PrintWriter out,
      PrintWriter err,
      IntervalPrinter printer) {
    this.base = base;
    this.stacks = List.copyOf(stacks);
    String receiver =
        base.externalSubscriber() == null ? "" : "@" + base.externalSubscriber().name();
    this.labels = labels(stacks).stream().map(label -> label + receiver).toList();
    this.metrics = metrics;
    this.out = out;
    this.err = err;
    this.printer = printer;
  }

  /** Writes each run into {@code runsOut} ({@code --out}), null for none. */
  ChainRounds writingTo(ChainRunsOutput runsOut) {
    this.runsOut = runsOut;
    return this;
  }

  /** Traces the relay's paths of each controller's first round into FILE-CC.csv. */
  ChainRounds tracingTo(Path traceFile) {
    this.traceFile = traceFile;
    return this;
  }

  /** Labels unique per controller: {@code c4,c4} becomes {@code c4#1, c4#2}. */
  static List<String> labels(List<LiveStack> stacks) {
    List<String> names = stacks.stream().map(LiveStack::controller).toList();
    List<String> labels = new ArrayList<>();
    for (String name : names) {
      long same = names.stream().filter(name::equals).count();
      labels.add(
          same == 1
              ? name
              : name + "#" + (labels.stream().filter(l -> l.startsWith(name + "#")).count() + 1));
    }
    return labels;
  }

  /** Warms up each controller once, runs the rounds, and returns the comparison. */
  LiveComparison run(ComparisonOptions options, long warmupMicros, int rounds)
      throws IOException, InterruptedException {
    LiveComparison comparison =
        new LiveComparison(
            labels, ChainMetrics.of(base.media()), options.effects(), options.limits());
    warmUp(warmupMicros);
    running = comparison;
    ComparisonRounds.run(
        comparison,
        rounds,
        options.rerunDisturbed,
        this::runOnce,
        progress(rounds, comparison.limits()));
    running = null;
    return comparison;
  }

  /** The runs so far while the rounds run (a copy), null before they start and after they end. */
  LiveComparison sofar() {
    LiveComparison current = running;
    return current == null ? null : current.copy();
  }

  private void warmUp(long warmupMicros) throws IOException, InterruptedException {
    if (warmupMicros <= 0) {
      return;
    }
    Map<String, LiveStack> distinct = new LinkedHashMap<>();
    stacks.forEach(stack -> distinct.putIfAbsent(stack.controller(), stack));
    for (LiveStack stack : distinct.values()) {
      err.println(
          "moqbed chain: warming up "
              + stack.describe()
              + " for "
              + Quantities.formatDuration(warmupMicros));
      err.flush();
      LiveChain.run(
          base.toBuilder()
              .stacks(stack, stack)
              .durationMicros(warmupMicros)
              .intervals(0, interval -> {})
              .build());
    }
  }

  private LiveChain.Result runOnce(int row, int round, boolean repeated)
      throws IOException, InterruptedException {
    LiveStack stack = stacks.get(row);
    LocalRunsDirectory.Run written = runsOut == null ? null : runsOut.start(stack, labels.get(row));
    ChainOptions.Builder options = base.toBuilder().stacks(stack, stack);
    if (printer == null) {
      options.intervals(0, interval -> {});
    } else {
      options.intervals(
          base.intervalMicros(), interval -> printer.labelled(labels.get(row), round, interval));
    }
    if (written != null) {
      options.frames((subscriber, frame) -> written.frame(frame));
    }
    Path trace = round == 0 && !repeated ? TraceFiles.perController(traceFile, stack) : null;
    LiveChain.Result result = LiveChain.run(options.build(), metrics, trace);
    if (written != null) {
      ChainRunsOutput.finish(written, result);
    }
    for (IntervalSnapshot interval : result.intervals()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("cc", labels.get(row));
      entry.put("round", round + 1);
      entry.putAll(IntervalJson.interval(interval));
      intervals.add(entry);
    }
    return result;
  }

  private ComparisonRounds.Progress progress(int rounds, HostNoise.Limits limits) {
    return new ComparisonRounds.Progress() {
      @Override
      public void starting(String controller, int round, int index, int total, boolean repeated) {
        err.printf(
            Locale.ROOT,
            "moqbed chain: %s %d/%d: %s, round %d/%d ...%n",
            repeated ? "repeating disturbed run" : "run",
            index,
            total,
            controller,
            round + 1,
            rounds);
        err.flush();
      }

      @Override
      public void finished(ControllerRun run, double seconds) {
        HostNoise noise = run.noise();
        err.printf(
            Locale.ROOT,
            "  done in %.1f s; host: others %s, steal %s, load %.2f, GC %d ms%s%n",
            seconds,
            ComparisonTables.percentText(noise.othersCpuShare()),
            ComparisonTables.percentText(noise.stealShare()),
            noise.loadAverage(),
            noise.gcPauseMillis(),
            noise.disturbed(limits)
                ? " (disturbed: " + String.join("; ", noise.disturbances(limits)) + ")"
                : "");
        err.flush();
      }
    };
  }

  /** Prints the comparison in {@code format}: tables and notes, one CSV table, or one document. */
  void print(LiveComparison comparison, OutputFormat format, Map<String, Object> configuration) {
    if (format == OutputFormat.JSON) {
      Map<String, Object> document = new LinkedHashMap<>();
      document.put("command", "chain");
      document.put("configuration", configuration);
      document.put("intervals", intervals);
      document.put("summary", null);
      document.putAll(ComparisonTables.json(comparison));
      out.println(dev.moqbed.output.Json.write(document).stripTrailing());
    } else if (format == OutputFormat.CSV) {
      out.print(ComparisonTables.runs(comparison).render(format));
    } else {
      out.print(ComparisonTables.text(comparison));
    }
    out.flush();
  }
}
