package dev.moqbed.suite;

import dev.moqbed.simulation.RunRecord;
import java.util.List;

/**
 * What {@link RunsCsv#read} found in a {@code runs.csv}.
 *
 * @param columns the header's columns; empty when the file had no complete header line
 * @param records the complete rows, in file order
 * @param completeBytes length of the file up to the end of its last complete line: what a resumed
 *     sweep keeps before appending
 * @param partialLastLine whether bytes after that were ignored (a row cut short by a kill)
 */
public record RunsFile(
    List<String> columns, List<RunRecord> records, long completeBytes, boolean partialLastLine) {

  public RunsFile {
    columns = List.copyOf(columns);
    records = List.copyOf(records);
  }

  /** The columns after the standard ones. */
  public List<String> extraColumns() {
    return columns.isEmpty()
        ? List.of()
        : columns.subList(RunRecord.COLUMNS.size(), columns.size());
  }
}
