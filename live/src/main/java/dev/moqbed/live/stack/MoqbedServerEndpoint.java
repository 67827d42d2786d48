package dev.moqbed.live.stack;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.tls.HandshakeRehearsal;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.udp.UdpEndpoint;
import dev.moqbed.transport.udp.UdpSecurity;
import dev.moqbed.transport.udp.UdpServerSetup;
import dev.moqbed.webtransport.session.WebTransportConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/**
 * A relay's socket on the project's QUIC stack: TLS 1.3 with the relay's certificate, each accepted
 * connection a MoQT transport handed to the relay once the handshake is confirmed: over raw QUIC,
 * or (when WebTransport is on) over a WebTransport session once its CONNECT is answered; TLS picks
 * by ALPN ({@link AlpnDispatch}).
 */
final class MoqbedServerEndpoint implements ServerEndpoint {
  private final UdpEndpoint endpoint;
  private final ServerTlsContext tls;

  private MoqbedServerEndpoint(UdpEndpoint endpoint, ServerTlsContext tls) {
    this.endpoint = endpoint;
    this.tls = tls;
  }

  static MoqbedServerEndpoint start(
      InetSocketAddress address,
      ConnectionConfig config,
      ControllerFactory controllers,
      ServerCertificate certificate,
      String alpn,
      Consumer<LiveConnection> onConnection,
      PacketTaps taps,
      EndpointLimits limits,
      WebTransportConfig webTransport)
      throws IOException {
    List<String> protocols =
        webTransport == null ? List.of(alpn) : List.of(alpn, AlpnDispatch.HTTP3);
    ServerTlsContext tls =
        ServerTlsContext.fromPemFiles(
            certificate.certificateFile(), certificate.keyFile(), protocols);
    // Before the socket opens: the first real client then meets a server whose TLS code is loaded.
    HandshakeRehearsal.run(tls, alpn, controllers);
    UdpEndpoint[] bound = new UdpEndpoint[1];
    UdpServerSetup setup =
        new UdpServerSetup(
            config,
            controllers,
            accepted -> {
              AlpnDispatch dispatch =
                  new AlpnDispatch(
                      LiveStack.peerName(accepted.remoteAddress()),
                      webTransport,
                      bound[0].scheduler(),
                      onConnection);
              accepted.connection().setHandler(dispatch);
              return dispatch;
            },
            taps);
    try {
      bound[0] = UdpEndpoint.bind(address, limits, UdpSecurity.tls(tls, null), setup);
    } catch (IOException e) {
      tls.close();
      throw new IOException(
          "cannot listen on " + address + ": " + QuicServer.bindFailure(e.getCause()), e);
    }
    return new MoqbedServerEndpoint(bound[0], tls);
  }

  @Override
  public InetSocketAddress localAddress() {
    return endpoint.localAddress();
  }

  @Override
  public EventLoopScheduler scheduler() {
    return endpoint.scheduler();
  }

  @Override
  public String socketLayer() {
    return endpoint.socketKind();
  }

  @Override
  public void close() {
    try {
      endpoint.close();
    } finally {
      tls.close();
    }
  }
}
