package dev.moqbed.live.stack;

import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.ForwardingConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.session.QuicTransportConnection;
import dev.moqbed.transport.session.WebTransportQuicHandler;
import dev.moqbed.webtransport.session.WebTransportConfig;
import java.util.function.Consumer;

/**
 * The handler of a connection a relay accepted while it offers two application protocols on one
 * port: at the connection's first event, when TLS has chosen, it hands the connection to MoQT over
 * raw QUIC ({@code moq-00}) or to HTTP/3 and WebTransport ({@code h3}), which take every event from
 * then on. A connection that reaches neither (no ALPN yet) is MoQT's, as before.
 */
final class AlpnDispatch extends ForwardingConnectionHandler {
  /** HTTP/3's ALPN (RFC 9114 §3.1). */
  static final String HTTP3 = "h3";

  private final String peerName;
  private final WebTransportConfig webTransport;
  private final EventLoopScheduler loop;
  private final Consumer<LiveConnection> onConnection;
  private ConnectionHandler chosen;

  AlpnDispatch(
      String peerName,
      WebTransportConfig webTransport,
      EventLoopScheduler loop,
      Consumer<LiveConnection> onConnection) {
    this.peerName = peerName;
    this.webTransport = webTransport;
    this.loop = loop;
    this.onConnection = onConnection;
  }

  /** The application TLS chose, made at the connection's first event; every event goes there. */
  @Override
  protected ConnectionHandler delegate(QuicConnection quic) {
    if (chosen != null) {
      return chosen;
    }
    if (quic.applicationProtocol().filter(HTTP3::equals).isPresent()) {
      chosen =
          WebTransportQuicHandler.server(
              quic,
              peerName,
              webTransport,
              session -> onConnection.accept(new LiveConnection(session, loop)));
    } else {
      QuicTransportConnection transport = new QuicTransportConnection(quic, peerName);
      transport.whenReady(() -> onConnection.accept(new LiveConnection(transport, loop)));
      chosen = transport;
    }
    return chosen;
  }
}
