package dev.moqbed.suite.report;

import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.suite.BackgroundColumn;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsFile;
import dev.moqbed.suite.SweepJob;
import dev.moqbed.suite.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The runs of one or more sweep directories (the shards of a sweep, or sweeps of different
 * controllers), merged: a run present in several directories counts once when its values agree, and
 * is an error when they do not.
 */
public final class RunSet {
  private final List<RunRecord> records;
  private final List<String> notes;

  /** A run of one workload: the same job may have run with both. */
  private record RunKey(SweepJob job, Workload workload) {}

  RunSet(List<RunRecord> records, List<String> notes) {
    Map<RunKey, RunRecord> unique = new LinkedHashMap<>();
    for (RunRecord record : records) {
      SweepJob job = SweepJob.of(record);
      RunRecord previous = unique.putIfAbsent(new RunKey(job, workloadOf(record)), record);
      if (previous != null && !sameValues(previous, record)) {
        String before = BackgroundColumn.of(previous);
        String now = BackgroundColumn.of(record);
        throw new IllegalArgumentException(
            "run "
                + job
                + " appears twice with different values"
                + (java.util.Objects.equals(before, now)
                    ? "; were the sweeps made alike?"
                    : ", against a background of "
                        + (before == null ? "the spec file's" : before)
                        + " and of "
                        + (now == null ? "the spec file's" : now)
                        + " (--background-cc): report them apart"));
      }
    }
    List<RunRecord> sorted = new ArrayList<>(unique.values());
    sorted.sort(
        Comparator.comparingInt((RunRecord r) -> scenarioRank(r.scenario()))
            .thenComparing(RunRecord::scenario)
            .thenComparingInt(r -> controllerRank(r.controller()))
            .thenComparing(RunRecord::controller)
            .thenComparingInt(RunRecord::run));
    this.records = List.copyOf(sorted);
    this.notes = List.copyOf(notes);
  }

  /** The runs of these records, for tests and callers that have them in memory. */
  public static RunSet of(List<RunRecord> records) {
    return new RunSet(records, List.of());
  }

  /**
   * Reads {@code DIR/runs.csv} of every directory. A partial last line (a sweep killed or still
   * running) is left out, with a note.
   *
   * @throws IllegalArgumentException when a directory has no runs.csv, or it is malformed
   */
  public static RunSet read(List<Path> directories) throws IOException {
    List<RunRecord> records = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Path directory : directories) {
      Path file = directory.resolve(RunsCsv.FILE_NAME);
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException(
            directory + " has no " + RunsCsv.FILE_NAME + "; is it a sweep directory (--out)?");
      }
      RunsFile runs = RunsCsv.read(file);
      if (runs.partialLastLine()) {
        notes.add(file + ": ignored a partial last line (a sweep still running, or killed)");
      }
      backgroundNote(file, runs.records()).ifPresent(notes::add);
      records.addAll(runs.records());
    }
    return new RunSet(records, notes);
  }

  /**
   * What the background connections of a sweep made with {@code --background-cc} ran, counted over
   * its rows: {@code DIR/runs.csv: background connections ran c4:variant=v4 in 240 runs, cubic in
   * 210 (--background-cc)}; empty for a sweep without the option.
   */
  static java.util.Optional<String> backgroundNote(Path file, List<RunRecord> records) {
    Map<String, Integer> counts = new java.util.TreeMap<>();
    for (RunRecord record : records) {
      String background = BackgroundColumn.of(record);
      if (background != null) {
        counts.merge(background, 1, Integer::sum);
      }
    }
    if (counts.isEmpty()) {
      return java.util.Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    counts.forEach(
        (controller, runs) ->
            parts.add(
                controller
                    + " in "
                    + runs
                    + (parts.isEmpty() ? (runs == 1 ? " run" : " runs") : "")));
    return java.util.Optional.of(
        file + ": background connections ran " + String.join(", ", parts) + " (--background-cc)");
  }

  /**
   * The workload a run carried: the MoQ chain's rows say so in their {@code workload} column; rows
   * without it are the draft's workload.
   */
  public static Workload workloadOf(RunRecord record) {
    return MoqChainSimulation.WORKLOAD.equals(
            record.extra().get(MoqChainSimulation.WORKLOAD_COLUMN))
        ? Workload.MOQ
        : Workload.DRAFT;
  }

  /** The runs of one workload, with the same notes. */
  public RunSet ofWorkload(Workload workload) {
    return new RunSet(records.stream().filter(r -> workloadOf(r) == workload).toList(), notes);
  }

  /**
   * Every run, ordered by scenario (the draft's order, then the fairness ones), controller, run.
   */
  public List<RunRecord> records() {
    return records;
  }

  /** Remarks for the reader, such as ignored partial lines. */
  public List<String> notes() {
    return notes;
  }

  /** The scenarios, the draft's first in its order, then others by name. */
  public List<String> scenarios() {
    Set<String> scenarios = new LinkedHashSet<>();
    records.forEach(r -> scenarios.add(r.scenario()));
    return List.copyOf(scenarios);
  }

  /** The controllers: c4, bbr, cubic first (the draft's columns), then others by name. */
  public List<String> controllers() {
    Set<String> controllers = new LinkedHashSet<>();
    records.stream()
        .map(RunRecord::controller)
        .sorted(
            Comparator.comparingInt(RunSet::controllerRank)
                .thenComparing(Comparator.naturalOrder()))
        .forEach(controllers::add);
    return List.copyOf(controllers);
  }

  /** The runs of one scenario with one controller, by run number. */
  public List<RunRecord> runs(String scenario, String controller) {
    return records.stream()
        .filter(r -> r.scenario().equals(scenario) && r.controller().equals(controller))
        .toList();
  }

  private static int scenarioRank(String scenario) {
    List<String> draft = ScenarioGroup.allScenarios();
    int rank = draft.indexOf(scenario);
    if (rank < 0) {
      // the scenarios beyond the draft follow its own, in their catalogue's order
      int beyond = ScenarioGroup.FAIRNESS.scenarios().indexOf(scenario);
      rank = beyond < 0 ? -1 : draft.size() + beyond;
    }
    return rank < 0 ? Integer.MAX_VALUE : rank;
  }

  private static int controllerRank(String controller) {
    String column = PublishedResults.columnFor(controller);
    int rank = column == null ? -1 : List.of("c4", "bbr", "cubic", "c4_draft_04").indexOf(column);
    return rank < 0 ? Integer.MAX_VALUE : rank;
  }

  private static boolean sameValues(RunRecord a, RunRecord b) {
    // the extra columns may legitimately differ between versions of a runner; the metrics may not
    return a.seed() == b.seed()
        && java.util.Objects.equals(a.completionTimeMicros(), b.completionTimeMicros())
        && java.util.Objects.equals(a.rttAverageMicros(), b.rttAverageMicros())
        && java.util.Objects.equals(a.rttStandardDeviationMicros(), b.rttStandardDeviationMicros())
        && java.util.Objects.equals(a.load(), b.load())
        && java.util.Objects.equals(a.mediaAverageLatencyMicros(), b.mediaAverageLatencyMicros())
        && java.util.Objects.equals(a.mediaMaxLatencyMicros(), b.mediaMaxLatencyMicros());
  }
}
