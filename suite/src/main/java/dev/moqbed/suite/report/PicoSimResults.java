package dev.moqbed.suite.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
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
      Pattern.compile("(Success|Fail), (\\d+), (\\d+), (\\d+), (\\d+), (.+)");

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
   * Reads the result lines; other lines (the simulator's messages, when standard error went to the
   * same file) are skipped.
   *
   * @throws IllegalArgumentException naming the file and line for a spec name that is not {@code
   *     <cc>_<scenario>} or a repetition that appears twice
   */
  static ReferenceRuns parse(BufferedReader reader, String name) throws IOException {
    ReferenceRuns runs = ReferenceRuns.empty(name);
    Set<String> seen = new HashSet<>();
    int number = 0;
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      number++;
      Matcher result = RESULT.matcher(line.strip());
      if (!result.matches()) {
        continue;
      }
      String spec = result.group(6);
      int separator = spec.indexOf('_');
      if (separator <= 0 || separator == spec.length() - 1) {
        throw new IllegalArgumentException(
            name + " line " + number + ": spec name '" + spec + "' is not <cc>_<scenario>");
      }
      String controller = spec.substring(0, separator);
      String scenario = spec.substring(separator + 1);
      if (!seen.add(spec + " " + result.group(2))) {
        throw new IllegalArgumentException(
            name
                + " line "
                + number
                + ": repetition "
                + result.group(2)
                + " of "
                + spec
                + " twice");
      }
      runs.add(scenario, controller, ReferenceMetric.TIME, Double.parseDouble(result.group(3)));
      double latency = Double.parseDouble(result.group(4));
      // 0 is the simulator's "no media stream checked", not a latency
      runs.add(
          scenario, controller, ReferenceMetric.MEDIA_LATENCY, latency > 0 ? latency : Double.NaN);
    }
    if (seen.isEmpty()) {
      throw new IllegalArgumentException(name + ": no pico_sim result line");
    }
    return runs;
  }
}
