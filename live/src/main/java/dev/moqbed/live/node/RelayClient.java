package dev.moqbed.live.node;

import dev.moqbed.live.reconnect.RelayConnector;
import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.TransportConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A client node's connection to its relay: one connection when the node has no {@link ClientLink}
 * (a chain's clients), or one kept by a {@link RelayConnector} (liveness, tokens, reconnect: the
 * commands'). The node makes its role through {@link #start} on the loop the connection runs on, so
 * the two kinds differ only here.
 */
final class RelayClient implements AutoCloseable {
  private final InetSocketAddress relay;
  private final LiveStack stack;
  private final ClientTrust trust;
  private final RelayConnector connector; // null: one connection
  private volatile ClientEndpoint single;
  private volatile TransportConnection singleTransport; // set on the loop

  private RelayClient(
      InetSocketAddress relay, LiveStack stack, ClientTrust trust, RelayConnector connector) {
    this.relay = relay;
    this.stack = stack;
    this.trust = trust;
    this.connector = connector;
  }

  /**
   * A client of {@code role}'s, not connected yet; with a link, its connector's loop is already
   * running.
   *
   * @param log the connector's lines (attempts, reconnects), already prefixed with the role
   */
  static RelayClient open(
      String role,
      InetSocketAddress relay,
      LiveStack stack,
      ClientTrust trust,
      ClientLink link,
      Consumer<String> log)
      throws IOException {
    LiveStack roleStack = stack.forRole(role);
    if (link == null) {
      return new RelayClient(relay, roleStack, trust, null);
    }
    RelayConnector connector =
        RelayConnector.open(
            new RelayConnector.Target(
                relay, link.serverName(), roleStack, trust, RelayNode.VERSION, link.token()),
            link.livenessMicros(),
            link.reconnect(),
            log);
    return new RelayClient(relay, roleStack, trust, connector);
  }

  /**
   * Connects and hands the session to the role {@code make} returns for the connection's loop. With
   * a link the role is made first, on the connector's loop, and this returns once the relay
   * answered the MoQT setup ({@link RelayConnector#start}); without one, the role is made on the
   * new connection's loop once the QUIC handshake is done.
   *
   * @param giveUp called on the loop when the last reconnect attempt failed
   * @throws IOException when the first connection fails, in words that say what to fix
   */
  void start(Function<EventLoopScheduler, MoqtSessionListener> make, Consumer<String> giveUp)
      throws IOException {
    if (connector != null) {
      connector.start(make.apply(connector.scheduler()), giveUp);
      return;
    }
    single =
        stack.connect(
            relay,
            "localhost",
            trust,
            RelayNode.VERSION.alpn(),
            connection -> {
              MoqtSessionListener role = make.apply(connection.scheduler());
              singleTransport = connection.transport();
              MoqtSession.client(connection.transport(), role, RelayNode.VERSION);
            },
            null);
  }

  /** Whether a lost session is followed by reconnect attempts. */
  boolean reconnects() {
    return connector != null && connector.reconnects();
  }

  /** The role lost its session: the next attempt, when the link reconnects. Call on the loop. */
  void reconnect(String reason) {
    if (connector != null) {
      connector.reconnect(reason);
    }
  }

  /** The loop the role runs on; null before a connection without a link exists. */
  EventLoopScheduler scheduler() {
    return connector != null ? connector.scheduler() : single == null ? null : single.scheduler();
  }

  /** The local UDP port of the (latest) connection; -1 before there is one. */
  int localPort() {
    if (connector != null) {
      return connector.localPort();
    }
    return single == null ? -1 : single.localPort();
  }

  /** The path as this end's sending side sees it; call on the loop. */
  PathStats pathStats() {
    if (connector != null) {
      return connector.pathStats();
    }
    return singleTransport == null ? PathStats.UNKNOWN : singleTransport.pathStats();
  }

  @Override
  public void close() {
    if (connector != null) {
      connector.close();
    } else if (single != null) {
      single.close();
    }
  }
}
