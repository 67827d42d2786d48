package dev.moqbed.live.stack;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.session.QuicTransportConnection;
import dev.moqbed.transport.session.WebTransportQuicHandler;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTrust;
import dev.moqbed.transport.udp.UdpConnection;
import dev.moqbed.transport.udp.UdpEndpoint;
import dev.moqbed.transport.udp.UdpSecurity;
import dev.moqbed.webtransport.session.WebTransportConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A client's connection to a relay on the project's QUIC stack: its own UDP socket (on its own loop
 * or a shared one), TLS 1.3 checking the relay's certificate as the quiche path does, and {@code
 * connect} returns once the handshake is done, as {@code QuicClient.connect} does.
 */
final class MoqbedClientEndpoint implements ClientEndpoint {
  private final UdpEndpoint endpoint;
  private final UdpConnection connection;

  /** The socket this client shares with others, or null when the socket is its own. */
  private final SharedClientSocket shared;

  private MoqbedClientEndpoint(
      UdpEndpoint endpoint, UdpConnection connection, SharedClientSocket shared) {
    this.endpoint = endpoint;
    this.connection = connection;
    this.shared = shared;
  }

  static MoqbedClientEndpoint connect(
      InetSocketAddress remote,
      String serverName,
      ConnectionConfig config,
      ControllerFactory controllers,
      ClientTrust trust,
      String alpn,
      Consumer<LiveConnection> onConnected,
      EventLoopScheduler loop,
      long timeoutMicros,
      PacketTaps taps,
      String webTransportPath)
      throws IOException {
    String protocol = webTransportPath == null ? alpn : AlpnDispatch.HTTP3;
    UdpSecurity security = security(serverName, protocol, trust);
    InetSocketAddress anyPort = new InetSocketAddress(0);
    UdpEndpoint endpoint =
        loop == null
            ? UdpEndpoint.bind(anyPort, EndpointLimits.defaults(), security, null)
            : UdpEndpoint.bindOn(loop, anyPort, EndpointLimits.defaults(), security, null);
    Opening opening =
        new Opening(remote, serverName, config, controllers, onConnected, taps, webTransportPath);
    try {
      return new MoqbedClientEndpoint(endpoint, opening.open(endpoint, timeoutMicros), null);
    } catch (IOException | RuntimeException e) {
      endpoint.close();
      throw e;
    }
  }

  /**
   * As {@link #connect}, on a socket other clients to the same relay use too: the connection is
   * told from theirs by its connection ids, and closing this client closes the socket only when it
   * was the socket's last user.
   */
  static MoqbedClientEndpoint connectVia(
      SharedClientSocket socket,
      InetSocketAddress remote,
      ConnectionConfig config,
      ControllerFactory controllers,
      Consumer<LiveConnection> onConnected,
      long timeoutMicros,
      PacketTaps taps)
      throws IOException {
    // Raw QUIC only (no WebTransport): the server's name is the socket's TLS configuration's.
    Opening opening = new Opening(remote, null, config, controllers, onConnected, taps, null);
    socket.acquire();
    try {
      return new MoqbedClientEndpoint(
          socket.endpoint(), opening.open(socket.endpoint(), timeoutMicros), socket);
    } catch (IOException | RuntimeException e) {
      socket.release();
      throw e;
    }
  }

  /** A client's TLS: the relay's name, the one application protocol, the trust asked for. */
  static UdpSecurity security(String serverName, String protocol, ClientTrust trust) {
    return UdpSecurity.tls(
        null, ClientTlsConfig.of(serverName, List.of(protocol), serverTrust(trust)));
  }

  /** What opening a connection needs besides the socket. */
  private record Opening(
      InetSocketAddress remote,
      String serverName,
      ConnectionConfig config,
      ControllerFactory controllers,
      Consumer<LiveConnection> onConnected,
      PacketTaps taps,
      String webTransportPath) {

    /** Opens the connection on {@code endpoint} and waits for its handshake (and session). */
    UdpConnection open(UdpEndpoint endpoint, long timeoutMicros) throws IOException {
      CompletableFuture<Void> handshake = new CompletableFuture<>();
      // Completes when MoQT can start: at the handshake's end, or once the WebTransport session
      // opens.
      CompletableFuture<Void> session = new CompletableFuture<>();
      try {
        // Opened and given its handler in one task on the loop, before any packet can arrive.
        UdpConnection connection =
            endpoint.call(
                () -> {
                  UdpConnection opened =
                      endpoint.connect(
                          remote, config, controllers, new ConnectionHandler() {}, taps);
                  QuicConnection quic = opened.connection();
                  Consumer<TransportConnection> ready =
                      transport ->
                          onConnected.accept(new LiveConnection(transport, endpoint.scheduler()));
                  ConnectionHandler transport =
                      webTransportPath == null
                          ? rawTransport(quic, remote, ready, session)
                          : webTransport(
                              quic, remote, serverName, webTransportPath, ready, session);
                  quic.setHandler(new HandshakeWatch(transport, handshake));
                  return opened;
                });
        long deadlineNanos = System.nanoTime() + timeoutMicros * 1000;
        handshake.get(timeoutMicros, TimeUnit.MICROSECONDS);
        session.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        return connection;
      } catch (TimeoutException | ExecutionException | InterruptedException | RuntimeException e) {
        throw connectFailure(e, remote, timeoutMicros);
      }
    }
  }

  /** Why the connection did not come, as the roles print it. */
  private static IOException connectFailure(
      Exception e, InetSocketAddress remote, long timeoutMicros) {
    if (e instanceof TimeoutException) {
      return ConnectFailure.of(
          ConnectFailure.Kind.NO_ANSWER,
          remote,
          "no answer within "
              + timeoutMicros / 1_000_000
              + " s ("
              + ConnectFailure.NO_ANSWER_HINT
              + ")",
          e);
    }
    if (e instanceof ExecutionException) {
      return ConnectFailure.ofHandshake(remote, e.getCause());
    }
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      return new IOException(
          "interrupted while connecting to " + ConnectFailure.addressText(remote), e);
    }
    return ConnectFailure.of(ConnectFailure.Kind.OTHER, remote, String.valueOf(e.getMessage()), e);
  }

  /**
   * MoQT over a WebTransport session at {@code path}, ready once the relay accepted the session; a
   * refusal fails {@code session}.
   */
  private static ConnectionHandler webTransport(
      QuicConnection quic,
      InetSocketAddress remote,
      String serverName,
      String path,
      Consumer<TransportConnection> ready,
      CompletableFuture<Void> session) {
    return WebTransportQuicHandler.client(
        quic,
        LiveStack.peerName(remote),
        WebTransportConfig.builder().build(),
        new WebTransportQuicHandler.ClientRequest(authority(serverName, remote), path),
        moq -> {
          ready.accept(moq);
          session.complete(null);
        },
        why -> session.completeExceptionally(new ConnectFailure.WebTransportRefused(why)));
  }

  /** MoQT straight over the QUIC connection, ready at the handshake's end. */
  private static ConnectionHandler rawTransport(
      QuicConnection quic,
      InetSocketAddress remote,
      Consumer<TransportConnection> ready,
      CompletableFuture<Void> session) {
    QuicTransportConnection transport =
        new QuicTransportConnection(quic, LiveStack.peerName(remote));
    transport.whenReady(
        () -> {
          ready.accept(transport);
          session.complete(null);
        });
    return transport;
  }

  /** The request's {@code :authority}: the name the client asked for, and the port. */
  private static String authority(String serverName, InetSocketAddress remote) {
    String host = serverName.contains(":") ? "[" + serverName + "]" : serverName;
    return host + ":" + remote.getPort();
  }

  /** The quiche path's trust, for the project's TLS: the same three choices. */
  private static ServerTrust serverTrust(ClientTrust trust) {
    if (trust.isInsecure()) {
      return ServerTrust.insecure();
    }
    if (trust.pinnedCertificate() != null) {
      return ServerTrust.anchors(List.of(trust.pinnedCertificate()));
    }
    return ServerTrust.system();
  }

  @Override
  public EventLoopScheduler scheduler() {
    return endpoint.scheduler();
  }

  @Override
  public int localPort() {
    return endpoint.localAddress().getPort();
  }

  @Override
  public boolean isConnected() {
    return !connection.whenRemoved().isDone();
  }

  @Override
  public void close() {
    if (shared == null) {
      endpoint.close();
      return;
    }
    // The socket stays for its other clients: this connection says goodbye (application code 0,
    // as a MoQT session ends without error) and the endpoint frees it after draining.
    try {
      endpoint.call(
          () -> {
            connection.connection().close(0, true, "client closed");
            return null;
          });
    } catch (IllegalStateException e) {
      // The socket's loop is gone already: nothing left to say goodbye on.
    } finally {
      shared.release();
    }
  }
}
