package dev.moqbed.scenarios.spec;

import java.util.Locale;

/**
 * The keys of a picoquic_ns spec file ({@code p_sim/pico_sim.c}, table {@code params}), with the
 * kind of value each takes, what it means and its default. The order is the order of the docs, not
 * of the reference's table.
 */
public enum SimSpecKey {
  MAIN_CC_ALGO(ValueKind.CONTROLLER, "controller of the main connection (both ends)", "required"),
  MAIN_CC_OPTIONS(
      ValueKind.TEXT,
      "picoquic option string of the main controller; kept, not interpreted by moqbed",
      "none"),
  MAIN_START_TIME(ValueKind.MICROS, "when the main client connection starts", "0"),
  MAIN_SCENARIO_TEXT(ValueKind.SCENARIO, "quicperf scenario of the main connection", "required"),
  MAIN_TARGET_TIME(
      ValueKind.MICROS,
      "pass/fail threshold on the main connection's completion time; not a time limit",
      "0 (none)"),
  BACKGROUND_CC_ALGO(
      ValueKind.CONTROLLER,
      "controller of every background connection",
      "required when nb_connections > 1"),
  BACKGROUND_CC_OPTIONS(
      ValueKind.TEXT, "picoquic option string of the background controller; kept", "none"),
  BACKGROUND_START_TIME(ValueKind.MICROS, "when the background connections start", "0"),
  BACKGROUND_SCENARIO_TEXT(
      ValueKind.SCENARIO,
      "quicperf scenario of every background connection",
      "required when nb_connections > 1"),
  NB_CONNECTIONS(
      ValueKind.COUNT, "connections: 1 = main only, 2 to 5 = main + background", "required"),
  DATA_RATE_IN_GBPS(
      ValueKind.GBPS, "bottleneck rate of both directions, Gbit/s (0.02 = 20 Mbit/s)", "0.01"),
  LATENCY(ValueKind.MICROS, "one-way propagation delay of both directions (RTT = 2x)", "0"),
  JITTER(ValueKind.MICROS, "jitter parameter J of both directions", "0 (none)"),
  WIFI_JITTER(ValueKind.FLAG, "non-zero: Wi-Fi jitter model for J instead of Gaussian", "0"),
  QUEUE_DELAY_MAX(
      ValueKind.MICROS, "drop-tail limit of each link, as queuing time", "0 (unlimited)"),
  L4S_MAX(
      ValueKind.MICROS,
      "non-zero: DualQ AQM on both links, with this L4S marking ramp maximum",
      "0 (no AQM)"),
  LINK_SCENARIO(
      ValueKind.LINK,
      "built-in link changes (black_hole, drop_and_back, low_and_up, wifi_fade, wifi_suspension,"
          + " none) or custom phase text",
      "none"),
  ICID(
      ValueKind.HEX,
      "initial connection id prefix, up to 8 bytes in hex, zero-padded; names qlog files",
      "none"),
  SEED_CWIN(
      ValueKind.BYTES,
      "careful-resume seed: remembered window of the main connection (server side)",
      "0 (none)"),
  SEED_RTT(
      ValueKind.MICROS,
      "careful-resume seed: remembered RTT; seeding needs both seed keys",
      "0 (none)"),
  MEDIA_STATS_START(
      ValueKind.MICROS,
      "stream frames expected before this time are left out of the media statistics",
      "0"),
  MEDIA_EXCLUDED(
      ValueKind.LIST, "media items left out of the pass/fail check, comma separated", "none"),
  MEDIA_LATENCY_AVERAGE(
      ValueKind.MICROS,
      "pass/fail threshold on each checked media item's average frame latency",
      "0 (none)"),
  MEDIA_LATENCY_MAX(
      ValueKind.MICROS,
      "pass/fail threshold on each checked media item's maximum frame latency",
      "0 (none)"),
  QLOG_DIR(
      ValueKind.PATH,
      "qlog directory: scenario run --spec FILE writes one .sqlog per connection end and run"
          + " there (--qlog DIR overrides it; catalogue scenarios ignore the reference's)",
      "none"),
  QPERF_LOG(ValueKind.PATH, "reference's per-frame CSV log; accepted and ignored", "none");

  /** What a key's value is and how it is read. */
  public enum ValueKind {
    /** A whole number of microseconds. */
    MICROS("microseconds"),
    /** A whole number of bytes. */
    BYTES("bytes"),
    /** A whole number. */
    COUNT("count"),
    /** A whole number; 0 is off, anything else on. */
    FLAG("0 or 1"),
    /** A decimal number of Gbit/s, digits with an optional fraction. */
    GBPS("Gbit/s"),
    /** Free text, possibly empty. */
    TEXT("text"),
    /** A controller id, optionally with moqbed options ({@code cubic:flavor=rfc}). */
    CONTROLLER("controller"),
    /** quicperf scenario text. */
    SCENARIO("quicperf text"),
    /** A link scenario name or custom phase text. */
    LINK("link text"),
    /** Hexadecimal digits. */
    HEX("hex"),
    /** A comma-separated list of names. */
    LIST("names"),
    /** A file or directory name. */
    PATH("path");

    private final String unit;

    ValueKind(String unit) {
      this.unit = unit;
    }

    /** The unit or kind, for tables and docs. */
    public String unit() {
      return unit;
    }
  }

  private final ValueKind kind;
  private final String meaning;
  private final String defaultValue;

  SimSpecKey(ValueKind kind, String meaning, String defaultValue) {
    this.kind = kind;
    this.meaning = meaning;
    this.defaultValue = defaultValue;
  }

  /** The name written in spec files, e.g. {@code main_start_time}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public ValueKind kind() {
    return kind;
  }

  /** One line saying what the key sets. */
  public String meaning() {
    return meaning;
  }

  /** The value when the key is absent, in words. */
  public String defaultValue() {
    return defaultValue;
  }

  /** The key written {@code id} (exact, case-sensitive), or null. */
  public static SimSpecKey byId(String id) {
    for (SimSpecKey key : values()) {
      if (key.id().equals(id)) {
        return key;
      }
    }
    return null;
  }
}
