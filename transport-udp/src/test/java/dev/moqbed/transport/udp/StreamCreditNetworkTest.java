package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NettyConnection;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportListener;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Stream counts on the wire (RFC 9000 §4.6): each end allows the other {@link #LIMIT}
 * unidirectional streams at a time and each sends {@link #STREAMS} of them, one after another as
 * MAX_STREAMS frames return the credit of the closed ones: the project's stack on both ends, and
 * against quiche's server and client. Every stream's bytes are compared.
 */
@Tag("network")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StreamCreditNetworkTest {
  private static final String ALPN = QuicheServerInteropNetworkTest.ALPN;
  private static final int LIMIT = 4;
  private static final int STREAMS = 14; // more than 3 x the limit
  private static final long WAIT_SECONDS = 20;

  private static ConnectionConfig config(Role role) {
    return Loopback.config(role).toBuilder().maxStreams(LIMIT, LIMIT).build();
  }

  private static byte[] content(int sender, int index) {
    return Loopback.bytes(4_000 + 100 * index, 1_000L * sender + index);
  }

  private static Path resource(String name) throws Exception {
    return QuicheServerInteropNetworkTest.resource(name);
  }

  /** The project's end: opens its streams as credit allows, records the peer's. */
  private static final class ProjectOpener extends RecordingHandler {
    final int sender;
    final AtomicInteger opened = new AtomicInteger();
    final AtomicInteger blocked = new AtomicInteger();

    ProjectOpener(int sender) {
      this.sender = sender;
    }

    @Override
    public void onReady(QuicConnection connection, long nowMicros) {
      super.onReady(connection, nowMicros);
      open(connection);
    }

    @Override
    public void onStreamCredit(QuicConnection connection, long nowMicros, boolean bidirectional) {
      open(connection);
    }

    private void open(QuicConnection connection) {
      while (opened.get() < STREAMS) {
        if (!connection.canOpenUnidirectionalStream()) {
          blocked.incrementAndGet();
          return;
        }
        Loopback.writeAndFinish(
            connection,
            connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY),
            content(sender, opened.getAndIncrement()));
      }
    }
  }

  /** quiche's end (its event loop): the same, once the project's first stream arrived. */
  private static final class QuicheOpener implements TransportListener {
    final NettyConnection connection;
    final int sender;
    final Map<Long, CompletableFuture<byte[]>> received = new ConcurrentHashMap<>();
    final AtomicInteger blocked = new AtomicInteger();
    private int opened;

    QuicheOpener(NettyConnection connection, int sender) {
      this.connection = connection;
      this.sender = sender;
      connection.setListener(this);
    }

    CompletableFuture<byte[]> stream(long id) {
      return received.computeIfAbsent(id, i -> new CompletableFuture<>());
    }

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      CompletableFuture<byte[]> done = stream(stream.id());
      stream.setListener(
          new ReceiveStreamListener() {
            @Override
            public void onData(ByteBuffer data) {
              byte[] copy = new byte[data.remaining()];
              data.get(copy);
              bytes.write(copy, 0, copy.length);
            }

            @Override
            public void onFinished() {
              done.complete(bytes.toByteArray());
            }

            @Override
            public void onReset(long errorCode) {
              done.completeExceptionally(new IllegalStateException("reset " + errorCode));
            }
          });
      open(); // quiche's credit is known once the peer's first stream came
    }

    @Override
    public void onUnidirectionalStreamCredit() {
      open();
    }

    private void open() {
      while (opened < STREAMS) {
        if (!connection.canOpenUnidirectionalStream()) {
          blocked.incrementAndGet();
          return;
        }
        SendStream stream = connection.openUnidirectionalStream(0);
        stream.write(ByteBuffer.wrap(content(sender, opened++)));
        stream.finish();
      }
    }

    @Override
    public void onBidirectionalStream(dev.moqbed.session.transport.BidirectionalStream stream) {}

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {}
  }

  /** Both ends' streams arrived intact; ids of kind {@code firstId} + 4 i. */
  private static void assertProjectReceived(RecordingHandler handler, int sender, long firstId)
      throws Exception {
    for (int i = 0; i < STREAMS; i++) {
      assertArrayEquals(
          content(sender, i),
          handler.finished(firstId + 4L * i).get(WAIT_SECONDS, TimeUnit.SECONDS),
          "stream " + (firstId + 4L * i));
    }
    assertNull(handler.error);
  }

  private static void assertQuicheReceived(QuicheOpener quiche, int sender, long firstId)
      throws Exception {
    for (int i = 0; i < STREAMS; i++) {
      assertArrayEquals(
          content(sender, i),
          quiche.stream(firstId + 4L * i).get(WAIT_SECONDS, TimeUnit.SECONDS),
          "stream " + (firstId + 4L * i));
    }
  }

  @Test
  void projectToProjectOpensMoreStreamsThanTheCountBothWays() throws Exception {
    ProjectOpener client = new ProjectOpener(1);
    CompletableFuture<ProjectOpener> server = new CompletableFuture<>();
    Path certificate = resource("server-cert.pem");
    ServerTlsContext tls =
        ServerTlsContext.fromPemFiles(certificate, resource("server-key.pem"), List.of(ALPN));
    try (Loopback loopback =
        new Loopback(
            UdpSecurity.tls(tls, null),
            UdpSecurity.tls(
                null,
                ClientTlsConfig.of(
                    "localhost", List.of(ALPN), ServerTrust.certificatesIn(certificate))),
            config(Role.SERVER),
            "c4",
            accepted -> {
              ProjectOpener opener = new ProjectOpener(2);
              server.complete(opener);
              return opener;
            })) {
      loopback.connect(loopback.server.localAddress(), config(Role.CLIENT), "c4", client);
      ProjectOpener serverEnd = server.get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertProjectReceived(serverEnd, 1, 2);
      assertProjectReceived(client, 2, 3);
      assertTrue(client.blocked.get() >= 3, "the client waited for credit");
      assertTrue(serverEnd.blocked.get() >= 3, "the server waited for credit");
      assertEquals(0, loopback.server.stats().internalErrors());
      System.out.printf(
          "moqbed<->moqbed: %d streams each way, count %d; client blocked %d times, server %d%n",
          STREAMS, LIMIT, client.blocked.get(), serverEnd.blocked.get());
    } finally {
      tls.close();
    }
  }

  @Test
  void projectClientAndQuicheServerOpenMoreStreamsThanTheCount() throws Exception {
    CompletableFuture<QuicheOpener> accepted = new CompletableFuture<>();
    ProjectOpener client = new ProjectOpener(3);
    try (QuicServer server =
        QuicServer.start(
            Loopback.ANY_LOOPBACK_PORT,
            QuicSettings.DEFAULT.withMaxIncomingUnidirectionalStreams(LIMIT),
            ServerCertificate.fromFiles(resource("server-cert.pem"), resource("server-key.pem")),
            ALPN,
            connection -> accepted.complete(new QuicheOpener(connection, 4)))) {
      UdpEndpoint endpoint =
          UdpEndpoint.bind(
              Loopback.ANY_LOOPBACK_PORT,
              EndpointLimits.defaults(),
              UdpSecurity.tls(
                  null,
                  ClientTlsConfig.of(
                      "localhost",
                      List.of(ALPN),
                      ServerTrust.certificatesIn(resource("server-cert.pem")))),
              null);
      try {
        endpoint.connect(
            server.localAddress(), config(Role.CLIENT), Loopback.controllers("c4"), client);
        QuicheOpener quiche = accepted.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertQuicheReceived(quiche, 3, 2);
        assertProjectReceived(client, 4, 3);
        assertTrue(client.blocked.get() >= 3, "the project's client waited for quiche's credit");
        assertTrue(quiche.blocked.get() >= 3, "quiche waited for the project's credit");
        assertEquals(0, endpoint.stats().internalErrors());
        System.out.printf(
            "moqbed client, quiche server: blocked %d and %d times%n",
            client.blocked.get(), quiche.blocked.get());
      } finally {
        endpoint.close();
      }
    }
  }

  @Test
  void quicheClientAndProjectServerOpenMoreStreamsThanTheCount() throws Exception {
    CompletableFuture<ProjectOpener> served = new CompletableFuture<>();
    Path certificate = resource("server-cert.pem");
    ServerTlsContext tls =
        ServerTlsContext.fromPemFiles(certificate, resource("server-key.pem"), List.of(ALPN));
    UdpEndpoint endpoint =
        UdpEndpoint.bind(
            Loopback.ANY_LOOPBACK_PORT,
            EndpointLimits.defaults(),
            UdpSecurity.tls(tls, null),
            new UdpServerSetup(
                config(Role.SERVER),
                Loopback.controllers("c4"),
                accepted -> {
                  ProjectOpener opener = new ProjectOpener(5);
                  served.complete(opener);
                  return opener;
                }));
    CompletableFuture<QuicheOpener> connected = new CompletableFuture<>();
    try (QuicClient client =
        QuicClient.connect(
            endpoint.localAddress(),
            "localhost",
            QuicSettings.DEFAULT.withMaxIncomingUnidirectionalStreams(LIMIT),
            ClientTrust.pinned(ServerCertificate.readCertificate(certificate)),
            ALPN,
            connection -> connected.complete(new QuicheOpener(connection, 6)))) {
      QuicheOpener quiche = connected.get(WAIT_SECONDS, TimeUnit.SECONDS);
      ProjectOpener server = served.get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertQuicheReceived(quiche, 5, 3);
      assertProjectReceived(server, 6, 2);
      assertTrue(server.blocked.get() >= 3, "the project's server waited for quiche's credit");
      assertTrue(quiche.blocked.get() >= 3, "quiche waited for the project's credit");
      assertEquals(0, endpoint.stats().internalErrors());
      System.out.printf(
          "quiche client, moqbed server: blocked %d and %d times%n",
          server.blocked.get(), quiche.blocked.get());
      assertTrue(client.isConnected(), "quiche saw no error");
    } finally {
      endpoint.close();
      tls.close();
    }
  }
}
