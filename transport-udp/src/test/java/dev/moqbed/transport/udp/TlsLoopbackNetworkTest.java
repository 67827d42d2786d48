package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Real QUIC v1 on loopback: TLS 1.3 (agent15), AEAD packet protection, the project's stack. */
@Tag("network")
@Timeout(value = 40, unit = TimeUnit.SECONDS)
class TlsLoopbackNetworkTest {
  private static final List<String> ALPN = List.of("moqbed-test");
  private static final long WAIT_SECONDS = 15;

  private static Path certificate;
  private static Path stranger;
  private static ServerTlsContext serverTls;

  /** The committed test certificates (src/test/resources/tls/README.md): no generation per run. */
  @BeforeAll
  static void loadCertificates() throws Exception {
    certificate = resource("server-cert.pem");
    stranger = resource("stranger-cert.pem");
    serverTls = ServerTlsContext.fromPemFiles(certificate, resource("server-key.pem"), ALPN);
  }

  private static Path resource(String name) throws Exception {
    return Path.of(TlsLoopbackNetworkTest.class.getResource("/tls/" + name).toURI());
  }

  @AfterAll
  static void closeContext() {
    serverTls.close();
  }

  private static Loopback loopback(ServerTrust trust, List<RecordingHandler> servers, byte[] own)
      throws Exception {
    return new Loopback(
        UdpSecurity.tls(serverTls, null),
        UdpSecurity.tls(null, ClientTlsConfig.of("localhost", ALPN, trust)),
        Loopback.config(Role.SERVER),
        "c4",
        accepted -> {
          RecordingHandler server = new UdpEndpointNetworkTest.EchoServer(own);
          servers.add(server);
          return server;
        });
  }

  @Test
  void shouldHandshakeWithTlsAndCarryStreamsBothWays() throws Exception {
    byte[] request = Loopback.bytes(400_000, 21);
    byte[] serverStream = Loopback.bytes(150_000, 22);
    List<RecordingHandler> servers = new ArrayList<>();
    RecordingHandler client = new Requester(request);
    try (Loopback loopback =
        loopback(ServerTrust.certificatesIn(certificate), servers, serverStream)) {
      UdpConnection connection =
          loopback.connect(
              loopback.server.localAddress(), Loopback.config(Role.CLIENT), "c4", client);

      client.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertArrayEquals(request, client.finished(0).get(WAIT_SECONDS, TimeUnit.SECONDS), "echo");
      assertArrayEquals(serverStream, client.finished(3).get(WAIT_SECONDS, TimeUnit.SECONDS));
      RecordingHandler server = loopback.server.call(() -> servers.get(0));
      assertArrayEquals(request, server.finished(0).get(1, TimeUnit.SECONDS), "upload");
      assertNull(client.error);
      assertNull(server.error);
      assertEquals(0, loopback.server.stats().internalErrors());
      assertEquals(0, loopback.client.stats().droppedUndecodable());
      assertEquals(
          1, loopback.server.handshakesOffLoop(), "the ClientHello off the loop, on its thread");

      loopback.client.call(
          () -> {
            connection.connection().close(0x77, true);
            return null;
          });
      assertEquals(0x77L, server.closed.get(WAIT_SECONDS, TimeUnit.SECONDS));
      connection.whenRemoved().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }
  }

  @Test
  void shouldRefuseAServerItDoesNotTrust() throws Exception {
    List<RecordingHandler> servers = new ArrayList<>();
    RecordingHandler client = new RecordingHandler();
    try (Loopback loopback = loopback(ServerTrust.certificatesIn(stranger), servers, new byte[0])) {
      UdpConnection connection =
          loopback.connect(
              loopback.server.localAddress(), Loopback.config(Role.CLIENT), "c4", client);

      client.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertTrue(!client.ready.isDone(), "never ready");
      // The client closes with TLS's alert as a CRYPTO_ERROR (0x100 + alert, RFC 9001 §4.8).
      RecordingHandler server = loopback.server.call(() -> servers.get(0));
      long code = server.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertTrue(code > 0x100 && code < 0x200, "CRYPTO_ERROR: 0x" + Long.toHexString(code));
      connection.whenRemoved().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }
  }
}
