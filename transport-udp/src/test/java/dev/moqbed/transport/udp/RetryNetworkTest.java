package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.crypto.RetryIntegrity;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import dev.moqbed.transport.wire.ConnectionId;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that validates addresses with Retry (RFC 9000 §8.1.2) before it holds anything for a
 * client: the project's client follows the Retry and the connection carries data as without one,
 * and Initials from a peer that never answers the Retry (a spoofed address) leave no connection.
 */
@Tag("network")
@Timeout(value = 40, unit = TimeUnit.SECONDS)
class RetryNetworkTest {
  private static final List<String> ALPN = List.of("moqbed-test");
  private static final long WAIT_SECONDS = 15;

  @Test
  void shouldCompleteTheHandshakeThroughARetryAndCarryAStream() throws Exception {
    Path certificate = resource("server-cert.pem");
    byte[] request = Loopback.bytes(200_000, 31);
    List<RecordingHandler> servers = new ArrayList<>();
    RecordingHandler client = new Requester(request);
    try (ServerTlsContext tls =
            ServerTlsContext.fromPemFiles(certificate, resource("server-key.pem"), ALPN);
        Loopback loopback =
            new Loopback(
                UdpSecurity.tls(tls, null),
                UdpSecurity.tls(
                    null,
                    ClientTlsConfig.of("localhost", ALPN, ServerTrust.certificatesIn(certificate))),
                EndpointLimits.defaults().withRetryAboveHandshakes(EndpointLimits.RETRY_ALWAYS),
                Loopback.config(Role.SERVER),
                "c4",
                accepted -> {
                  RecordingHandler server = new UdpEndpointNetworkTest.EchoServer(new byte[0]);
                  servers.add(server);
                  return server;
                })) {
      loopback.connect(loopback.server.localAddress(), Loopback.config(Role.CLIENT), "c4", client);

      client.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertArrayEquals(request, client.finished(0).get(WAIT_SECONDS, TimeUnit.SECONDS), "echo");
      assertNull(client.error);
      UdpEndpointStats stats = loopback.server.stats();
      assertEquals(1, stats.retriesSent(), stats.toString());
      assertEquals(1, stats.retriesValidated(), stats.toString());
      assertEquals(1, stats.connectionsAccepted(), "no connection for the first Initial");
      assertEquals(0, stats.internalErrors());
    }
  }

  @Test
  void shouldAnswerInitialsFromAnAddressThatNeverReturnsTheTokenWithRetriesOnly() throws Exception {
    Path certificate = resource("server-cert.pem");
    try (ServerTlsContext tls =
            ServerTlsContext.fromPemFiles(certificate, resource("server-key.pem"), ALPN);
        UdpEndpoint server =
            UdpEndpoint.bind(
                Loopback.ANY_LOOPBACK_PORT,
                EndpointLimits.defaults().withRetryAboveHandshakes(EndpointLimits.RETRY_ALWAYS),
                UdpSecurity.tls(tls, null),
                new UdpServerSetup(
                    Loopback.config(Role.SERVER),
                    Loopback.controllers("c4"),
                    accepted -> new RecordingHandler()));
        DatagramSocket spoofer = new DatagramSocket(Loopback.ANY_LOOPBACK_PORT)) {
      spoofer.setSoTimeout(5_000);
      InetSocketAddress target = server.localAddress();
      ConnectionId original = id(1, 2, 3, 4, 5, 6, 7, 8);
      int initials = 20;
      for (int i = 0; i < initials; i++) {
        byte[] initial = initialWithoutToken(original);
        spoofer.send(new DatagramPacket(initial, initial.length, target));
      }
      // Each is answered with a Retry whose tag verifies against the Initial's id, to the client's
      // own Source Connection ID: small packets (no amplification), no connection.
      for (int i = 0; i < initials; i++) {
        byte[] buffer = new byte[1500];
        DatagramPacket answer = new DatagramPacket(buffer, buffer.length);
        spoofer.receive(answer);
        assertEquals(0xf0, buffer[0] & 0xf0, "a Retry: long header, type 3");
        assertTrue(answer.getLength() < 100, "a Retry of " + answer.getLength() + " bytes");
        assertTrue(
            RetryIntegrity.verify(original, ByteBuffer.wrap(buffer), 0, answer.getLength()),
            "Retry integrity tag");
      }
      UdpEndpointStats stats = server.stats();
      assertEquals(initials, stats.retriesSent(), stats.toString());
      assertEquals(0, stats.connectionsAccepted(), stats.toString());
      assertEquals(0, stats.connections(), stats.toString());

      // A token the server never issued, while Retry is required: dropped, still no connection.
      byte[] forged = initialWithToken(original, new byte[40]);
      spoofer.send(new DatagramPacket(forged, forged.length, target));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (server.stats().invalidRetryTokens() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(1, server.stats().invalidRetryTokens(), server.stats().toString());
      assertEquals(0, server.stats().connections());
    }
  }

  /** A client Initial's shape, 1,200 bytes, as the server sees it before decrypting anything. */
  private static byte[] initialWithoutToken(ConnectionId destination) {
    return initialWithToken(destination, new byte[0]);
  }

  private static byte[] initialWithToken(ConnectionId destination, byte[] token) {
    ByteBuffer initial = ByteBuffer.allocate(1200);
    initial.put((byte) 0xc3).putInt(1); // long header, Initial, 4-byte packet number; version 1
    initial.put((byte) destination.length());
    destination.writeTo(initial);
    initial.put((byte) 8).putLong(0x1122334455667788L); // the client's Source Connection ID
    initial.put((byte) token.length).put(token); // a one-byte varint: tokens under 64 bytes
    initial.put((byte) 0x44).put((byte) 0x00); // Length (2-byte varint), then protected bytes
    return initial.array();
  }

  private static Path resource(String name) throws Exception {
    return Path.of(RetryNetworkTest.class.getResource("/tls/" + name).toURI());
  }

  private static ConnectionId id(int... bytes) {
    byte[] id = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      id[i] = (byte) bytes[i];
    }
    return ConnectionId.of(id);
  }
}
