package dev.moqbed.suite;

import dev.moqbed.scenarios.catalog.BackgroundControllerRule;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code background_cc} column of {@code runs.csv}: the background connections' controller as
 * it ran, written only by a sweep or run given {@code --background-cc} other than {@code file}, so
 * that a report reading the rows alone knows what the main connection competed with. A sweep
 * without the option writes the header and rows it wrote before the option existed.
 */
public final class BackgroundColumn {
  /** The column's name. */
  public static final String NAME = "background_cc";

  private BackgroundColumn() {}

  /** {@code extraColumns}, with this column after them when {@code rule} changes anything. */
  public static List<String> columns(List<String> extraColumns, BackgroundControllerRule rule) {
    if (rule.asFile()) {
      return extraColumns;
    }
    List<String> columns = new ArrayList<>(extraColumns);
    columns.add(NAME);
    return List.copyOf(columns);
  }

  /**
   * {@code run} with the column filled from the spec that ran: its background controller, empty for
   * a scenario without background connections. Unchanged when {@code rule} is {@code file}.
   */
  public static CompletedRun mark(CompletedRun run, SimSpec spec, BackgroundControllerRule rule) {
    if (rule.asFile()) {
      return run;
    }
    return new CompletedRun(mark(run.record(), spec), run.frames());
  }

  /** {@code record} with the column filled from {@code spec}'s background controller. */
  public static RunRecord mark(RunRecord record, SimSpec spec) {
    Map<String, String> extra = new LinkedHashMap<>(record.extra());
    extra.put(NAME, spec.hasBackground() ? spec.backgroundCcAlgo() : "");
    return new RunRecord(
        record.scenario(),
        record.controller(),
        record.run(),
        record.seed(),
        record.completionTimeMicros(),
        record.rttAverageMicros(),
        record.rttStandardDeviationMicros(),
        record.load(),
        record.mediaAverageLatencyMicros(),
        record.mediaMaxLatencyMicros(),
        extra);
  }

  /** The column's value in a row read back: null when the row has none or it is empty. */
  public static String of(RunRecord record) {
    String value = record.extra().get(NAME);
    return value == null || value.isEmpty() ? null : value;
  }
}
