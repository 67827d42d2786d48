package dev.moqbed.live.stack;

import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/** The quiche stack (Netty's QUIC codec) behind the live endpoint interfaces. */
final class NettyEndpoints {
  private NettyEndpoints() {}

  static ClientEndpoint connect(
      InetSocketAddress remote,
      String serverName,
      QuicSettings settings,
      ClientTrust trust,
      String alpn,
      Consumer<LiveConnection> onConnected,
      EventLoopScheduler loop)
      throws IOException {
    Consumer<dev.moqbed.netty.NettyConnection> adapted =
        connection -> onConnected.accept(new LiveConnection(connection, connection.scheduler()));
    QuicClient client;
    try {
      client =
          loop == null
              ? QuicClient.connect(remote, serverName, settings, trust, alpn, adapted)
              : QuicClient.connect(remote, serverName, settings, trust, alpn, adapted, loop);
    } catch (IOException e) {
      throw ConnectFailure.ofQuiche(remote, e);
    }
    return new ClientEndpoint() {
      @Override
      public EventLoopScheduler scheduler() {
        return client.scheduler();
      }

      @Override
      public int localPort() {
        return client.localPort();
      }

      @Override
      public boolean isConnected() {
        return client.isConnected();
      }

      @Override
      public void close() {
        client.close();
      }
    };
  }

  static ServerEndpoint listen(
      InetSocketAddress address,
      QuicSettings settings,
      ServerCertificate certificate,
      String alpn,
      Consumer<LiveConnection> onConnection)
      throws IOException {
    QuicServer server =
        QuicServer.start(
            address,
            settings,
            certificate,
            alpn,
            connection ->
                onConnection.accept(new LiveConnection(connection, connection.scheduler())));
    return new ServerEndpoint() {
      @Override
      public InetSocketAddress localAddress() {
        return server.localAddress();
      }

      @Override
      public EventLoopScheduler scheduler() {
        return server.scheduler();
      }

      @Override
      public String socketLayer() {
        return QuicServer.socketLayer();
      }

      @Override
      public void close() {
        server.close();
      }
    };
  }
}
