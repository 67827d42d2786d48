package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ServerTlsContext;
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
 * quiche's client (Netty's codec, {@link QuicClient}, a 20-byte first Destination Connection ID)
 * against the project's server (real TLS 1.3, {@link UdpEndpoint}): the same exchange as {@link
 * QuicheServerInteropNetworkTest}, directly and through a forwarder that drops and reorders.
 */
@Tag("network")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class QuicheClientInteropNetworkTest {
  private static final String ALPN = QuicheServerInteropNetworkTest.ALPN;
  private static final long WAIT_SECONDS = 20;

  /**
   * With {@code retry}, the server answers quiche's first Initial with a Retry (RFC 9000 §8.1.2).
   */
  @ParameterizedTest(name = "{0}, {1} % dropped, Retry {2}")
  @CsvSource({"bbr, 0, false", "cubic, 0, true", "c4, 3, true", "newreno, 3, false"})
  void shouldServeQuichesClient(String cc, int loss, boolean retry) throws Exception {
    byte[] request = Loopback.bytes(300_000, 61);
    byte[] upload = Loopback.bytes(120_000, 62);
    byte[] download = Loopback.bytes(200_000, 63);
    CompletableFuture<ProjectPeer> served = new CompletableFuture<>();
    Path certificate = QuicheServerInteropNetworkTest.resource("server-cert.pem");
    ServerTlsContext tls =
        ServerTlsContext.fromPemFiles(
            certificate, QuicheServerInteropNetworkTest.resource("server-key.pem"), List.of(ALPN));
    ConnectionConfig serverConfig =
        Loopback.config(Role.SERVER).toBuilder().maxDatagramFrameSizeBytes(1200).build();
    UdpEndpoint endpoint =
        UdpEndpoint.bind(
            Loopback.ANY_LOOPBACK_PORT,
            EndpointLimits.defaults()
                .withRetryAboveHandshakes(
                    retry
                        ? EndpointLimits.RETRY_ALWAYS
                        : EndpointLimits.DEFAULT_RETRY_ABOVE_HANDSHAKES),
            UdpSecurity.tls(tls, null),
            new UdpServerSetup(
                serverConfig,
                Loopback.controllers(cc),
                accepted -> {
                  ProjectPeer peer =
                      new ProjectPeer(request, upload) {
                        @Override
                        public void onReady(QuicConnection connection, long nowMicros) {
                          super.onReady(connection, nowMicros);
                          start(connection);
                        }
                      };
                  served.complete(peer);
                  return peer;
                }));
    try (LossyForwarder forwarder =
        loss > 0 ? new LossyForwarder(endpoint.localAddress(), 11, loss, 5) : null) {
      InetSocketAddress target = forwarder == null ? endpoint.localAddress() : forwarder.address();
      CompletableFuture<QuichePeer> connected = new CompletableFuture<>();
      try (QuicClient client =
          QuicClient.connect(
              target,
              "localhost",
              QuicSettings.DEFAULT,
              ClientTrust.pinned(ServerCertificate.readCertificate(certificate)),
              ALPN,
              connection -> connected.complete(new QuichePeer(connection, download)))) {
        QuichePeer quiche = connected.get(WAIT_SECONDS, TimeUnit.SECONDS);
        ProjectPeer server = served.get(WAIT_SECONDS, TimeUnit.SECONDS);
        server.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertArrayEquals(request, server.finished(1).get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertArrayEquals(request, quiche.echoed.get(1, TimeUnit.SECONDS));
        assertArrayEquals(upload, quiche.uniStream(3).get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertArrayEquals(download, server.finished(2).get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(QuichePeer.STOP_CODE, server.stopSeen.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(QuichePeer.RESET_CODE, server.resetSeen.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(ProjectPeer.RESET_CODE, quiche.resetSeen.get(WAIT_SECONDS, TimeUnit.SECONDS));
        if (loss == 0) {
          QuicheServerInteropNetworkTest.awaitDatagrams(endpoint, server, 3);
          assertEquals(3, quiche.datagrams.size());
        }
        assertNull(server.error);
        assertEquals(0, endpoint.stats().internalErrors());
        UdpEndpointStats stats = endpoint.stats();
        if (retry) {
          // quiche checked the Retry's tag and answered with the token; the server then checked
          // quiche's original_destination_connection_id and retry_source_connection_id (quiche
          // verifies both against what it sent and received, RFC 9000 §7.3).
          assertTrue(stats.retriesSent() >= 1, stats.toString());
          assertTrue(stats.retriesValidated() >= 1, stats.toString());
        } else {
          assertEquals(0, stats.retriesSent(), stats.toString());
        }
        assertEquals(1, stats.connectionsAccepted(), stats.toString());

        if (forwarder != null) {
          assertTrue(forwarder.dropped() > 0 && forwarder.reordered() > 0, "the path was lossy");
          forwarder.heal();
        }
        // quiche closes with an application code; the project's server reads it.
        client.scheduler().eventLoop().execute(() -> quiche.connection.close(0x66, "done"));
        assertEquals(0x66L, server.closed.get(WAIT_SECONDS, TimeUnit.SECONDS));
      }
    } finally {
      endpoint.close();
      tls.close();
    }
  }
}
