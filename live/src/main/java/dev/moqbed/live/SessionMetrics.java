package dev.moqbed.live;

import dev.moqbed.relay.SessionSnapshot;
import dev.moqbed.session.transport.ControllerState;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The relay's per-session gauges ({@code relay --metrics-per-session}): queue depth, subscriptions,
 * open streams and the QUIC path of each open session, labelled with the peer's address and port.
 * Off by default: a long-running relay meets a new ephemeral port with every connection, so these
 * series are unbounded in number over its life (each vanishes with its session, but a time-series
 * database keeps them all). Rebuilt at every scrape from the sessions open then.
 */
final class SessionMetrics {
  /**
   * The controller's variables that have a series of their own ({@code
   * moqbed_relay_path_cwnd_bytes} and {@code moqbed_relay_path_pacing_rate_bytes_per_second}): not
   * exported a second time as {@code moqbed_relay_path_cc_value}.
   */
  static final Set<String> EXPORTED_ELSEWHERE =
      Set.of("cwnd_bytes", "pacing_rate_bytes_per_second");

  private final List<SessionGauge> gauges = new ArrayList<>();
  private final MultiGauge controllerValues;
  private final MultiGauge controllerStates;

  /** One per-session gauge family and how to read its value from a snapshot. */
  private record SessionGauge(MultiGauge gauge, ToDoubleFunction<SessionSnapshot> value) {}

  SessionMetrics(MeterRegistry registry) {
    gauge(
        registry,
        "moqbed.relay.subscriber.queue.bytes",
        "Payload bytes waiting in one session's queue.",
        SessionSnapshot::queuedBytes);
    gauge(
        registry,
        "moqbed.relay.subscriber.queue.objects",
        "Objects waiting in one session's queue.",
        SessionSnapshot::queuedObjects);
    gauge(
        registry,
        "moqbed.relay.subscriber.subscriptions",
        "Subscriptions of one session.",
        SessionSnapshot::subscriptions);
    gauge(
        registry,
        "moqbed.relay.subscriber.open.streams",
        "Subgroup streams open towards one session.",
        SessionSnapshot::openStreams);
    gauge(
        registry,
        "moqbed.relay.path.rtt.seconds",
        "Smoothed RTT of the relay's path to the session.",
        s -> known(s.path().smoothedRttMicros()) / 1e6);
    gauge(
        registry,
        "moqbed.relay.path.cwnd.bytes",
        "Congestion window of the relay's sending side towards the session.",
        s -> known(s.path().congestionWindowBytes()));
    gauge(
        registry,
        "moqbed.relay.path.delivery.rate.bytes.per.second",
        "Delivery rate the relay's transport estimates towards the session.",
        s -> known(s.path().deliveryRateBytesPerSecond()));
    gauge(
        registry,
        "moqbed.relay.path.min.rtt.seconds",
        "Smallest RTT seen on the path (the project's stack; NaN on quiche).",
        s -> known(s.path().minRttMicros()) / 1e6);
    gauge(
        registry,
        "moqbed.relay.path.pacing.rate.bytes.per.second",
        "Pacing rate of the relay's controller towards the session (the project's stack).",
        s -> known(s.path().pacingRateBytesPerSecond()));
    gauge(
        registry,
        "moqbed.relay.path.bytes.in.flight",
        "Bytes sent towards the session, neither acknowledged nor lost (the project's stack).",
        s -> known(s.path().bytesInFlight()));
    controllerValues =
        MultiGauge.builder("moqbed.relay.path.cc.value")
            .description(
                "The relay's controller towards the session, as it describes itself (the"
                    + " simulator's trace columns cc_NAME: C4's nominal_rate_bytes_per_second,"
                    + " BBR's bandwidth estimate, ...), by name; the project's stack only.")
            .register(registry);
    controllerStates =
        MultiGauge.builder("moqbed.relay.path.cc.state")
            .description(
                "1 for the state the relay's controller towards the session is in (C4's phase,"
                    + " BBR's mode); the project's stack only.")
            .register(registry);
  }

  /** Replaces every row by those of {@code snapshots}: sessions gone since have none. */
  void update(List<SessionSnapshot> snapshots) {
    for (SessionGauge family : gauges) {
      List<MultiGauge.Row<?>> rows = new ArrayList<>(snapshots.size());
      for (SessionSnapshot snapshot : snapshots) {
        rows.add(MultiGauge.Row.of(tags(snapshot), family.value().applyAsDouble(snapshot)));
      }
      family.gauge().register(rows, true);
    }
    List<MultiGauge.Row<?>> values = new ArrayList<>();
    List<MultiGauge.Row<?>> states = new ArrayList<>();
    for (SessionSnapshot snapshot : snapshots) {
      ControllerState controller = snapshot.path().controller();
      Tags tags = tags(snapshot);
      controller
          .values()
          .forEach(
              (name, value) -> {
                if (!EXPORTED_ELSEWHERE.contains(name)) {
                  values.add(MultiGauge.Row.of(tags.and("name", name), value));
                }
              });
      if (!controller.state().isEmpty()) {
        states.add(MultiGauge.Row.of(tags.and("state", controller.state()), 1));
      }
    }
    controllerValues.register(values, true);
    controllerStates.register(states, true);
  }

  private static Tags tags(SessionSnapshot snapshot) {
    String role =
        snapshot.publishes()
            ? (snapshot.subscriptions() > 0 ? "both" : "publisher")
            : (snapshot.subscriptions() > 0 ? "subscriber" : "idle");
    return Tags.of("session", snapshot.peer(), "role", role);
  }

  /** A transport's "unknown" (-1) as NaN, which Prometheus shows as such rather than as a value. */
  private static double known(long value) {
    return value < 0 ? Double.NaN : value;
  }

  private void gauge(
      MeterRegistry registry,
      String name,
      String description,
      ToDoubleFunction<SessionSnapshot> value) {
    gauges.add(
        new SessionGauge(
            MultiGauge.builder(name).description(description).register(registry), value));
  }
}
