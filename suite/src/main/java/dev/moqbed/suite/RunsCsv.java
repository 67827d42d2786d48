package dev.moqbed.suite;

import dev.moqbed.output.Csv;
import dev.moqbed.simulation.RunRecord;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code runs.csv} format: RFC 4180 (CRLF line ends, fields quoted when they hold a comma, a
 * quote or a line break, quotes doubled), a header of {@link RunRecord#COLUMNS} then the suite's
 * extra columns, one line per run. Empty cells are absent values. Numbers are written as Java
 * prints them ({@link Long#toString}, {@link Double#toString}), which reads back to the same value.
 *
 * <p>The reader accepts LF or CRLF line ends and ignores a last line that does not end in a line
 * break: the trace of a process killed while writing it.
 */
public final class RunsCsv {
  /** The file name inside a sweep directory. */
  public static final String FILE_NAME = "runs.csv";

  static final String LINE_END = "\r\n";

  private RunsCsv() {}

  /** The header's columns for a suite with these extra columns. */
  public static List<String> columns(List<String> extraColumns) {
    List<String> columns = new ArrayList<>(RunRecord.COLUMNS);
    for (String extra : extraColumns) {
      if (columns.contains(extra)) {
        throw new IllegalArgumentException("extra column '" + extra + "' is already a column");
      }
      columns.add(extra);
    }
    return columns;
  }

  /** The header line, with its line end. */
  public static String headerLine(List<String> extraColumns) {
    return line(columns(extraColumns));
  }

  /**
   * The line of one record, with its line end.
   *
   * @throws IllegalArgumentException when the record has an extra value outside {@code
   *     extraColumns}: the header is written before any run, so every column must be declared
   */
  public static String recordLine(RunRecord record, List<String> extraColumns) {
    for (String key : record.extra().keySet()) {
      if (!extraColumns.contains(key)) {
        throw new IllegalArgumentException(
            "run "
                + SweepJob.of(record)
                + " has a value for column '"
                + key
                + "', which the suite does not declare (declared: "
                + String.join(", ", extraColumns)
                + ")");
      }
    }
    List<String> cells = new ArrayList<>(RunRecord.COLUMNS.size() + extraColumns.size());
    cells.add(record.scenario());
    cells.add(record.controller());
    cells.add(Integer.toString(record.run()));
    cells.add(Long.toString(record.seed()));
    cells.add(text(record.completionTimeMicros()));
    cells.add(text(record.rttAverageMicros()));
    cells.add(text(record.rttStandardDeviationMicros()));
    cells.add(text(record.load()));
    cells.add(text(record.mediaAverageLatencyMicros()));
    cells.add(text(record.mediaMaxLatencyMicros()));
    for (String extra : extraColumns) {
      cells.add(record.extra().getOrDefault(extra, ""));
    }
    return line(cells);
  }

  private static String text(Object value) {
    return value == null ? "" : value.toString();
  }

  private static String line(List<String> cells) {
    return Csv.recordLine(cells, LINE_END);
  }

  /**
   * Reads a {@code runs.csv}.
   *
   * @throws IllegalArgumentException one line naming the file, the line and the problem, when a
   *     complete line is malformed
   */
  public static RunsFile read(Path file) throws IOException {
    return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
  }

  /** Parses the text of a {@code runs.csv}; {@code name} is used in error messages. */
  public static RunsFile parse(String text, String name) {
    int completeEnd = completeLinesEnd(text);
    List<String> columns = List.of();
    List<RunRecord> records = new ArrayList<>();
    try (Csv.Rows rows = Csv.read(new StringReader(text.substring(0, completeEnd)), name)) {
      if (!rows.columns().isEmpty()) {
        columns = header(rows.columns(), name);
      }
      for (Csv.Row row : rows) {
        records.add(record(columns, row));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringReader does not fail
    }
    long completeBytes = text.substring(0, completeEnd).getBytes(StandardCharsets.UTF_8).length;
    return new RunsFile(columns, records, completeBytes, completeEnd < text.length());
  }

  /**
   * Where the last complete line ends: after the last line feed outside a quoted cell (a doubled
   * quote toggles twice, so it keeps the state). What follows is a line cut short by a kill.
   */
  private static int completeLinesEnd(String text) {
    boolean quoted = false;
    int end = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == '\n' && !quoted) {
        end = i + 1;
      }
    }
    return end;
  }

  private static List<String> header(List<String> fields, String name) {
    if (fields.size() < RunRecord.COLUMNS.size()
        || !fields.subList(0, RunRecord.COLUMNS.size()).equals(RunRecord.COLUMNS)) {
      throw new IllegalArgumentException(
          name
              + ": the header must start with "
              + String.join(",", RunRecord.COLUMNS)
              + "; is this a moqbed runs.csv?");
    }
    return List.copyOf(fields);
  }

  private static RunRecord record(List<String> columns, Csv.Row row) {
    if (row.size() != columns.size()) {
      throw row.error(row.size() + " fields for " + columns.size() + " columns");
    }
    List<String> fields = new ArrayList<>(row.size());
    for (int c = 0; c < row.size(); c++) {
      fields.add(row.get(c));
    }
    CellReader cells = new CellReader(columns, fields, row);
    Map<String, String> extra = new LinkedHashMap<>();
    for (int c = RunRecord.COLUMNS.size(); c < columns.size(); c++) {
      if (!fields.get(c).isEmpty()) {
        extra.put(columns.get(c), fields.get(c));
      }
    }
    return new RunRecord(
        cells.text(0),
        cells.text(1),
        (int) cells.requiredLong(2, Integer.MIN_VALUE, Integer.MAX_VALUE),
        cells.requiredLong(3, Long.MIN_VALUE, Long.MAX_VALUE),
        cells.optionalLong(4),
        cells.optionalLong(5),
        cells.optionalLong(6),
        cells.optionalDouble(7),
        cells.optionalLong(8),
        cells.optionalLong(9),
        extra);
  }

  /** Typed access to the cells of one line, with errors that name the line and column. */
  private record CellReader(List<String> columns, List<String> fields, Csv.Row row) {
    String text(int column) {
      String value = fields.get(column);
      if (value.isEmpty()) {
        throw error(column, "must not be empty");
      }
      return value;
    }

    long requiredLong(int column, long min, long max) {
      Long value = optionalLong(column);
      if (value == null || value < min || value > max) {
        throw error(column, "must be an integer, got '" + fields.get(column) + "'");
      }
      return value;
    }

    Long optionalLong(int column) {
      String value = fields.get(column);
      if (value.isEmpty()) {
        return null;
      }
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        throw error(column, "must be an integer, got '" + value + "'");
      }
    }

    Double optionalDouble(int column) {
      String value = fields.get(column);
      if (value.isEmpty()) {
        return null;
      }
      try {
        return Double.parseDouble(value);
      } catch (NumberFormatException e) {
        throw error(column, "must be a number, got '" + value + "'");
      }
    }

    private IllegalArgumentException error(int column, String what) {
      return row.error(columns.get(column) + " " + what);
    }
  }
}
