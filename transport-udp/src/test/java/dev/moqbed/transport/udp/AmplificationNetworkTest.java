package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A spoofed source, as the server sees it: one real client Initial reaches the server, and nothing
 * from that address ever follows. Over the probe timeouts of 6 s the server sends that address at
 * most three times the bytes it received (RFC 9000 §8.1), counted on the wire; before the limit it
 * resent its whole TLS flight on every probe timeout.
 */
@Tag("network")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AmplificationNetworkTest {
  private static final List<String> ALPN = List.of("moqbed-test");
  private static final long LISTEN_MILLIS = 6_000;

  @Test
  void aServerSendsASilentAddressAtMostThreeTimesWhatItReceived() throws Exception {
    Path certificate = resource("server-cert.pem");
    try (ServerTlsContext serverTls =
            ServerTlsContext.fromPemFiles(certificate, resource("server-key.pem"), ALPN);
        Loopback loopback =
            new Loopback(
                UdpSecurity.tls(serverTls, null),
                UdpSecurity.tls(
                    null,
                    ClientTlsConfig.of("localhost", ALPN, ServerTrust.certificatesIn(certificate))),
                Loopback.config(Role.SERVER),
                "c4",
                accepted -> new RecordingHandler());
        DatagramSocket proxy = new DatagramSocket(0, loopback.server.localAddress().getAddress())) {
      InetSocketAddress server = loopback.server.localAddress();
      loopback.connect(
          (InetSocketAddress) proxy.getLocalSocketAddress(),
          Loopback.config(Role.CLIENT),
          "c4",
          new RecordingHandler());
      proxy.setSoTimeout(100);
      long toServer = 0;
      long fromServer = 0;
      long datagramsFromServer = 0;
      byte[] buffer = new byte[2048];
      long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LISTEN_MILLIS);
      while (System.nanoTime() < end) {
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        try {
          proxy.receive(packet);
        } catch (SocketTimeoutException e) {
          continue;
        }
        if (packet.getSocketAddress().equals(server)) {
          fromServer += packet.getLength();
          datagramsFromServer++;
        } else if (toServer == 0) { // the client's first Initial, and nothing after it
          toServer = packet.getLength();
          proxy.send(new DatagramPacket(buffer, packet.getLength(), server));
        }
      }
      assertTrue(toServer >= 1200, "the client's Initial: " + toServer + " bytes");
      assertTrue(datagramsFromServer >= 2, "the flight started: " + datagramsFromServer);
      assertTrue(
          fromServer <= 3 * toServer,
          fromServer + " bytes in " + datagramsFromServer + " datagrams for " + toServer);
    }
  }

  private static Path resource(String name) throws Exception {
    return Path.of(AmplificationNetworkTest.class.getResource("/tls/" + name).toURI());
  }
}
