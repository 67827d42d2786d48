package dev.moqbed.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of typed cells under named columns, rendered as an aligned terminal table ({@link
 * TerminalTable}: within 120 columns, sentinels as {@code –}), CSV or JSON. Cells are {@link
 * Number}s (right-aligned, bare in JSON), {@link Measure}s (exact in CSV and JSON, readable on the
 * terminal) or text; {@code null} is an empty cell (JSON {@code null}, {@code –} on the terminal).
 */
public final class Table {
  private final List<String> columns;
  private final List<List<Object>> rows = new ArrayList<>();
  private int keyColumns = 1;

  public Table(List<String> columns) {
    this.columns = List.copyOf(columns);
  }

  public Table(String... columns) {
    this(List.of(columns));
  }

  /** Adds a row; it must have one cell per column. */
  public Table row(Object... cells) {
    if (cells.length != columns.size()) {
      throw new IllegalArgumentException(
          "row has " + cells.length + " cells for " + columns.size() + " columns");
    }
    rows.add(java.util.Arrays.asList(cells.clone()));
    return this;
  }

  /** This table with a first column {@code column} holding {@code value} on every row. */
  public Table withLeadingColumn(String column, Object value) {
    List<String> wider = new ArrayList<>(List.of(column));
    wider.addAll(columns);
    Table table = new Table(wider).keyColumns(keyColumns + 1);
    for (List<Object> row : rows) {
      List<Object> cells = new ArrayList<>();
      cells.add(value);
      cells.addAll(row);
      table.rows.add(cells);
    }
    return table;
  }

  /**
   * How many leading columns say which row is which: a terminal table too wide for its blocks
   * repeats them in each (1 unless set).
   */
  public Table keyColumns(int count) {
    this.keyColumns = count;
    return this;
  }

  public List<String> columns() {
    return columns;
  }

  public List<List<Object>> rows() {
    return List.copyOf(rows);
  }

  public String render(OutputFormat format) {
    return switch (format) {
      case TABLE -> renderText();
      case CSV -> renderCsv();
      case JSON -> renderJson();
    };
  }

  private String renderText() {
    return TerminalTable.render(columns, rows, keyColumns);
  }

  private String renderCsv() {
    StringBuilder out = new StringBuilder();
    try {
      Csv.appendRecord(out, columns);
      for (List<Object> row : rows) {
        Csv.appendRecord(out, row.stream().map(Table::text).toList());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringBuilder does not fail
    }
    return out.toString();
  }

  private String renderJson() {
    StringBuilder out = new StringBuilder("[");
    for (int r = 0; r < rows.size(); r++) {
      out.append(r == 0 ? "\n  {" : ",\n  {");
      for (int c = 0; c < columns.size(); c++) {
        Object cell = rows.get(r).get(c);
        out.append(c == 0 ? "" : ", ").append(jsonString(columns.get(c))).append(": ");
        if (cell == null) {
          out.append("null");
        } else if (cell instanceof Number number && Double.isFinite(number.doubleValue())) {
          out.append(text(number));
        } else if (cell instanceof Measure measure) {
          out.append(measure.exact());
        } else if (cell instanceof Boolean) {
          out.append(cell);
        } else {
          out.append(jsonString(text(cell)));
        }
      }
      out.append('}');
    }
    return out.append(rows.isEmpty() ? "]\n" : "\n]\n").toString();
  }

  private static String jsonString(String text) {
    StringBuilder out = new StringBuilder();
    Json.quote(out, text);
    return out.toString();
  }

  /** Whole numbers print without decimals; others with up to three; a measure its exact figure. */
  static String text(Object cell) {
    if (cell == null) {
      return "";
    }
    if (cell instanceof Measure measure) {
      return Long.toString(measure.exact());
    }
    if (cell instanceof Double || cell instanceof Float) {
      double value = ((Number) cell).doubleValue();
      if (!Double.isFinite(value)) {
        return Double.toString(value); // NaN, Infinity: BigDecimal has no such value
      }
      if (value == Math.rint(value) && Math.abs(value) < 1e15) {
        return Long.toString((long) value);
      }
      return new java.math.BigDecimal(value)
          .setScale(3, java.math.RoundingMode.HALF_EVEN)
          .stripTrailingZeros()
          .toPlainString();
    }
    return cell.toString();
  }
}
