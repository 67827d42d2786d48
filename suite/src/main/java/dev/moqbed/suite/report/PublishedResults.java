package dev.moqbed.suite.report;

import dev.moqbed.output.Csv;
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
 * The draft's published result tables as a CSV file ({@code reference/c4-test-05-published.csv}):
 * header {@code group,scenario,metric,algorithm,value}, one cell per line, times in µs, loads in %.
 * Algorithms are the draft's columns: {@code c4}, {@code bbr}, {@code cubic} and {@code
 * c4_draft_04} (the same scenarios with the C4 of draft 04).
 */
public final class PublishedResults {
  /** The header the file must have. */
  public static final String HEADER = "group,scenario,metric,algorithm,value";

  /** One published cell. */
  public record Value(String group, String scenario, Metric metric, String algorithm, long value) {}

  private final String name;
  private final List<Value> values;
  private final Map<String, Value> byKey = new LinkedHashMap<>();

  private PublishedResults(String name, List<Value> values) {
    this.name = name;
    this.values = List.copyOf(values);
    for (Value value : values) {
      byKey.put(key(value.scenario(), value.metric(), value.algorithm()), value);
    }
  }

  /**
   * The draft-05 results packaged in the application ({@code reference/c4-test-05-published.csv}).
   */
  public static PublishedResults packaged() throws IOException {
    String resource = "/dev/moqbed/suite/report/c4-test-05-published.csv";
    try (var in = PublishedResults.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("the published results are not packaged in this build: " + resource);
      }
      return parse(
          new String(in.readAllBytes(), StandardCharsets.UTF_8), "c4-test-05-published.csv");
    }
  }

  public static PublishedResults read(Path file) throws IOException {
    return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
  }

  /**
   * Parses the file's text. Every line must be complete and valid: a published reference that is
   * half read would make every comparison quietly wrong.
   *
   * @throws IllegalArgumentException one line naming the file, the line and the problem
   */
  public static PublishedResults parse(String text, String name) {
    List<Value> values = new ArrayList<>();
    Map<String, Long> seen = new LinkedHashMap<>();
    try (Csv.Rows rows = Csv.read(new StringReader(text), name)) {
      if (!String.join(",", rows.columns()).equals(HEADER)) {
        throw new IllegalArgumentException(name + ": the first line must be '" + HEADER + "'");
      }
      for (Csv.Row row : rows) {
        if (row.size() != 5) {
          throw row.error(row.size() + " fields, expected 5");
        }
        String group = row.get("group");
        String scenario = row.get("scenario");
        Metric metric = Metric.byId(row.get("metric"));
        String algorithm = row.get("algorithm");
        if (group.isEmpty() || scenario.isEmpty() || algorithm.isEmpty()) {
          throw row.error("empty group, scenario or algorithm");
        }
        if (metric == null) {
          throw row.error("unknown metric '" + row.get("metric") + "'");
        }
        long value;
        try {
          value = Long.parseLong(row.get("value"));
        } catch (NumberFormatException e) {
          throw row.error("value '" + row.get("value") + "' is not an integer");
        }
        String key = key(scenario, metric, algorithm);
        Long previous = seen.put(key, row.line());
        if (previous != null) {
          throw row.error("same scenario, metric and algorithm as line " + previous);
        }
        values.add(new Value(group, scenario, metric, algorithm, value));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringReader does not fail
    }
    return new PublishedResults(name, values);
  }

  /** Where the values came from (the file name). */
  public String name() {
    return name;
  }

  public List<Value> values() {
    return values;
  }

  /** The published value, or null when the draft has no such cell. */
  public Long value(String scenario, Metric metric, String algorithm) {
    if (algorithm == null) {
      return null;
    }
    Value value = byKey.get(key(scenario, metric, algorithm));
    return value == null ? null : value.value();
  }

  /** The group the file puts {@code scenario} in, or null. */
  public String groupOf(String scenario) {
    for (Value value : values) {
      if (value.scenario().equals(scenario)) {
        return value.group();
      }
    }
    return null;
  }

  /**
   * The draft column a controller spec's results belong beside: {@code c4}, {@code bbr} and {@code
   * cubic} as themselves (with their default options spelled out or not), {@code c4:variant=v4} as
   * {@code c4_draft_04}; null for a controller the draft did not run.
   */
  public static String columnFor(String controller) {
    return switch (controller.replace(" ", "")) {
      case "c4", "c4:variant=v5", "c4:variant=v5-short-rtt" -> "c4";
      case "c4:variant=v4" -> "c4_draft_04";
      case "bbr", "cubic" -> controller.strip();
      default -> null;
    };
  }

  private static String key(String scenario, Metric metric, String algorithm) {
    return scenario + '\u0000' + metric.id() + '\u0000' + algorithm;
  }
}
