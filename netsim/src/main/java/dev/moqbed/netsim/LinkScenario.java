package dev.moqbed.netsim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * picoquic_ns's built-in link scenarios ({@code picoquic_ns_create_link_spec}), each derived from a
 * base phase: the spec's rate R, latency, jitter, queue limit and L4S threshold.
 */
public enum LinkScenario {
  /** One phase, forever. */
  NONE("none"),
  /** 2 s at R; 2 s at rate 0 in both directions; then R forever. */
  BLACK_HOLE("black_hole"),
  /** 1.5 s at R; 2 s at R/2; then R forever. */
  DROP_AND_BACK("drop_and_back"),
  /** 2.5 s at R/2; then R forever. */
  LOW_AND_UP("low_and_up"),
  /**
   * 1 s at R with Wi-Fi jitter 999 us; 2 s at 0.9 R with Wi-Fi jitter 12 ms; then R with Wi-Fi
   * jitter 999 us forever. The base jitter is replaced in every phase.
   */
  WIFI_FADE("wifi_fade"),
  /** 1.8 s at R; 0.2 s at rate 0; cyclic forever. */
  WIFI_SUSPENSION("wifi_suspension");

  /** The reference's default rate when a spec gives none: 10 Mbit/s. */
  public static final double DEFAULT_RATE_GBPS = 0.01;

  private final String id;

  LinkScenario(String id) {
    this.id = id;
  }

  /** The name used in spec files. */
  public String id() {
    return id;
  }

  /** The scenario called {@code name} (exact, as the reference's strcmp), or null. */
  public static LinkScenario byName(String name) {
    for (LinkScenario scenario : values()) {
      if (scenario.id.equals(name)) {
        return scenario;
      }
    }
    return null;
  }

  /** The names, for error messages. */
  public static String names() {
    List<String> names = new ArrayList<>();
    for (LinkScenario scenario : values()) {
      names.add(scenario.id);
    }
    return String.join(", ", names);
  }

  /**
   * The schedule of this scenario on {@code base}. As the reference's default spec: a base down
   * rate of 0 becomes 10 Mbit/s, and a base up rate of 0 takes the down rate; burst loss is not
   * carried over (only custom text sets it).
   */
  public LinkSchedule schedule(LinkPhase base) {
    double down = base.downRateGbps() == 0 ? DEFAULT_RATE_GBPS : base.downRateGbps();
    double up = base.upRateGbps() == 0 ? down : base.upRateGbps();
    LinkPhase normal = base.withRatesGbps(up, down).withBurstLoss(0, 0);
    return switch (this) {
      case NONE -> LinkSchedule.constant(normal);
      case BLACK_HOLE ->
          LinkSchedule.of(
              normal.withDurationMicros(2_000_000),
              normal.withDurationMicros(2_000_000).withRatesGbps(0, 0),
              normal.withDurationMicros(LinkPhase.FOREVER));
      case DROP_AND_BACK ->
          LinkSchedule.of(
              normal.withDurationMicros(1_500_000),
              normal.withDurationMicros(2_000_000).withRatesGbps(up * 0.5, down * 0.5),
              normal.withDurationMicros(LinkPhase.FOREVER));
      case LOW_AND_UP ->
          LinkSchedule.of(
              normal.withDurationMicros(2_500_000).withRatesGbps(up * 0.5, down * 0.5),
              normal.withDurationMicros(LinkPhase.FOREVER));
      case WIFI_FADE ->
          LinkSchedule.of(
              normal.withDurationMicros(1_000_000).withJitter(999, JitterModel.WIFI),
              normal
                  .withDurationMicros(2_000_000)
                  .withRatesGbps(up * 0.9, down * 0.9)
                  .withJitter(12_000, JitterModel.WIFI),
              normal.withDurationMicros(LinkPhase.FOREVER).withJitter(999, JitterModel.WIFI));
      case WIFI_SUSPENSION ->
          LinkSchedule.of(
              normal.withDurationMicros(1_800_000),
              normal.withDurationMicros(200_000).withRatesGbps(0, 0));
    };
  }

  @Override
  public String toString() {
    return id.toLowerCase(Locale.ROOT);
  }
}
