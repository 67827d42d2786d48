package dev.moqbed.live.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.netty.SharedEventLoops;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients of the project's stack sharing one UDP socket ({@link SharedClientSocket}, the fan-out
 * swarm's sockets): each completes its own handshake, the server tells them apart by their ids
 * though they come from one port, each gets only what the server sent on its own connection, and a
 * client that closes leaves the others and the socket working until the last one lets go.
 */
@Tag("network")
class SharedClientSocketNetworkTest {
  private static final String ALPN = "moq-00";

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void clientsOnOneSocketKeepTheirOwnConnections(@TempDir Path directory) throws Exception {
    LiveStack stack = LiveStack.of(LiveTransport.MOQBED, "c4");
    ServerCertificate certificate = ServerCertificate.selfSigned(directory);
    // The server echoes every datagram on the connection it came on.
    Set<TransportConnection> accepted = ConcurrentHashMap.newKeySet();
    try (SharedEventLoops loops = SharedEventLoops.startForUdp(1);
        ServerEndpoint server =
            stack.listen(
                new InetSocketAddress("127.0.0.1", 0),
                certificate,
                ALPN,
                connection -> {
                  accepted.add(connection.transport());
                  connection
                      .transport()
                      .setListener(new DatagramsOnly(connection.transport()::sendDatagram));
                })) {
      InetSocketAddress relay = new InetSocketAddress("127.0.0.1", server.localAddress().getPort());
      SharedClientSocket socket =
          stack.clientSocket(
              "localhost", ClientTrust.pinned(certificate.certificate()), ALPN, loops.next());
      List<ClientEndpoint> clients = new ArrayList<>();
      List<TransportConnection> transports = new ArrayList<>();
      List<BlockingQueue<String>> received = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        BlockingQueue<String> inbox = new LinkedBlockingQueue<>();
        received.add(inbox);
        List<TransportConnection> opened = new ArrayList<>();
        clients.add(
            stack.connectVia(
                socket,
                relay,
                connection -> {
                  connection
                      .transport()
                      .setListener(
                          new DatagramsOnly(
                              bytes -> inbox.add(new String(bytes, StandardCharsets.UTF_8))));
                  opened.add(connection.transport());
                }));
        transports.add(opened.get(0));
      }
      for (ClientEndpoint client : clients) {
        assertEquals(socket.localPort(), client.localPort(), "one socket, one port");
      }
      // The server's side is ready once the client's Finished arrives, after the client's.
      await(() -> accepted.size() >= 3);
      assertEquals(3, accepted.size(), "three connections from one port");
      exchange(clients, transports, received, List.of(0, 1, 2));

      clients.get(0).close();
      // The closed connection drains (three PTOs) before the endpoint frees it.
      await(() -> !clients.get(0).isConnected());
      assertFalse(clients.get(0).isConnected(), "freed after its draining");
      exchange(clients, transports, received, List.of(1, 2));

      socket.close(); // the maker lets go; two clients still hold the socket
      exchange(clients, transports, received, List.of(1, 2));
      clients.get(1).close();
      clients.get(2).close();
      assertThrows(
          IllegalStateException.class,
          () -> stack.connectVia(socket, relay, connection -> {}),
          "the last user closed the socket");
    }
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
  }

  /** Each client in {@code which} sends its name and gets exactly that back, nothing else. */
  private static void exchange(
      List<ClientEndpoint> clients,
      List<TransportConnection> transports,
      List<BlockingQueue<String>> received,
      List<Integer> which)
      throws InterruptedException {
    for (int i : which) {
      assertTrue(clients.get(i).isConnected());
      String name = "client " + i;
      clients
          .get(i)
          .scheduler()
          .execute(() -> transports.get(i).sendDatagram(name.getBytes(StandardCharsets.UTF_8)));
    }
    for (int i : which) {
      assertEquals("client " + i, received.get(i).poll(10, TimeUnit.SECONDS));
    }
    for (BlockingQueue<String> inbox : received) {
      assertTrue(inbox.isEmpty(), "another client's datagram: " + inbox);
    }
  }

  /** A listener that hands each datagram's bytes to {@code onDatagram} and ignores the rest. */
  private record DatagramsOnly(Consumer<byte[]> onDatagram) implements TransportListener {
    @Override
    public void onDatagram(ByteBuffer payload) {
      byte[] bytes = new byte[payload.remaining()];
      payload.get(bytes);
      onDatagram.accept(bytes);
    }

    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {}

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {}
  }
}
