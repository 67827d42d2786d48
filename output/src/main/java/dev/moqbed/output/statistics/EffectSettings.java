package dev.moqbed.output.statistics;

/**
 * The minimum effects of a comparison (docs/statistics.md): a latency or count must differ by
 * {@code relative} of its value and by at least {@code latencyMicros} (latencies) or one event
 * (counts); a delivered share by {@code percentPoints}.
 */
public record EffectSettings(double relative, double latencyMicros, double percentPoints) {
  /** 5 % and 1 ms; 1 point of delivered frames. */
  public static final EffectSettings DEFAULT = new EffectSettings(0.05, 1000, 1);

  public EffectSettings {
    if (!(relative >= 0) || !(latencyMicros >= 0) || !(percentPoints >= 0)) {
      throw new IllegalArgumentException("a minimum effect must not be negative");
    }
  }
}
