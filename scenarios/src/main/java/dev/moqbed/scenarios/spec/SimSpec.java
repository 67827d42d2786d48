package dev.moqbed.scenarios.spec;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkScenario;
import dev.moqbed.netsim.LinkSchedule;
import java.util.List;
import java.util.Optional;

/**
 * Everything a picoquic_ns spec file can say (picoquic's {@code picoquic_ns_spec_t}), one component
 * per key; see {@link SimSpecKey} for the keys and {@link SimSpecParser} for the file format. Times
 * are microseconds, sizes bytes, the rate Gbit/s as in the file. Absent optional texts are null;
 * absent numbers are 0, which means "none" or "default" exactly as in the reference.
 *
 * @param mainCcAlgo controller spec of the main connection, e.g. {@code c4} or {@code
 *     cubic:flavor=rfc}
 * @param mainCcOptions picoquic option string of the main controller ({@code main_cc_options}),
 *     null when absent; moqbed's controllers do not read it
 * @param mainStartMicros when the main connection starts
 * @param mainScenarioText quicperf text of the main connection
 * @param mainTargetMicros pass/fail threshold on the main completion time; 0 = none
 * @param backgroundCcAlgo controller spec of the background connections; null when absent
 * @param backgroundCcOptions picoquic option string of the background controller; null when absent
 * @param backgroundStartMicros when the background connections start
 * @param backgroundScenarioText quicperf text of each background connection; null when absent
 * @param connectionCount {@code nb_connections}: 1 = main only, 2 to 5 = main + background
 * @param rateGbps {@code data_rate_in_gbps}; 0 = the reference's default, 10 Mbit/s
 * @param latencyMicros one-way latency of both directions
 * @param jitterMicros jitter parameter J; 0 = none
 * @param wifiJitter the Wi-Fi jitter model instead of the Gaussian one
 * @param queueDelayMaxMicros drop-tail limit in time; 0 = unlimited
 * @param l4sMaxMicros DualQ L4S ramp maximum; 0 = no AQM
 * @param linkScenario {@code link_scenario}: a built-in name or custom phase text; null = none
 * @param icid initial connection id prefix as 16 lower-case hex digits; null when absent
 * @param seedCwinBytes careful-resume window seed; 0 = none
 * @param seedRttMicros careful-resume RTT seed; 0 = none
 * @param mediaStatsStartMicros start of the stream-frame statistics
 * @param mediaExcluded media items left out of the check
 * @param mediaLatencyAverageMicros threshold on the average frame latency; 0 = none
 * @param mediaLatencyMaxMicros threshold on the maximum frame latency; 0 = none
 * @param qlogDir the qlog directory ({@code scenario run --spec FILE} writes there); null when
 *     absent
 * @param qperfLog the reference's per-frame log file, ignored; null when absent
 */
public record SimSpec(
    String mainCcAlgo,
    String mainCcOptions,
    long mainStartMicros,
    String mainScenarioText,
    long mainTargetMicros,
    String backgroundCcAlgo,
    String backgroundCcOptions,
    long backgroundStartMicros,
    String backgroundScenarioText,
    int connectionCount,
    double rateGbps,
    long latencyMicros,
    long jitterMicros,
    boolean wifiJitter,
    long queueDelayMaxMicros,
    long l4sMaxMicros,
    String linkScenario,
    String icid,
    long seedCwinBytes,
    long seedRttMicros,
    long mediaStatsStartMicros,
    List<String> mediaExcluded,
    long mediaLatencyAverageMicros,
    long mediaLatencyMaxMicros,
    String qlogDir,
    String qperfLog) {

  /** picoquic_ns's limit on connections sharing the links. */
  public static final int MAX_CONNECTIONS = 5;

  /** The rate the reference uses when a spec gives none (or 0): 10 Mbit/s. */
  public static final double DEFAULT_RATE_GBPS = LinkScenario.DEFAULT_RATE_GBPS;

  public SimSpec {
    requireText(mainCcAlgo, "main_cc_algo");
    requireText(mainScenarioText, "main_scenario_text");
    if (connectionCount < 1 || connectionCount > MAX_CONNECTIONS) {
      throw new IllegalArgumentException(
          "nb_connections must be 1 to " + MAX_CONNECTIONS + ": " + connectionCount);
    }
    if (connectionCount > 1) {
      requireText(backgroundCcAlgo, "background_cc_algo (nb_connections > 1)");
      requireText(backgroundScenarioText, "background_scenario_text (nb_connections > 1)");
    }
    requireNonNegative(mainStartMicros, "main_start_time");
    requireNonNegative(mainTargetMicros, "main_target_time");
    requireNonNegative(backgroundStartMicros, "background_start_time");
    if (!(rateGbps >= 0) || Double.isInfinite(rateGbps)) {
      throw new IllegalArgumentException("data_rate_in_gbps must be finite and >= 0: " + rateGbps);
    }
    requireNonNegative(latencyMicros, "latency");
    requireNonNegative(jitterMicros, "jitter");
    requireNonNegative(queueDelayMaxMicros, "queue_delay_max");
    requireNonNegative(l4sMaxMicros, "l4s_max");
    requireNonNegative(seedCwinBytes, "seed_cwin");
    requireNonNegative(seedRttMicros, "seed_rtt");
    requireNonNegative(mediaStatsStartMicros, "media_stats_start");
    requireNonNegative(mediaLatencyAverageMicros, "media_latency_average");
    requireNonNegative(mediaLatencyMaxMicros, "media_latency_max");
    mediaExcluded = mediaExcluded == null ? List.of() : List.copyOf(mediaExcluded);
  }

  /** True when background connections run beside the main one. */
  public boolean hasBackground() {
    return connectionCount > 1;
  }

  /** The rate the links start from and the load is measured against: 10 Mbit/s when unset. */
  public double nominalRateGbps() {
    return rateGbps == 0 ? DEFAULT_RATE_GBPS : rateGbps;
  }

  /** {@link #nominalRateGbps()} in bit/s, rounded. */
  public long nominalRateBitsPerSecond() {
    return Math.round(nominalRateGbps() * 1e9);
  }

  /** The jitter model of the base link. */
  public JitterModel jitterModel() {
    return wifiJitter ? JitterModel.WIFI : JitterModel.GAUSSIAN;
  }

  /** True when careful resume is seeded: the reference needs both seeds non-zero. */
  public boolean seeded() {
    return seedCwinBytes > 0 && seedRttMicros > 0;
  }

  /**
   * The phase built from the spec's link keys alone (the reference's default link spec), before any
   * {@code link_scenario}: rate, latency, jitter and its model, queue limit and L4S threshold, in
   * both directions, forever. The rate is as written (0 if unset); the built-in scenarios turn 0
   * into 10 Mbit/s.
   */
  public LinkPhase basePhase() {
    return new LinkPhase(
        LinkPhase.FOREVER,
        rateGbps,
        rateGbps,
        latencyMicros,
        jitterMicros,
        jitterModel(),
        queueDelayMaxMicros,
        l4sMaxMicros,
        0,
        0);
  }

  /**
   * The links exactly as picoquic_ns builds them ({@code picoquic_ns_create_link_spec}): without
   * {@code link_scenario} (or with {@code none}) one phase from the base keys, forever; a built-in
   * name derives its phases from the base phase; custom text gives the phases itself and ignores
   * every base link key (rate, latency, jitter, queue, L4S).
   *
   * @throws IllegalArgumentException when the link keys do not make a valid schedule
   */
  public LinkSchedule linkSchedule() {
    return LinkSchedule.parse(linkScenario == null ? "none" : linkScenario, basePhase());
  }

  /** True when the link comes from custom phase text rather than the base keys. */
  public boolean customLink() {
    return linkScenario != null && LinkScenario.byName(linkScenario) == null;
  }

  /** The main connection's scenario, parsed. */
  public MediaSpec mainScenario() {
    return MediaSpec.parse(mainScenarioText);
  }

  /** The background connections' scenario, parsed, when there are background connections. */
  public Optional<MediaSpec> backgroundScenario() {
    return hasBackground()
        ? Optional.of(MediaSpec.parse(backgroundScenarioText))
        : Optional.empty();
  }

  /**
   * This spec with another main controller. The picoquic option string is dropped: it was written
   * for the file's own algorithm and moqbed's controllers take their options in the spec ({@code
   * c4:variant=v4}).
   */
  public SimSpec withMainController(String controllerSpec) {
    return toBuilder().mainCcAlgo(controllerSpec).mainCcOptions(null).build();
  }

  /** A builder holding this spec's values. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** A builder with every key at its default; the required keys must be set before build. */
  public static Builder builder() {
    return new Builder();
  }

  private static void requireText(String value, String key) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(key + " must be given");
    }
  }

  private static void requireNonNegative(long value, String key) {
    if (value < 0) {
      throw new IllegalArgumentException(key + " must not be negative: " + value);
    }
  }

  /** Collects the values of a {@link SimSpec} one key at a time (the parser's accumulator). */
  public static final class Builder {
    private String mainCcAlgo;
    private String mainCcOptions;
    private long mainStartMicros;
    private String mainScenarioText;
    private long mainTargetMicros;
    private String backgroundCcAlgo;
    private String backgroundCcOptions;
    private long backgroundStartMicros;
    private String backgroundScenarioText;
    private int connectionCount;
    private double rateGbps;
    private long latencyMicros;
    private long jitterMicros;
    private boolean wifiJitter;
    private long queueDelayMaxMicros;
    private long l4sMaxMicros;
    private String linkScenario;
    private String icid;
    private long seedCwinBytes;
    private long seedRttMicros;
    private long mediaStatsStartMicros;
    private List<String> mediaExcluded = List.of();
    private long mediaLatencyAverageMicros;
    private long mediaLatencyMaxMicros;
    private String qlogDir;
    private String qperfLog;

    private Builder() {}

    private Builder(SimSpec spec) {
      mainCcAlgo = spec.mainCcAlgo;
      mainCcOptions = spec.mainCcOptions;
      mainStartMicros = spec.mainStartMicros;
      mainScenarioText = spec.mainScenarioText;
      mainTargetMicros = spec.mainTargetMicros;
      backgroundCcAlgo = spec.backgroundCcAlgo;
      backgroundCcOptions = spec.backgroundCcOptions;
      backgroundStartMicros = spec.backgroundStartMicros;
      backgroundScenarioText = spec.backgroundScenarioText;
      connectionCount = spec.connectionCount;
      rateGbps = spec.rateGbps;
      latencyMicros = spec.latencyMicros;
      jitterMicros = spec.jitterMicros;
      wifiJitter = spec.wifiJitter;
      queueDelayMaxMicros = spec.queueDelayMaxMicros;
      l4sMaxMicros = spec.l4sMaxMicros;
      linkScenario = spec.linkScenario;
      icid = spec.icid;
      seedCwinBytes = spec.seedCwinBytes;
      seedRttMicros = spec.seedRttMicros;
      mediaStatsStartMicros = spec.mediaStatsStartMicros;
      mediaExcluded = spec.mediaExcluded;
      mediaLatencyAverageMicros = spec.mediaLatencyAverageMicros;
      mediaLatencyMaxMicros = spec.mediaLatencyMaxMicros;
      qlogDir = spec.qlogDir;
      qperfLog = spec.qperfLog;
    }

    public Builder mainCcAlgo(String value) {
      mainCcAlgo = value;
      return this;
    }

    public Builder mainCcOptions(String value) {
      mainCcOptions = value;
      return this;
    }

    public Builder mainStartMicros(long value) {
      mainStartMicros = value;
      return this;
    }

    public Builder mainScenarioText(String value) {
      mainScenarioText = value;
      return this;
    }

    public Builder mainTargetMicros(long value) {
      mainTargetMicros = value;
      return this;
    }

    public Builder backgroundCcAlgo(String value) {
      backgroundCcAlgo = value;
      return this;
    }

    public Builder backgroundCcOptions(String value) {
      backgroundCcOptions = value;
      return this;
    }

    public Builder backgroundStartMicros(long value) {
      backgroundStartMicros = value;
      return this;
    }

    public Builder backgroundScenarioText(String value) {
      backgroundScenarioText = value;
      return this;
    }

    public Builder connectionCount(int value) {
      connectionCount = value;
      return this;
    }

    public Builder rateGbps(double value) {
      rateGbps = value;
      return this;
    }

    public Builder latencyMicros(long value) {
      latencyMicros = value;
      return this;
    }

    public Builder jitterMicros(long value) {
      jitterMicros = value;
      return this;
    }

    public Builder wifiJitter(boolean value) {
      wifiJitter = value;
      return this;
    }

    public Builder queueDelayMaxMicros(long value) {
      queueDelayMaxMicros = value;
      return this;
    }

    public Builder l4sMaxMicros(long value) {
      l4sMaxMicros = value;
      return this;
    }

    public Builder linkScenario(String value) {
      linkScenario = value;
      return this;
    }

    public Builder icid(String value) {
      icid = value;
      return this;
    }

    public Builder seedCwinBytes(long value) {
      seedCwinBytes = value;
      return this;
    }

    public Builder seedRttMicros(long value) {
      seedRttMicros = value;
      return this;
    }

    public Builder mediaStatsStartMicros(long value) {
      mediaStatsStartMicros = value;
      return this;
    }

    public Builder mediaExcluded(List<String> value) {
      mediaExcluded = value;
      return this;
    }

    public Builder mediaLatencyAverageMicros(long value) {
      mediaLatencyAverageMicros = value;
      return this;
    }

    public Builder mediaLatencyMaxMicros(long value) {
      mediaLatencyMaxMicros = value;
      return this;
    }

    public Builder qlogDir(String value) {
      qlogDir = value;
      return this;
    }

    public Builder qperfLog(String value) {
      qperfLog = value;
      return this;
    }

    /** The main controller set so far (null until set); the parser checks required keys. */
    String mainCcAlgoValue() {
      return mainCcAlgo;
    }

    String mainScenarioTextValue() {
      return mainScenarioText;
    }

    String backgroundCcAlgoValue() {
      return backgroundCcAlgo;
    }

    String backgroundScenarioTextValue() {
      return backgroundScenarioText;
    }

    int connectionCountValue() {
      return connectionCount;
    }

    /**
     * @throws IllegalArgumentException when a required key is missing or a value is out of range
     */
    public SimSpec build() {
      return new SimSpec(
          mainCcAlgo,
          mainCcOptions,
          mainStartMicros,
          mainScenarioText,
          mainTargetMicros,
          backgroundCcAlgo,
          backgroundCcOptions,
          backgroundStartMicros,
          backgroundScenarioText,
          connectionCount,
          rateGbps,
          latencyMicros,
          jitterMicros,
          wifiJitter,
          queueDelayMaxMicros,
          l4sMaxMicros,
          linkScenario,
          icid,
          seedCwinBytes,
          seedRttMicros,
          mediaStatsStartMicros,
          mediaExcluded,
          mediaLatencyAverageMicros,
          mediaLatencyMaxMicros,
          qlogDir,
          qperfLog);
    }
  }
}
