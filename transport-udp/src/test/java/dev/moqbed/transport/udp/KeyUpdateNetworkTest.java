package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.crypto.KeyPhases;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Key updates with quiche (RFC 9001 §6), the project's end starting one every {@link #INTERVAL}
 * packets: 1 MB to quiche and echoed back, and 1 MB from quiche, against quiche's server and its
 * client; quiche follows each update (its packets keep opening) and every byte arrives.
 */
@Tag("network")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KeyUpdateNetworkTest {
  private static final String ALPN = QuicheServerInteropNetworkTest.ALPN;
  private static final long INTERVAL = 100;
  private static final long WAIT_SECONDS = 20;

  private static ConnectionConfig config(Role role) {
    return Loopback.config(role).toBuilder().keyUpdateIntervalPackets(INTERVAL).build();
  }

  /** Sends the request on a bidirectional stream once ready (client) or at once (server). */
  private static KeyPhases keyPhases(UdpEndpoint endpoint, UdpConnection connection) {
    return endpoint.call(() -> connection.routed().codec().keyPhases());
  }

  @Test
  void projectClientUpdatesKeysWithQuichesServer() throws Exception {
    byte[] request = Loopback.bytes(1_000_000, 81);
    byte[] download = Loopback.bytes(1_000_000, 82);
    CompletableFuture<QuichePeer> accepted = new CompletableFuture<>();
    Path certificate = QuicheServerInteropNetworkTest.resource("server-cert.pem");
    Requester client = new Requester(request);
    try (QuicServer server =
        QuicServer.start(
            Loopback.ANY_LOOPBACK_PORT,
            QuicSettings.DEFAULT,
            ServerCertificate.fromFiles(
                certificate, QuicheServerInteropNetworkTest.resource("server-key.pem")),
            ALPN,
            connection -> accepted.complete(new QuichePeer(connection, download)))) {
      UdpEndpoint endpoint =
          UdpEndpoint.bind(
              Loopback.ANY_LOOPBACK_PORT,
              EndpointLimits.defaults(),
              UdpSecurity.tls(
                  null,
                  ClientTlsConfig.of(
                      "localhost", List.of(ALPN), ServerTrust.certificatesIn(certificate))),
              null);
      try {
        UdpConnection connection =
            endpoint.connect(
                server.localAddress(), config(Role.CLIENT), Loopback.controllers("c4"), client);
        assertArrayEquals(request, client.finished(0).get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertArrayEquals(download, client.finished(3).get(WAIT_SECONDS, TimeUnit.SECONDS));
        QuichePeer quiche = accepted.get(1, TimeUnit.SECONDS);
        assertArrayEquals(request, quiche.echoed.get(1, TimeUnit.SECONDS));
        assertNull(client.error);
        KeyPhases phases = keyPhases(endpoint, connection);
        long initiated = endpoint.call(phases::updatesInitiated);
        System.out.printf(
            "moqbed client -> quiche server: %d key updates started, %d followed, %d failed%n",
            initiated,
            endpoint.call(phases::updatesFollowed),
            endpoint.call(phases::authenticationFailures));
        assertTrue(initiated >= 3, "key updates: " + initiated);
        assertEquals(0L, endpoint.call(phases::authenticationFailures));
      } finally {
        endpoint.close();
      }
    }
  }

  @Test
  void projectServerUpdatesKeysWithQuichesClient() throws Exception {
    byte[] request = Loopback.bytes(1_000_000, 91);
    byte[] download = Loopback.bytes(1_000_000, 92);
    Path certificate = QuicheServerInteropNetworkTest.resource("server-cert.pem");
    ServerTlsContext tls =
        ServerTlsContext.fromPemFiles(
            certificate, QuicheServerInteropNetworkTest.resource("server-key.pem"), List.of(ALPN));
    CompletableFuture<UdpConnection> servedConnection = new CompletableFuture<>();
    Requester server = new Requester(request);
    UdpEndpoint endpoint =
        UdpEndpoint.bind(
            Loopback.ANY_LOOPBACK_PORT,
            EndpointLimits.defaults(),
            UdpSecurity.tls(tls, null),
            new UdpServerSetup(
                config(Role.SERVER),
                Loopback.controllers("c4"),
                accepted -> {
                  servedConnection.complete(accepted);
                  return server;
                }));
    CompletableFuture<QuichePeer> connected = new CompletableFuture<>();
    try (QuicClient client =
        QuicClient.connect(
            endpoint.localAddress(),
            "localhost",
            QuicSettings.DEFAULT,
            ClientTrust.pinned(ServerCertificate.readCertificate(certificate)),
            ALPN,
            connection -> connected.complete(new QuichePeer(connection, download)))) {
      assertArrayEquals(request, server.finished(1).get(WAIT_SECONDS, TimeUnit.SECONDS));
      assertArrayEquals(download, server.finished(2).get(WAIT_SECONDS, TimeUnit.SECONDS));
      assertArrayEquals(
          request, connected.get(1, TimeUnit.SECONDS).echoed.get(1, TimeUnit.SECONDS));
      assertNull(server.error);
      KeyPhases phases = keyPhases(endpoint, servedConnection.get(1, TimeUnit.SECONDS));
      long initiated = endpoint.call(phases::updatesInitiated);
      System.out.printf(
          "quiche client -> moqbed server: %d key updates started, %d followed, %d failed%n",
          initiated,
          endpoint.call(phases::updatesFollowed),
          endpoint.call(phases::authenticationFailures));
      assertTrue(initiated >= 3, "key updates: " + initiated);
      assertEquals(0L, endpoint.call(phases::authenticationFailures));
      assertTrue(client.isConnected());
    } finally {
      endpoint.close();
      tls.close();
    }
  }
}
