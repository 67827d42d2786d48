package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.crypto.StatelessResetKey;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Stateless Reset on loopback (RFC 9000 §10.3): a server endpoint goes away without a word, a new
 * one is bound on its port with no state, and the client's next packet is answered with a reset
 * that ends the client's connection at once, not after its 30 s idle timeout — when the new
 * endpoint has the old one's key. With another key the reset does not match the token the client
 * holds and is ignored.
 */
@Tag("network")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StatelessResetNetworkTest {
  private static final String ALPN = QuicheServerInteropNetworkTest.ALPN;
  private static final long WAIT_SECONDS = 15;

  private static StatelessResetKey key(int seed) {
    return StatelessResetKey.of(Loopback.bytes(StatelessResetKey.LENGTH, seed));
  }

  private static UdpEndpoint server(
      InetSocketAddress address, ServerTlsContext tls, StatelessResetKey key) throws Exception {
    return UdpEndpoint.bind(
        address,
        EndpointLimits.defaults(),
        UdpSecurity.tls(tls, null, key),
        new UdpServerSetup(
            Loopback.config(Role.SERVER), Loopback.controllers("c4"), c -> new RecordingHandler()));
  }

  /**
   * Connects, proves the path with one stream, loses the server, writes again; returns the client.
   */
  private static RecordingHandler clientAfterServerRestart(
      StatelessResetKey firstKey, StatelessResetKey secondKey, UdpEndpoint[] endpoints)
      throws Exception {
    Path certificate = QuicheServerInteropNetworkTest.resource("server-cert.pem");
    ServerTlsContext tls =
        ServerTlsContext.fromPemFiles(
            certificate, QuicheServerInteropNetworkTest.resource("server-key.pem"), List.of(ALPN));
    UdpEndpoint first = server(Loopback.ANY_LOOPBACK_PORT, tls, firstKey);
    InetSocketAddress address = first.localAddress();
    UdpEndpoint client =
        UdpEndpoint.bind(
            Loopback.ANY_LOOPBACK_PORT,
            EndpointLimits.defaults(),
            UdpSecurity.tls(
                null,
                ClientTlsConfig.of(
                    "localhost", List.of(ALPN), ServerTrust.certificatesIn(certificate))),
            null);
    endpoints[0] = client;
    RecordingHandler handler = new RecordingHandler();
    ConnectionConfig config = Loopback.config(Role.CLIENT);
    UdpConnection connection = client.connect(address, config, Loopback.controllers("c4"), handler);
    QuicConnection quic = handler.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);
    byte[] echo = Loopback.bytes(2_000, 3);
    client.call(
        () -> {
          Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), echo);
          return null;
        });
    // The server has the connection (its first 1-RTT packets came): now it goes away silently.
    Thread.sleep(300);
    first.close();
    endpoints[1] = server(address, tls, secondKey);
    client.call(
        () -> {
          Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), echo);
          return null;
        });
    assertTrue(connection.remoteAddress().equals(address));
    return handler;
  }

  @Test
  void aRestartedServerWithTheSameKeyResetsTheClientAtOnce() throws Exception {
    UdpEndpoint[] endpoints = new UdpEndpoint[2];
    try {
      long start = System.nanoTime();
      RecordingHandler client = clientAfterServerRestart(key(1), key(1), endpoints);
      long code = client.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals(QuicConnection.STATELESS_RESET, code);
      assertTrue(millis < 5_000, "closed after " + millis + " ms, the idle timeout is 30 s");
      assertEquals(1, endpoints[0].stats().statelessResetsReceived());
      assertEquals(0, endpoints[0].stats().connections(), "the client freed the connection");
      assertTrue(endpoints[1].stats().statelessResetsSent() >= 1);
      System.out.printf(
          "reset: client closed %d ms after it started (server restarted at ~300 ms),"
              + " resets sent %d%n",
          millis, endpoints[1].stats().statelessResetsSent());
    } finally {
      closeAll(endpoints);
    }
  }

  @Test
  void aResetUnderAnotherKeyIsIgnored() throws Exception {
    UdpEndpoint[] endpoints = new UdpEndpoint[2];
    try {
      RecordingHandler client = clientAfterServerRestart(key(1), key(2), endpoints);
      boolean closed;
      try {
        client.closed.get(1_500, TimeUnit.MILLISECONDS);
        closed = true;
      } catch (TimeoutException expected) {
        closed = false;
      }
      assertFalse(closed, "a reset whose token is not the server's does not end the connection");
      assertTrue(endpoints[1].stats().statelessResetsSent() >= 1, "resets were sent");
      assertEquals(0, endpoints[0].stats().statelessResetsReceived());
      assertTrue(endpoints[0].stats().droppedUnroutable() >= 1, "and dropped");
    } finally {
      closeAll(endpoints);
    }
  }

  private static void closeAll(UdpEndpoint[] endpoints) {
    for (UdpEndpoint endpoint : endpoints) {
      if (endpoint != null) {
        endpoint.close();
      }
    }
  }
}
