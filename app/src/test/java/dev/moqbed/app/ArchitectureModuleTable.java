package dev.moqbed.app;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The module table of ARCHITECTURE.md ("Modules and what each may depend on"): for each row, the
 * module's name and the names in its "depends on" cell. The cell is a comma-separated list of
 * module directories and library names; text in parentheses is a note (what part of a module is
 * used) and not a name, and {@code JDK} names the platform every module has.
 */
final class ArchitectureModuleTable {
  static final String HEADING = "## Modules and what each may depend on";

  private ArchitectureModuleTable() {}

  /** Module → the names its row depends on, in the table's order. */
  static Map<String, Set<String>> parse(String markdown) {
    List<String> lines = markdown.lines().toList();
    int heading = lines.indexOf(HEADING);
    if (heading < 0) {
      throw new IllegalArgumentException("no heading '" + HEADING + "'");
    }
    Map<String, Set<String>> rows = new LinkedHashMap<>();
    boolean inTable = false;
    for (int k = heading + 1; k < lines.size(); k++) {
      String line = lines.get(k).strip();
      if (!line.startsWith("|")) {
        if (inTable) {
          break; // the table ended
        }
        continue;
      }
      inTable = true;
      List<String> cells = cells(line);
      String module = cells.get(0).replace("`", "").strip();
      if (module.equals("module") || module.matches("-+")) {
        continue; // header and separator
      }
      if (rows.put(module, names(cells.get(1))) != null) {
        throw new IllegalArgumentException("module '" + module + "' has two rows");
      }
    }
    return rows;
  }

  /**
   * Every difference between the table and the reactor, one line each: a module in one and not the
   * other, and per module the names only one side has.
   */
  static List<String> differences(
      Map<String, Set<String>> table, Map<String, Set<String>> reactor) {
    List<String> differences = new ArrayList<>();
    for (String module : reactor.keySet()) {
      if (!table.containsKey(module)) {
        differences.add("module '" + module + "' is in the POMs but has no row in the table");
      }
    }
    for (Map.Entry<String, Set<String>> row : table.entrySet()) {
      String module = row.getKey();
      Set<String> pom = reactor.get(module);
      if (pom == null) {
        differences.add("module '" + module + "' has a row but is not a module of the reactor");
        continue;
      }
      Set<String> onlyInTable = new TreeSet<>(row.getValue());
      onlyInTable.removeAll(pom);
      Set<String> onlyInPom = new TreeSet<>(pom);
      onlyInPom.removeAll(row.getValue());
      if (!onlyInPom.isEmpty()) {
        differences.add(module + ": the POM depends on " + onlyInPom + ", the table does not");
      }
      if (!onlyInTable.isEmpty()) {
        differences.add(module + ": the table names " + onlyInTable + ", the POM does not");
      }
    }
    return differences;
  }

  /** The names of a "depends on" cell: notes in parentheses and the JDK left out. */
  static Set<String> names(String cell) {
    StringBuilder withoutNotes = new StringBuilder();
    int depth = 0;
    for (char c : cell.toCharArray()) {
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth = Math.max(0, depth - 1);
      } else if (depth == 0) {
        withoutNotes.append(c);
      }
    }
    Set<String> names = new TreeSet<>();
    for (String part : withoutNotes.toString().replace("`", "").split(",")) {
      String name = part.strip();
      if (!name.isEmpty() && !name.equals("JDK")) {
        names.add(name);
      }
    }
    return names;
  }

  /** The cells of a table row, with {@code \|} inside a cell kept as text. */
  private static List<String> cells(String row) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    for (int k = 1; k < row.length(); k++) {
      char c = row.charAt(k);
      if (c == '\\' && k + 1 < row.length() && row.charAt(k + 1) == '|') {
        cell.append('|');
        k++;
      } else if (c == '|') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    return cells;
  }
}
