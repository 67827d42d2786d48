package dev.moqbed.simulation;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.quicperf.QuicperfClient;
import dev.moqbed.quicperf.QuicperfServer;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionStats;
import java.util.ArrayList;
import java.util.List;

/**
 * A spec's background connections ({@code nb_connections} − 1 of them), each a quicperf client and
 * server with the spec's background controller and text, started at its background start time, as
 * picoquic_ns runs them whatever the main connection carries.
 */
public final class BackgroundConnections {
  private final List<Simulation.ConnectionPair> pairs;
  private final List<QuicperfClient> clients;
  private final long startMicros;

  private BackgroundConnections(
      List<Simulation.ConnectionPair> pairs, List<QuicperfClient> clients, long startMicros) {
    this.pairs = List.copyOf(pairs);
    this.clients = List.copyOf(clients);
    this.startMicros = startMicros;
  }

  /** Adds the spec's background connections to {@code simulation}; none when it has none. */
  public static BackgroundConnections add(
      Simulation simulation,
      SimSpec spec,
      ControllerRegistry registry,
      ConnectionConfig clientConfig,
      ConnectionConfig serverConfig) {
    List<Simulation.ConnectionPair> pairs = new ArrayList<>();
    List<QuicperfClient> clients = new ArrayList<>();
    if (spec.hasBackground()) {
      ControllerFactory controller = registry.parse(spec.backgroundCcAlgo());
      MediaSpec text = spec.backgroundScenario().orElseThrow();
      for (int i = 1; i < spec.connectionCount(); i++) {
        QuicperfClient client = new QuicperfClient(text, simulation.applicationScheduler());
        clients.add(client);
        pairs.add(
            simulation.addConnection(
                controller,
                clientConfig,
                serverConfig,
                client,
                new QuicperfServer(simulation.applicationScheduler()),
                spec.backgroundStartMicros()));
      }
    }
    return new BackgroundConnections(pairs, clients, spec.backgroundStartMicros());
  }

  /** Whether every background client has finished its scenario and closed (true when none). */
  public boolean allClosed() {
    for (QuicperfClient client : clients) {
      if (client.closedMicros() < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Per background connection, in order, how long its client took from the background start time to
   * closing (its download done); -1 for one still open.
   */
  public List<Long> completionMicros() {
    List<Long> times = new ArrayList<>(clients.size());
    for (QuicperfClient client : clients) {
      long closed = client.closedMicros();
      times.add(closed < 0 ? -1 : closed - startMicros);
    }
    return List.copyOf(times);
  }

  /** The data senders (the servers) of the background connections, for the load's window. */
  public List<ConnectionStats> senders() {
    List<ConnectionStats> senders = new ArrayList<>(pairs.size());
    for (Simulation.ConnectionPair pair : pairs) {
      senders.add(pair.server().stats());
    }
    return senders;
  }
}
