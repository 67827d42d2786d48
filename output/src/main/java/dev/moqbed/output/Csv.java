package dev.moqbed.output;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Every CSV file moqbed writes or reads goes through here, on Apache Commons CSV: RFC 4180 quoting
 * (a cell holding a comma, a quote or a line break is quoted, its quotes doubled), so a track name
 * or a label from a peer cannot shift the columns. Files end lines with LF, except {@code
 * runs.csv}, which keeps the CRLF of RFC 4180 ({@link #recordLine}); the reader takes both.
 */
public final class Csv {
  /** Writing: RFC 4180, LF line ends. */
  private static final CSVFormat LINES = CSVFormat.RFC4180.builder().setRecordSeparator('\n').get();

  /** Reading: the first line is the header; LF or CRLF; empty lines skipped. */
  private static final CSVFormat WITH_HEADER =
      CSVFormat.RFC4180
          .builder()
          .setHeader()
          .setSkipHeaderRecord(true)
          .setIgnoreEmptyLines(true)
          .get();

  private Csv() {}

  /** Appends one record and an LF. */
  public static void appendRecord(Appendable out, Object... cells) throws IOException {
    LINES.printRecord(out, cells);
  }

  /** Appends one record and an LF. */
  public static void appendRecord(Appendable out, List<?> cells) throws IOException {
    LINES.printRecord(out, cells.toArray());
  }

  /** One record with the given line end, for files written a line at a time. */
  public static String recordLine(List<?> cells, String lineEnd) {
    return LINES.format(cells.toArray()) + lineEnd;
  }

  /**
   * Reads a file whose first line is its header.
   *
   * @param name the file's name, for error messages
   * @throws IllegalArgumentException naming the file and line when the text is not CSV
   */
  public static Rows read(Reader reader, String name) throws IOException {
    try {
      return new Rows(CSVParser.parse(reader, WITH_HEADER), name);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new IllegalArgumentException(
          name + ": not a CSV file with a header (" + message(e) + ")");
    }
  }

  private static String message(RuntimeException e) {
    Throwable cause = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
    return cause.getMessage();
  }

  /** The records of a file after its header, with the header's names. */
  public static final class Rows implements Iterable<Row>, AutoCloseable {
    private final CSVParser parser;
    private final String name;

    private Rows(CSVParser parser, String name) {
      this.parser = parser;
      this.name = name;
    }

    /** The header's column names, in order. */
    public List<String> columns() {
      return parser.getHeaderNames();
    }

    /** Whether the header names {@code column}. */
    public boolean hasColumn(String column) {
      return parser.getHeaderMap().containsKey(column);
    }

    /**
     * The rows, read as iterated.
     *
     * @throws IllegalArgumentException from {@code next()}, naming the file and line, when a line
     *     is not CSV (an unclosed quote, text after a closing quote)
     */
    @Override
    public Iterator<Row> iterator() {
      Iterator<CSVRecord> records = parser.iterator();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          try {
            return records.hasNext();
          } catch (UncheckedIOException | IllegalStateException e) {
            throw new IllegalArgumentException(
                name + " line " + parser.getCurrentLineNumber() + ": " + message(e));
          }
        }

        @Override
        public Row next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          return new Row(records.next(), name);
        }
      };
    }

    @Override
    public void close() throws IOException {
      parser.close();
    }
  }

  /** One record, its cells by column name, with errors that name the file, line and column. */
  public static final class Row {
    private final CSVRecord record;
    private final String name;

    private Row(CSVRecord record, String name) {
      this.record = record;
      this.name = name;
    }

    /** The line the record starts on (the header is line 1). */
    public long line() {
      return record.getRecordNumber() + 1;
    }

    /** The number of cells. */
    public int size() {
      return record.size();
    }

    /** The cell at {@code index}. */
    public String get(int index) {
      if (index >= record.size()) {
        throw error("has " + record.size() + " cells, no cell " + (index + 1));
      }
      return record.get(index);
    }

    /** The cell under {@code column}. */
    public String get(String column) {
      if (!record.isMapped(column)) {
        throw error("no column '" + column + "'");
      }
      if (!record.isSet(column)) {
        throw error("has " + record.size() + " cells, none under '" + column + "'");
      }
      return record.get(column);
    }

    /** The cell under {@code column} as an integer. */
    public long getLong(String column) {
      String value = get(column);
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        throw error(column + " must be an integer, got '" + value + "'");
      }
    }

    /** The cell under {@code column} as a number. */
    public double getDouble(String column) {
      String value = get(column);
      try {
        return Double.parseDouble(value);
      } catch (NumberFormatException e) {
        throw error(column + " must be a number, got '" + value + "'");
      }
    }

    /** The cell under {@code column} as {@code true} or {@code false}. */
    public boolean getBoolean(String column) {
      String value = get(column);
      if (!value.equals("true") && !value.equals("false")) {
        throw error(column + " must be true or false, got '" + value + "'");
      }
      return value.equals("true");
    }

    /** An error about this row, naming the file and line. */
    public IllegalArgumentException error(String what) {
      return new IllegalArgumentException(name + " line " + line() + ": " + what);
    }
  }
}
