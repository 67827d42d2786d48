package dev.moqbed.scenarios.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the draft's scenarios from {@code draft-scenarios.txt} beside this class: what each tests
 * and where the draft's prose differs from its spec files is text a reader edits, kept out of code
 * (the file's header says its format).
 */
final class DraftScenarios {
  private static final String RESOURCE = "draft-scenarios.txt";
  private static final List<String> FIELDS =
      List.of("scenario", "group", "section", "purpose", "deviations");

  private DraftScenarios() {}

  /** The scenarios in the file's order. */
  static List<Scenario> load() {
    try (InputStream in = DraftScenarios.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("no " + RESOURCE + " beside " + DraftScenarios.class);
      }
      return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Scenario> parse(BufferedReader reader) throws IOException {
    List<Scenario> scenarios = new ArrayList<>();
    Map<String, StringBuilder> block = new LinkedHashMap<>();
    StringBuilder field = null;
    int number = 0;
    for (String line = reader.readLine(); ; line = reader.readLine()) {
      number++;
      if (line == null || line.isBlank()) {
        if (!block.isEmpty()) {
          scenarios.add(scenario(block, number));
          block.clear();
        }
        if (line == null) {
          return List.copyOf(scenarios);
        }
        field = null;
      } else if (line.startsWith("#")) {
        continue;
      } else if (line.startsWith(" ")) {
        if (field == null) {
          throw failure(number, "a continuation with no field above it");
        }
        field.append(' ').append(line.strip());
      } else {
        int space = line.indexOf(' ');
        String key = space < 0 ? line : line.substring(0, space);
        if (!FIELDS.contains(key) || block.containsKey(key)) {
          throw failure(number, "unknown or repeated field '" + key + "'");
        }
        field = new StringBuilder(space < 0 ? "" : line.substring(space + 1).strip());
        block.put(key, field);
      }
    }
  }

  private static Scenario scenario(Map<String, StringBuilder> block, int line) {
    for (String required : FIELDS.subList(0, 4)) {
      if (!block.containsKey(required)) {
        throw failure(line, "the block above has no '" + required + "'");
      }
    }
    StringBuilder deviations = block.get("deviations");
    return new Scenario(
        block.get("scenario").toString(),
        ScenarioGroup.valueOf(block.get("group").toString()),
        block.get("section").toString(),
        block.get("purpose").toString(),
        deviations == null ? "" : deviations.toString());
  }

  private static IllegalStateException failure(int line, String what) {
    return new IllegalStateException(RESOURCE + " line " + line + ": " + what);
  }
}
