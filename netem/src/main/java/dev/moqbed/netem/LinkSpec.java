package dev.moqbed.netem;

import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkScenario;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.netsim.LinkScheduleParser;
import dev.moqbed.runtime.Quantities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text of {@code netem --link SPEC}: comma-separated {@code key=value} pairs whose values are
 * the quantities the other commands take ({@code 20mbit}, {@code 20ms}), turned into the netsim
 * {@link LinkSchedule} the simulator would run.
 *
 * <ul>
 *   <li>{@code rate} both directions, or {@code up} (client to forward address) and {@code down};
 *       one of them is required
 *   <li>{@code delay} one-way latency (default 0), {@code queue} drop-tail limit as queuing time (0
 *       = unlimited, the default)
 *   <li>{@code jitter} the jitter parameter J, {@code jitter-model} {@code gaussian} (default) or
 *       {@code wifi} (the reference's Wi-Fi model)
 *   <li>{@code l4s} the DualQ AQM's L4S threshold (l4s_max; turns the AQM on)
 *   <li>{@code loss} burst loss {@code B/P}: B packets lost every P
 *   <li>{@code scenario} a built-in schedule on that base: none, black_hole, drop_and_back,
 *       low_and_up, wifi_fade, wifi_suspension
 *   <li>{@code phases} picoquic_ns custom link text ({@code 1000000:U0.01:D0.01:L15000;...}),
 *       alone: it sets every parameter of every phase
 * </ul>
 *
 * @param text the spec as given
 * @param schedule what both directions run
 */
public record LinkSpec(String text, LinkSchedule schedule) {
  private static final List<String> KEY_LIST =
      List.of(
          "rate",
          "up",
          "down",
          "delay",
          "queue",
          "jitter",
          "jitter-model",
          "l4s",
          "loss",
          "scenario",
          "phases");
  private static final String KEYS = String.join(", ", KEY_LIST);

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException one line naming the key and what is wrong
   */
  public static LinkSpec parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          "link spec: empty (e.g. rate=20mbit,delay=20ms,queue=80ms)");
    }
    Map<String, String> values = pairs(text);
    if (values.containsKey("phases")) {
      if (values.size() > 1) {
        throw new IllegalArgumentException(
            "link spec: 'phases' sets every parameter; give it alone, not with "
                + String.join(
                    ", ", values.keySet().stream().filter(k -> !k.equals("phases")).toList()));
      }
      return new LinkSpec(text, LinkScheduleParser.parse(values.get("phases")));
    }
    return new LinkSpec(text, fromParameters(values));
  }

  private static Map<String, String> pairs(String text) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String pair : text.split(",", -1)) {
      String item = pair.strip();
      int equals = item.indexOf('=');
      if (equals <= 0 || equals == item.length() - 1) {
        throw new IllegalArgumentException(
            "link spec: '" + item + "' is not key=value (keys: " + KEYS + ")");
      }
      String key = item.substring(0, equals).strip().toLowerCase(Locale.ROOT);
      String value = item.substring(equals + 1).strip();
      if (!KEY_LIST.contains(key)) {
        throw new IllegalArgumentException(
            "link spec: unknown key '" + key + "' (keys: " + KEYS + ")");
      }
      if (values.put(key, value) != null) {
        throw new IllegalArgumentException("link spec: '" + key + "' given twice");
      }
    }
    return values;
  }

  private static LinkSchedule fromParameters(Map<String, String> values) {
    long both = rate(values, "rate");
    long up = values.containsKey("up") ? rate(values, "up") : both;
    long down = values.containsKey("down") ? rate(values, "down") : both;
    if (values.containsKey("rate") && (values.containsKey("up") || values.containsKey("down"))) {
      throw new IllegalArgumentException("link spec: give 'rate' or 'up'/'down', not both");
    }
    if (up <= 0 || down <= 0) {
      throw new IllegalArgumentException(
          "link spec: needs a rate above 0 in both directions: 'rate', or 'up' and 'down'"
              + " (a suspension is a schedule: scenario=black_hole or phases=...)");
    }
    LinkPhase base =
        new LinkPhase(
            LinkPhase.FOREVER,
            LinkPhase.gbps(up),
            LinkPhase.gbps(down),
            duration(values, "delay"),
            duration(values, "jitter"),
            jitterModel(values.getOrDefault("jitter-model", "gaussian")),
            duration(values, "queue"),
            duration(values, "l4s"),
            0,
            0);
    String loss = values.get("loss");
    if (loss != null) {
      base = burstLoss(base, loss);
    }
    String name = values.getOrDefault("scenario", "none");
    LinkScenario scenario = LinkScenario.byName(name);
    if (scenario == null) {
      throw new IllegalArgumentException(
          "link spec: unknown scenario '" + name + "' (valid: " + LinkScenario.names() + ")");
    }
    if (loss != null && scenario != LinkScenario.NONE) {
      // the reference's built-in schedules drop the base's burst loss
      throw new IllegalArgumentException(
          "link spec: 'loss' only applies without a scenario (the built-in schedules have none)");
    }
    return scenario == LinkScenario.NONE ? LinkSchedule.constant(base) : scenario.schedule(base);
  }

  private static long rate(Map<String, String> values, String key) {
    String value = values.get(key);
    if (value == null) {
      return 0;
    }
    try {
      long bits = Quantities.parseRateBitsPerSecond(value);
      if (bits > 0 && LinkPhase.gbps(bits) < LinkPhase.MIN_RATE_GBPS) {
        throw new IllegalArgumentException("below the 1 kbit/s the link model supports");
      }
      return bits;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("link spec: " + key + ": " + e.getMessage());
    }
  }

  private static long duration(Map<String, String> values, String key) {
    String value = values.get(key);
    if (value == null) {
      return 0;
    }
    try {
      return Quantities.parseDurationMicros(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("link spec: " + key + ": " + e.getMessage());
    }
  }

  private static JitterModel jitterModel(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "gaussian" -> JitterModel.GAUSSIAN;
      case "wifi" -> JitterModel.WIFI;
      default ->
          throw new IllegalArgumentException(
              "link spec: jitter-model: '" + value + "' (valid: gaussian, wifi)");
    };
  }

  private static LinkPhase burstLoss(LinkPhase base, String value) {
    int slash = value.indexOf('/');
    try {
      long count = Long.parseLong(value.substring(0, Math.max(slash, 0)));
      long between = Long.parseLong(value.substring(slash + 1));
      if (count <= 0 || between <= 0) {
        throw new NumberFormatException();
      }
      return base.withBurstLoss(count, between);
    } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
      throw new IllegalArgumentException(
          "link spec: loss: '" + value + "' is not B/P (B packets lost every P, e.g. 2/100)");
    }
  }
}
