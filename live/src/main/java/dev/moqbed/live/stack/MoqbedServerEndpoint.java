package dev.moqbed.live.stack;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.session.QuicTransportConnection;
import dev.moqbed.transport.tls.HandshakeRehearsal;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.udp.UdpEndpoint;
import dev.moqbed.transport.udp.UdpSecurity;
import dev.moqbed.transport.udp.UdpServerSetup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/**
 * A relay's socket on the project's QUIC stack: TLS 1.3 with the relay's certificate, each accepted
 * connection a MoQT transport handed to the relay once the handshake is confirmed.
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
      EndpointLimits limits)
      throws IOException {
    ServerTlsContext tls =
        ServerTlsContext.fromPemFiles(
            certificate.certificateFile(), certificate.keyFile(), List.of(alpn));
    // Before the socket opens: the first real client then meets a server whose TLS code is loaded.
    HandshakeRehearsal.run(tls, alpn, controllers);
    UdpEndpoint[] bound = new UdpEndpoint[1];
    UdpServerSetup setup =
        new UdpServerSetup(
            config,
            controllers,
            accepted -> {
              QuicTransportConnection transport =
                  new QuicTransportConnection(
                      accepted.connection(), LiveStack.peerName(accepted.remoteAddress()));
              transport.whenReady(
                  () -> onConnection.accept(new LiveConnection(transport, bound[0].scheduler())));
              return transport;
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
