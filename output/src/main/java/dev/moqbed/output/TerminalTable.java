package dev.moqbed.output;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Table} as a person reads it in a terminal: aligned columns within {@value #WIDTH}
 * columns, a wider table split into blocks that each repeat the leading key columns (which row is
 * which); sentinels ({@link Long#MAX_VALUE}, NaN, infinities, an unknown {@link Measure}) and empty
 * cells as {@code –}; {@link Measure}s in their readable unit.
 */
final class TerminalTable {
  /** The widest line printed, so a table fits a terminal of the 120 columns. */
  static final int WIDTH = TerminalText.WIDTH;

  private static final String GAP = "  ";

  private TerminalTable() {}

  static String render(List<String> columns, List<List<Object>> rows, int keyColumns) {
    int count = columns.size();
    String[] headers = new String[count];
    int[] widths = new int[count];
    boolean[] right = new boolean[count];
    List<String[]> cells = new ArrayList<>();
    for (List<Object> row : rows) {
      String[] texts = new String[count];
      for (int c = 0; c < count; c++) {
        texts[c] = text(row.get(c));
      }
      cells.add(texts);
    }
    for (int c = 0; c < count; c++) {
      headers[c] = header(columns.get(c), rows, c);
      right[c] = rightAligned(rows, c);
      widths[c] = headers[c].length();
      for (String[] texts : cells) {
        widths[c] = Math.max(widths[c], texts[c].length());
      }
    }
    int prose = proseWidth(widths, right);
    if (prose > 0) {
      widths[count - 1] = prose;
    }
    StringBuilder out = new StringBuilder();
    int keys = Math.min(Math.max(0, keyColumns), count);
    // A last column of text is a description: wrapped beside its row when there is room (then
    // the table fits one block), otherwise it goes to a block of its own like any column. A
    // single cell wider than the terminal (a long value) still overflows, on its own line of its
    // block only; every other line fits.
    List<List<Integer>> blocks = blocks(widths, keys);
    if (prose == 0) {
      // in a block of its own beside the keys (a long value elsewhere split the table), the
      // description still wraps rather than running past the terminal
      prose = proseWidthInBlock(widths, right, blocks.get(blocks.size() - 1));
      if (prose > 0) {
        widths[count - 1] = prose;
      }
    }
    for (int b = 0; b < blocks.size(); b++) {
      if (b > 0) {
        out.append('\n');
      }
      List<Integer> block = blocks.get(b);
      appendLine(out, block, c -> headers[c], widths, right);
      // the rule under the headers stops at the terminal's edge even above a longer value
      StringBuilder rule = new StringBuilder();
      appendLine(rule, block, c -> "-".repeat(widths[c]), widths, new boolean[count]);
      out.append(rule.length() - 1 > WIDTH ? rule.substring(0, WIDTH) + "\n" : rule);
      for (String[] texts : cells) {
        if (prose == 0) {
          appendLine(out, block, c -> texts[c], widths, right);
          continue;
        }
        if (!block.contains(count - 1)) {
          appendLine(out, block, c -> texts[c], widths, right);
          continue;
        }
        String[] pieces = TerminalText.wrap(texts[count - 1], prose).split("\n");
        appendLine(out, block, c -> c == count - 1 ? pieces[0] : texts[c], widths, right);
        for (int p = 1; p < pieces.length; p++) {
          out.append(" ".repeat(TerminalText.WIDTH - prose)).append(pieces[p]).append('\n');
        }
      }
    }
    return out.toString();
  }

  /**
   * The width a last column of text (a description) wraps to so that the table fits, or 0 when it
   * need not or cannot (fewer than {@value #MIN_PROSE} columns left for it): prose reads better
   * wrapped beside its row than split into a block of its own.
   */
  private static int proseWidth(int[] widths, boolean[] right) {
    int last = widths.length - 1;
    if (last < 1 || right[last]) {
      return 0;
    }
    int before = widthBefore(widths, last);
    int room = TerminalText.WIDTH - before;
    return before + widths[last] > TerminalText.WIDTH && room >= MIN_PROSE ? room : 0;
  }

  /**
   * As {@link #proseWidth} for the last block: the width its last column of text wraps to, counting
   * only the columns shown beside it; 0 when it fits or has too little room.
   */
  private static int proseWidthInBlock(int[] widths, boolean[] right, List<Integer> block) {
    int last = widths.length - 1;
    if (block.size() < 2 || block.get(block.size() - 1) != last || right[last]) {
      return 0;
    }
    int before = 0;
    for (int i = 0; i < block.size() - 1; i++) {
      before += widths[block.get(i)] + GAP.length();
    }
    int room = TerminalText.WIDTH - before;
    return before + widths[last] > TerminalText.WIDTH && room >= MIN_PROSE ? room : 0;
  }

  /** The narrowest column a description is wrapped into. */
  private static final int MIN_PROSE = 30;

  /**
   * The columns of each block: the keys, then as many of the others as fit within {@link #WIDTH}; a
   * column too wide for any block still gets one of its own.
   */
  private static List<List<Integer>> blocks(int[] widths, int keys) {
    int keyWidth = 0;
    for (int c = 0; c < keys; c++) {
      keyWidth += widths[c] + GAP.length();
    }
    List<List<Integer>> blocks = new ArrayList<>();
    List<Integer> block = null;
    int used = 0;
    for (int c = keys; c < widths.length; c++) {
      if (block == null || used + GAP.length() + widths[c] > WIDTH) {
        block = new ArrayList<>();
        for (int k = 0; k < keys; k++) {
          block.add(k);
        }
        blocks.add(block);
        used = keyWidth - GAP.length(); // the keys and the gaps between them
      }
      block.add(c);
      used += GAP.length() + widths[c];
    }
    if (blocks.isEmpty()) {
      List<Integer> keysOnly = new ArrayList<>();
      for (int k = 0; k < keys; k++) {
        keysOnly.add(k);
      }
      blocks.add(keysOnly);
    }
    return blocks;
  }

  /** The width of the columns before {@code column}, with the gap after each. */
  private static int widthBefore(int[] widths, int column) {
    int width = 0;
    for (int c = 0; c < column; c++) {
      width += widths[c] + GAP.length();
    }
    return width;
  }

  private interface CellText {
    String of(int column);
  }

  private static void appendLine(
      StringBuilder out, List<Integer> block, CellText text, int[] widths, boolean[] right) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < block.size(); i++) {
      int c = block.get(i);
      String cell = text.of(c);
      String padding = " ".repeat(widths[c] - cell.length());
      boolean last = i == block.size() - 1;
      line.append(i == 0 ? "" : GAP)
          .append(right[c] ? padding + cell : cell + (last ? "" : padding));
    }
    out.append(line).append('\n');
  }

  /** A column of {@link Measure}s loses its unit suffix: the cells carry their unit. */
  private static String header(String column, List<List<Object>> rows, int index) {
    for (List<Object> row : rows) {
      if (row.get(index) instanceof Measure measure) {
        String suffix = measure.unit().columnSuffix();
        return column.endsWith(suffix)
            ? column.substring(0, column.length() - suffix.length())
            : column;
      }
    }
    return column;
  }

  /** A column is right-aligned when every non-empty cell in it is a number or a measure. */
  private static boolean rightAligned(List<List<Object>> rows, int column) {
    boolean anyNumber = false;
    for (List<Object> row : rows) {
      Object cell = row.get(column);
      if (cell instanceof Number || cell instanceof Measure) {
        anyNumber = true;
      } else if (cell != null) {
        return false;
      }
    }
    return anyNumber;
  }

  static String text(Object cell) {
    if (cell == null) {
      return Measure.UNKNOWN;
    }
    if (cell instanceof Measure measure) {
      return measure.text();
    }
    if (cell instanceof Number number && sentinel(number)) {
      return Measure.UNKNOWN;
    }
    return Table.text(cell);
  }

  /** A number no measurement gives: a transport's "unknown" or "unlimited". */
  private static boolean sentinel(Number number) {
    if (number instanceof Double || number instanceof Float) {
      return !Double.isFinite(number.doubleValue());
    }
    long value = number.longValue();
    return value == Long.MAX_VALUE
        || value == Long.MIN_VALUE
        || (number instanceof Integer
            && (value == Integer.MAX_VALUE || value == Integer.MIN_VALUE));
  }
}
