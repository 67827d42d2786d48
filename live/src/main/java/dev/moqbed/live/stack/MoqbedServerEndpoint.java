package dev.moqbed.live.stack;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.tls.HandshakeRehearsal;
import dev.moqbed.transport.tls.PemFiles;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.udp.UdpEndpoint;
import dev.moqbed.transport.udp.UdpEndpointGroup;
import dev.moqbed.transport.udp.UdpSecurity;
import dev.moqbed.transport.udp.UdpServerSetup;
import dev.moqbed.webtransport.session.WebTransportConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * A relay's socket on the project's QUIC stack: TLS 1.3 with the relay's certificate, each accepted
 * connection a MoQT transport handed to the relay once the handshake is confirmed: over raw QUIC,
 * or (when WebTransport is on) over a WebTransport session once its CONNECT is answered; TLS picks
 * by ALPN ({@link AlpnDispatch}).
 */
final class MoqbedServerEndpoint implements ServerEndpoint {
  // One socket and loop per loop asked for: the first is `endpoint`, all of them `endpoints`.
  private final UdpEndpoint endpoint;
  private final List<UdpEndpoint> endpoints;
  private final AutoCloseable sockets;
  private final ServerTlsContext tls;

  private MoqbedServerEndpoint(
      List<UdpEndpoint> endpoints, AutoCloseable sockets, ServerTlsContext tls) {
    this.endpoint = endpoints.get(0);
    this.endpoints = endpoints;
    this.sockets = sockets;
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
      WebTransportConfig webTransport,
      int loops)
      throws IOException {
    List<String> protocols =
        webTransport == null ? List.of(alpn) : List.of(alpn, AlpnDispatch.HTTP3);
    ServerTlsContext tls =
        ServerTlsContext.fromPemFiles(
            certificate.certificateFile(), certificate.keyFile(), protocols);
    // Before the socket opens: the first real client then meets a server whose TLS code is loaded.
    HandshakeRehearsal.run(tls, alpn, controllers);
    IntFunction<UdpServerSetup> setups =
        index ->
            new UdpServerSetup(
                config,
                controllers,
                accepted -> {
                  AlpnDispatch dispatch =
                      new AlpnDispatch(
                          LiveStack.peerName(accepted.remoteAddress()),
                          webTransport,
                          accepted.scheduler(),
                          onConnection);
                  accepted.connection().setHandler(dispatch);
                  return dispatch;
                },
                taps);
    try {
      if (loops == 1) {
        UdpEndpoint bound =
            UdpEndpoint.bind(address, limits, UdpSecurity.tls(tls, null), setups.apply(0));
        return new MoqbedServerEndpoint(List.of(bound), bound, tls);
      }
      UdpEndpointGroup group =
          UdpEndpointGroup.bind(address, loops, limits, UdpSecurity.tls(tls, null), setups);
      return new MoqbedServerEndpoint(group.endpoints(), group, tls);
    } catch (IOException e) {
      tls.close();
      throw new IOException(
          "cannot listen on " + address + ": " + QuicServer.bindFailure(e.getCause()), e);
    } catch (RuntimeException e) {
      tls.close();
      throw e;
    }
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
  public List<EventLoopScheduler> loops() {
    List<EventLoopScheduler> loops = new ArrayList<>(endpoints.size());
    for (UdpEndpoint each : endpoints) {
      loops.add(each.scheduler());
    }
    return loops;
  }

  /** Its sockets' endpoints, one per loop (for {@link ServerDatagrams}). */
  List<UdpEndpoint> udpEndpoints() {
    return endpoints;
  }

  @Override
  public String socketLayer() {
    return endpoint.socketKind();
  }

  @Override
  public boolean replaceCertificate(ServerCertificate certificate) {
    tls.replaceIdentity(
        PemFiles.readCertificates(certificate.certificateFile()),
        PemFiles.readPrivateKey(certificate.keyFile()));
    return true;
  }

  @Override
  public void close() {
    try {
      sockets.close();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    } finally {
      tls.close();
    }
  }
}
