package dev.moqbed.app;

import dev.moqbed.live.MetricsEndpoint;
import dev.moqbed.live.RelayMetrics;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/** The relay's metrics endpoint: {@code --metrics-port}, {@code --metrics-bind}, per session. */
final class RelayMetricsOptions {
  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description =
          "Serve metrics (Prometheus text, see docs/metrics.md) on http://ADDR:PORT/metrics,"
              + " ADDR from --metrics-bind (default: off).")
  Integer port;

  @Option(
      names = "--metrics-bind",
      paramLabel = "ADDR",
      defaultValue = MetricsEndpoint.DEFAULT_BIND,
      description =
          "IP address the metrics endpoint binds to; it has no authentication, so loopback by"
              + " default; 0.0.0.0 for every interface (default ${DEFAULT-VALUE}).")
  String bind;

  @Mixin MetricsPerSessionOption perSession = new MetricsPerSessionOption();

  /** The checks that need no socket: a port in range, no bind or per-session without a port. */
  void validate(ParseResult parsed) {
    if (port != null && (port < 0 || port > 65535)) {
      throw new IllegalArgumentException("--metrics-port must be 0..65535");
    }
    if (port == null && parsed.hasMatchedOption("--metrics-bind")) {
      throw new IllegalArgumentException("--metrics-bind needs --metrics-port");
    }
    perSession.validate(port);
  }

  /** The relay's metrics, or null without {@code --metrics-port}. */
  RelayMetrics create() {
    return perSession.metrics(port);
  }
}
