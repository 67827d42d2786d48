package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netty.NettyConnection;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTrust;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The project's client (real TLS 1.3, {@link UdpEndpoint}) against quiche's server (Netty's codec,
 * {@link QuicServer}), which answers the first Initial with a Retry: streams both ways, DATAGRAMs,
 * STOP_SENDING, RESET_STREAM and an application close, directly and through a forwarder that drops
 * and reorders datagrams.
 */
@Tag("network")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class QuicheServerInteropNetworkTest {
  static final String ALPN = "moqbed-test";
  private static final long WAIT_SECONDS = 20;

  static Path resource(String name) throws Exception {
    return Path.of(QuicheServerInteropNetworkTest.class.getResource("/tls/" + name).toURI());
  }

  @ParameterizedTest(name = "{0}, {1} % dropped")
  @CsvSource({"c4, 0", "newreno, 0", "bbr, 3", "cubic, 3"})
  void shouldInteroperateWithQuichesServer(String cc, int loss) throws Exception {
    byte[] request = Loopback.bytes(300_000, 51);
    byte[] upload = Loopback.bytes(120_000, 52);
    byte[] download = Loopback.bytes(200_000, 53);
    CompletableFuture<QuichePeer> accepted = new CompletableFuture<>();
    ProjectPeer client =
        new ProjectPeer(request, upload) {
          @Override
          public void onReady(QuicConnection connection, long nowMicros) {
            super.onReady(connection, nowMicros);
            start(connection);
          }
        };
    try (QuicServer server =
            QuicServer.start(
                Loopback.ANY_LOOPBACK_PORT,
                QuicSettings.DEFAULT,
                ServerCertificate.fromFiles(
                    resource("server-cert.pem"), resource("server-key.pem")),
                ALPN,
                connection -> {
                  try {
                    accepted.complete(started(connection, download));
                  } catch (RuntimeException e) {
                    accepted.completeExceptionally(e);
                  }
                });
        LossyForwarder forwarder =
            loss > 0 ? new LossyForwarder(server.localAddress(), 7, loss, 5) : null) {
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
        InetSocketAddress target = forwarder == null ? server.localAddress() : forwarder.address();
        UdpConnection connection =
            endpoint.connect(
                target, Loopback.config(Role.CLIENT), Loopback.controllers(cc), client);
        client.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);
        QuichePeer quiche = accepted.get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertArrayEquals(request, client.finished(0).get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertArrayEquals(request, quiche.echoed.get(1, TimeUnit.SECONDS));
        assertArrayEquals(upload, quiche.uniStream(2).get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertArrayEquals(download, client.finished(3).get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(QuichePeer.STOP_CODE, client.stopSeen.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(QuichePeer.RESET_CODE, client.resetSeen.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(ProjectPeer.RESET_CODE, quiche.resetSeen.get(WAIT_SECONDS, TimeUnit.SECONDS));
        if (loss == 0) {
          // DATAGRAMs are not retransmitted: only without loss must all three come back.
          awaitDatagrams(endpoint, client, 3);
          assertEquals(3, quiche.datagrams.size());
        }
        assertNull(client.error);
        assertEquals(0, endpoint.stats().internalErrors());

        if (forwarder != null) {
          assertTrue(forwarder.dropped() > 0 && forwarder.reordered() > 0, "the path was lossy");
          forwarder.heal();
        }
        endpoint.call(
            () -> {
              connection.connection().close(0x77, true);
              return null;
            });
        assertEquals(0x77L, quiche.closed.get(WAIT_SECONDS, TimeUnit.SECONDS));
        connection.whenRemoved().get(WAIT_SECONDS, TimeUnit.SECONDS);
      } finally {
        endpoint.close();
      }
    }
  }

  private static QuichePeer started(NettyConnection connection, byte[] download) {
    return new QuichePeer(connection, download);
  }

  static void awaitDatagrams(UdpEndpoint endpoint, RecordingHandler handler, int count)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
    while (endpoint.call(() -> handler.datagrams.size()) < count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("datagrams: " + endpoint.call(() -> handler.datagrams.size()));
      }
      Thread.sleep(20);
    }
  }
}
