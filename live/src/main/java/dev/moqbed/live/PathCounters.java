package dev.moqbed.live;

import dev.moqbed.relay.SessionSnapshot;
import dev.moqbed.session.transport.PathStats;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The relay's packets and bytes sent and packets lost, over all its connections, as Prometheus
 * counters ({@code _total}) that only grow: each scrape adds what every open connection counted
 * since the previous scrape. A connection's own counters start at 0 and vanish with it, so exported
 * per connection they would be neither a counter nor bounded in number; summed here they are both.
 * What a connection sent after the last scrape before it closed is not counted (its counters are
 * gone by the next scrape), so the totals are lower bounds, short by at most one scrape interval of
 * each closed connection.
 */
final class PathCounters {
  private final Counter packetsSent;
  private final Counter packetsLost;
  private final Counter bytesSent;
  // Each open session's counters at the previous scrape, by peer; rebuilt from the open sessions at
  // each scrape, so it never holds more entries than the relay holds sessions.
  private Map<String, PathStats> previous = new HashMap<>();

  PathCounters(MeterRegistry registry) {
    packetsSent =
        Counter.builder("moqbed.relay.path.sent.packets")
            .description("QUIC packets the relay sent on all its connections (lower bound).")
            .register(registry);
    packetsLost =
        Counter.builder("moqbed.relay.path.lost.packets")
            .description("Packets the relay's transport declared lost (lower bound).")
            .register(registry);
    bytesSent =
        Counter.builder("moqbed.relay.path.sent.bytes")
            .description("Bytes of QUIC packets the relay sent on all its connections.")
            .register(registry);
  }

  /** Adds what each of {@code sessions} counted since the previous call. */
  void update(List<SessionSnapshot> sessions) {
    Map<String, PathStats> now = new HashMap<>();
    for (SessionSnapshot session : sessions) {
      PathStats path = session.path();
      PathStats before = previous.get(session.peer());
      add(packetsSent, path, before, PathStats::packetsSent);
      add(packetsLost, path, before, PathStats::packetsLost);
      add(bytesSent, path, before, PathStats::bytesSent);
      now.put(session.peer(), path);
    }
    previous = now;
  }

  private static void add(
      Counter counter, PathStats now, PathStats before, ToLongFunction<PathStats> field) {
    long current = field.applyAsLong(now);
    if (current < 0) {
      return; // the transport does not count it
    }
    long last = before == null ? 0 : Math.max(0, field.applyAsLong(before));
    // Lower than last time: a new connection from the same address and port, counting from 0.
    counter.increment(current >= last ? current - last : current);
  }
}
