package dev.moqbed.suite.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The result lines picoquic's simulator prints on standard output, one per repetition ({@code
 * pico_sim -N 30 c4_alone.txt}; {@code picoquic_ns_one} in {@code picohttp/picoquic_ns.c}):
 *
 * <pre>Success, 0, 4529189, 0, 0, c4_alone</pre>
 *
 * <p>that is the outcome, the repetition, the simulated time when the main client disconnected (the
 * draft's "time", µs), the largest per-stream average media latency, the largest maximum (µs; 0
 * outside the media scenarios), and the spec file's name without its folder and extension. The
 * reference specs are named {@code <cc>_<scenario>} ({@code reference/sim_specs}), which gives the
 * cell. {@code Fail} lines count as runs: the simulator prints them for runs that finished but
 * missed the spec's time or latency targets. The RTT and the load are not on these lines (the
 * draft's scripts read them from the server qlogs), so a reference of result lines compares time
 * and media latency only.
 */
final class PicoSimResults {
  private static final Pattern RESULT =
      Pattern.compile("(Success|Fail), (\\d+), (\\d+), (\\d+), (\\d+),(?: (.*))?");

  private PicoSimResults() {}

  /** Whether the file's first non-blank line is a result line. */
  static boolean isResultLines(Path path) throws IOException {
    try (BufferedReader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (!line.isBlank()) {
          return RESULT.matcher(line.strip()).matches();
        }
      }
    }
    return false;
  }

  /**
   * One result line.
   *
   * @param controller the spec name's part before its first {@code _}
   * @param scenario the part after it
   * @param repetition the repetition, 0 to N − 1
   * @param timeMicros the simulated time when the main client disconnected
   * @param mediaLatencyMicros the largest per-stream average media latency, NaN without media
   */
  record Result(
      String controller,
      String scenario,
      int repetition,
      double timeMicros,
      double mediaLatencyMicros) {}

  /**
   * Reads the result lines; other lines (the simulator's messages, when standard error went to the
   * same file) are skipped.
   *
   * @throws IllegalArgumentException naming the file and line for a spec name that is not {@code
   *     <cc>_<scenario>}, a repetition that appears twice, or a file without a result line
   */
  static List<Result> results(BufferedReader reader, String name) throws IOException {
    List<Result> results = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int number = 0;
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      number++;
      Matcher result = RESULT.matcher(line.strip());
      if (!result.matches()) {
        continue;
      }
      String where = name + " line " + number + ": ";
      String spec = result.group(6) == null ? "" : result.group(6).strip();
      if (spec.isEmpty()) {
        // pico_sim's get_spec_name reads one byte before the path when it has no folder
        throw new IllegalArgumentException(
            where + "no spec name; run pico_sim on ./NAME.txt, not NAME.txt, and it prints one");
      }
      int separator = spec.indexOf('_');
      if (separator <= 0 || separator == spec.length() - 1) {
        throw new IllegalArgumentException(
            where + "spec name '" + spec + "' is not <cc>_<scenario>");
      }
      if (!seen.add(spec + " " + result.group(2))) {
        throw new IllegalArgumentException(
            where + "repetition " + result.group(2) + " of " + spec + " twice");
      }
      double latency = Double.parseDouble(result.group(4));
      results.add(
          new Result(
              spec.substring(0, separator),
              spec.substring(separator + 1),
              Integer.parseInt(result.group(2)),
              Double.parseDouble(result.group(3)),
              // 0 is the simulator's "no media stream checked", not a latency
              latency > 0 ? latency : Double.NaN));
    }
    if (results.isEmpty()) {
      throw new IllegalArgumentException(name + ": no pico_sim result line");
    }
    return results;
  }

  /** The result lines as reference runs: their times and media latencies. */
  static ReferenceRuns parse(BufferedReader reader, String name) throws IOException {
    ReferenceRuns runs = ReferenceRuns.empty(name);
    for (Result result : results(reader, name)) {
      add(runs, result);
    }
    return runs;
  }

  /** Adds the line's time and media latency to {@code runs}. */
  static void add(ReferenceRuns runs, Result result) {
    String scenario = result.scenario();
    String controller = result.controller();
    int run = result.repetition();
    runs.add(scenario, controller, run, ReferenceMetric.TIME, result.timeMicros());
    runs.add(scenario, controller, run, ReferenceMetric.MEDIA_LATENCY, result.mediaLatencyMicros());
  }
}
