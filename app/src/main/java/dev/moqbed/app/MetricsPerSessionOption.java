package dev.moqbed.app;

import dev.moqbed.live.RelayMetrics;
import picocli.CommandLine.Option;

/** {@code --metrics-per-session}: the relay's per-session series, off unless asked for. */
final class MetricsPerSessionOption {
  @Option(
      names = "--metrics-per-session",
      description =
          "Also export each session's queue and QUIC path, labelled with the peer's address and"
              + " port: one series per connection, unbounded in number on a long-running relay"
              + " (docs/metrics.md; default: off).")
  boolean enabled;

  /** Fails for {@code --metrics-per-session} without {@code --metrics-port} (null). */
  void validate(Integer metricsPort) {
    if (metricsPort == null && enabled) {
      throw new IllegalArgumentException("--metrics-per-session needs --metrics-port");
    }
  }

  /** The relay's metrics, or null without {@code --metrics-port} ({@code metricsPort} null). */
  RelayMetrics metrics(Integer metricsPort) {
    validate(metricsPort);
    return metricsPort == null ? null : new RelayMetrics(enabled);
  }
}
