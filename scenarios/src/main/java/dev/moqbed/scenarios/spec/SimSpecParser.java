package dev.moqbed.scenarios.spec;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkScenario;
import dev.moqbed.netsim.LinkScheduleParser;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads picoquic_ns spec files as {@code p_sim/pico_sim.c} ({@code parse_spec_file}) does: one
 * {@code key: value} per line, blank lines allowed, trailing white space ignored, spaces allowed
 * around the colon; a key given twice keeps its last value (the {@code *_ecn_*} files of the draft
 * set {@code main_start_time} twice). Every key of {@link SimSpecKey} is accepted.
 *
 * <p>Where the reference is lax, moqbed reports an error instead of running something else: an
 * empty number is an error (the reference reads it as 0), numbers beyond 63 bits are errors (the
 * reference wraps them), an ICID digit must be hexadecimal (the reference takes any letter), the
 * number of connections must be 1 to 5 (the reference fails only when it runs), and {@code
 * main_cc_algo} is required (without it the reference runs the connection with no congestion
 * control). Controller names are moqbed's ({@code c4}, {@code bbr}, {@code cubic}, {@code
 * newreno}), optionally with moqbed options ({@code cubic:flavor=rfc}), an extension: picoquic's
 * other algorithms (prague, dcubic, fast, bbr1) cannot run here. As in the reference, {@code #}
 * comments and lines starting with white space are errors.
 *
 * <p>Every error is a {@link SimSpecException} with a one-line message naming the file and line.
 */
public final class SimSpecParser {
  /** pico_sim's {@code parse_int} refuses values above this. */
  private static final long MAX_INT_VALUE = 0x7ffffffL;

  private static final int MAX_ICID_HEX_DIGITS = 16;

  private final ControllerRegistry registry;

  /** A parser that knows the standard controllers. */
  public SimSpecParser() {
    this(ControllerRegistry.standard());
  }

  /** A parser that checks controller names against {@code registry}. */
  public SimSpecParser(ControllerRegistry registry) {
    this.registry = registry;
  }

  /**
   * Reads and parses a spec file; errors name the file as {@code file} was written.
   *
   * @throws SimSpecException when the file cannot be read or is not a valid spec
   */
  public SimSpec parse(Path file) {
    String name = file.toString();
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new SimSpecException(name, 0, "no such file");
    } catch (CharacterCodingException e) {
      throw new SimSpecException(name, 0, "not a text file (UTF-8 expected)");
    } catch (IOException e) {
      throw new SimSpecException(name, 0, "cannot read: " + e.getMessage());
    }
    return parse(name, text);
  }

  /**
   * Parses spec text.
   *
   * @param sourceName the name used in error messages, e.g. the file name
   * @throws SimSpecException when the text is not a valid spec
   */
  public SimSpec parse(String sourceName, String text) {
    SimSpec.Builder builder = SimSpec.builder();
    String[] lines = text.split("\n", -1);
    for (int index = 0; index < lines.length; index++) {
      parseLine(builder, new Line(sourceName, index + 1, stripTrailing(lines[index])));
    }
    return finish(sourceName, builder);
  }

  private void parseLine(SimSpec.Builder builder, Line line) {
    String text = line.text();
    if (text.isEmpty()) {
      return;
    }
    if (text.charAt(0) == '#') {
      throw line.error("comments are not allowed in spec files (picoquic_ns rejects them too)");
    }
    if (Character.isWhitespace(text.charAt(0))) {
      throw line.error("a line must start with its key (picoquic_ns rejects leading spaces)");
    }
    int colon = text.indexOf(':');
    String keyText = (colon < 0 ? text : text.substring(0, colon)).stripTrailing();
    SimSpecKey key = SimSpecKey.byId(keyText);
    if (key == null) {
      throw line.error("unknown key '" + keyText + "'" + suggestion(keyText));
    }
    if (colon < 0) {
      throw line.error("missing ':' and value after '" + keyText + "'");
    }
    apply(builder, key, text.substring(colon + 1).strip(), line);
  }

  private void apply(SimSpec.Builder builder, SimSpecKey key, String value, Line line) {
    switch (key) {
      case MAIN_CC_ALGO -> builder.mainCcAlgo(controller(key, value, line));
      case MAIN_CC_OPTIONS -> builder.mainCcOptions(value);
      case MAIN_START_TIME -> builder.mainStartMicros(unsigned(key, value, line));
      case MAIN_SCENARIO_TEXT -> builder.mainScenarioText(scenario(key, value, line));
      case MAIN_TARGET_TIME -> builder.mainTargetMicros(unsigned(key, value, line));
      case BACKGROUND_CC_ALGO -> builder.backgroundCcAlgo(controller(key, value, line));
      case BACKGROUND_CC_OPTIONS -> builder.backgroundCcOptions(value);
      case BACKGROUND_START_TIME -> builder.backgroundStartMicros(unsigned(key, value, line));
      case BACKGROUND_SCENARIO_TEXT -> builder.backgroundScenarioText(scenario(key, value, line));
      case NB_CONNECTIONS -> builder.connectionCount(connections(key, value, line));
      case DATA_RATE_IN_GBPS -> builder.rateGbps(rate(key, value, line));
      case LATENCY -> builder.latencyMicros(unsigned(key, value, line));
      case JITTER -> builder.jitterMicros(unsigned(key, value, line));
      case WIFI_JITTER -> builder.wifiJitter(flag(key, value, line));
      case QUEUE_DELAY_MAX -> builder.queueDelayMaxMicros(unsigned(key, value, line));
      case L4S_MAX -> builder.l4sMaxMicros(unsigned(key, value, line));
      case LINK_SCENARIO -> builder.linkScenario(link(key, value, line));
      case ICID -> builder.icid(icid(key, value, line));
      case SEED_CWIN -> builder.seedCwinBytes(unsigned(key, value, line));
      case SEED_RTT -> builder.seedRttMicros(unsigned(key, value, line));
      case MEDIA_STATS_START -> builder.mediaStatsStartMicros(unsigned(key, value, line));
      case MEDIA_EXCLUDED -> builder.mediaExcluded(names(value));
      case MEDIA_LATENCY_AVERAGE -> builder.mediaLatencyAverageMicros(unsigned(key, value, line));
      case MEDIA_LATENCY_MAX -> builder.mediaLatencyMaxMicros(unsigned(key, value, line));
      case QLOG_DIR -> builder.qlogDir(value);
      case QPERF_LOG -> builder.qperfLog(value);
    }
  }

  private SimSpec finish(String sourceName, SimSpec.Builder builder) {
    requirePresent(sourceName, builder.mainCcAlgoValue(), SimSpecKey.MAIN_CC_ALGO, "");
    requirePresent(sourceName, builder.mainScenarioTextValue(), SimSpecKey.MAIN_SCENARIO_TEXT, "");
    if (builder.connectionCountValue() == 0) {
      throw new SimSpecException(
          sourceName, 0, "missing key 'nb_connections' (1 = main only, 2 = main + background)");
    }
    if (builder.connectionCountValue() > 1) {
      String why = " (nb_connections is " + builder.connectionCountValue() + ")";
      requirePresent(
          sourceName, builder.backgroundCcAlgoValue(), SimSpecKey.BACKGROUND_CC_ALGO, why);
      requirePresent(
          sourceName,
          builder.backgroundScenarioTextValue(),
          SimSpecKey.BACKGROUND_SCENARIO_TEXT,
          why);
    }
    SimSpec spec;
    try {
      spec = builder.build();
    } catch (IllegalArgumentException e) {
      throw new SimSpecException(sourceName, 0, e.getMessage());
    }
    try {
      spec.linkSchedule();
    } catch (IllegalArgumentException e) {
      throw new SimSpecException(sourceName, 0, "link: " + e.getMessage());
    }
    return spec;
  }

  private static void requirePresent(
      String sourceName, String value, SimSpecKey key, String because) {
    if (value == null) {
      throw new SimSpecException(sourceName, 0, "missing key '" + key.id() + "'" + because);
    }
  }

  private String controller(SimSpecKey key, String value, Line line) {
    requireValue(key, value, line);
    try {
      registry.parse(value);
    } catch (IllegalArgumentException e) {
      throw line.error(key.id() + ": " + e.getMessage());
    }
    return value;
  }

  private static String scenario(SimSpecKey key, String value, Line line) {
    requireValue(key, value, line);
    try {
      MediaSpec.parse(value);
    } catch (IllegalArgumentException e) {
      throw line.error(key.id() + ": " + e.getMessage());
    }
    return value;
  }

  private static String link(SimSpecKey key, String value, Line line) {
    requireValue(key, value, line);
    if (LinkScenario.byName(value) == null) {
      try {
        LinkScheduleParser.parse(value);
      } catch (IllegalArgumentException e) {
        throw line.error(
            key.id()
                + ": neither a built-in scenario ("
                + LinkScenario.names()
                + ") nor valid custom text: "
                + e.getMessage());
      }
    }
    return value;
  }

  private static long unsigned(SimSpecKey key, String value, Line line) {
    requireValue(key, value, line);
    long result = 0;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        throw line.error(
            key.id() + ": '" + value + "' is not a whole number of " + key.kind().unit());
      }
      if (result > (Long.MAX_VALUE - (c - '0')) / 10) {
        throw line.error(key.id() + ": '" + value + "' is too large");
      }
      result = result * 10 + (c - '0');
    }
    return result;
  }

  private static int connections(SimSpecKey key, String value, Line line) {
    long count = unsigned(key, value, line);
    if (count < 1 || count > SimSpec.MAX_CONNECTIONS) {
      throw line.error(
          key.id()
              + ": "
              + value
              + " is out of range (1 = main only, up to "
              + SimSpec.MAX_CONNECTIONS
              + " connections)");
    }
    return (int) count;
  }

  private static boolean flag(SimSpecKey key, String value, Line line) {
    long number = unsigned(key, value, line);
    if (number > MAX_INT_VALUE) {
      throw line.error(key.id() + ": '" + value + "' is too large");
    }
    return number != 0;
  }

  private static double rate(SimSpecKey key, String value, Line line) {
    requireValue(key, value, line);
    double gbps;
    try {
      gbps = LinkScheduleParser.referenceDouble(value);
    } catch (NumberFormatException e) {
      gbps = -1;
    }
    if (gbps < 0 || value.equals(".")) {
      throw line.error(
          key.id() + ": '" + value + "' is not a decimal number of Gbit/s (0.02 = 20 Mbit/s)");
    }
    if (gbps > 0 && gbps < LinkPhase.MIN_RATE_GBPS) {
      throw line.error(key.id() + ": " + value + " Gbit/s is below the 1 kbit/s minimum");
    }
    return gbps;
  }

  private static String icid(SimSpecKey key, String value, Line line) {
    requireValue(key, value, line);
    if (value.length() > MAX_ICID_HEX_DIGITS) {
      throw line.error(
          key.id() + ": '" + value + "' has more than " + MAX_ICID_HEX_DIGITS + " hex digits");
    }
    for (int i = 0; i < value.length(); i++) {
      if (Character.digit(value.charAt(i), 16) < 0) {
        throw line.error(key.id() + ": '" + value + "' is not hexadecimal");
      }
    }
    // an odd last digit is the high nibble of its byte, and missing bytes are zero: in hex text
    // both amount to padding with zeros on the right
    return (value + "0".repeat(MAX_ICID_HEX_DIGITS - value.length())).toLowerCase(Locale.ROOT);
  }

  /** pico_sim's media check skips spaces around names and compares them exactly. */
  private static List<String> names(String value) {
    List<String> names = new ArrayList<>();
    for (String part : value.split(",")) {
      String name = part.strip();
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return names;
  }

  private static void requireValue(SimSpecKey key, String value, Line line) {
    if (value.isEmpty()) {
      throw line.error("missing value for '" + key.id() + "' (" + key.kind().unit() + ")");
    }
  }

  private static String suggestion(String keyText) {
    SimSpecKey best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (SimSpecKey key : SimSpecKey.values()) {
      int distance = editDistance(keyText.toLowerCase(Locale.ROOT), key.id());
      if (distance < bestDistance) {
        bestDistance = distance;
        best = key;
      }
    }
    return best != null && bestDistance <= 3 ? "; did you mean '" + best.id() + "'?" : "";
  }

  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  private static String stripTrailing(String line) {
    int end = line.length();
    while (end > 0 && Character.isWhitespace(line.charAt(end - 1))) {
      end--;
    }
    return line.substring(0, end);
  }

  /** One line of a spec, for error messages. */
  private record Line(String sourceName, int number, String text) {
    SimSpecException error(String problem) {
      return new SimSpecException(sourceName, number, problem);
    }
  }
}
