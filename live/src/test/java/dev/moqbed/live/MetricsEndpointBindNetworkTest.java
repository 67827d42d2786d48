package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.util.Collections;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The metrics endpoint has no authentication: loopback unless told otherwise. */
@Tag("network")
class MetricsEndpointBindNetworkTest {
  @Test
  void shouldListenOnLoopbackOnlyByDefault() throws Exception {
    try (RelayMetrics metrics = new RelayMetrics();
        MetricsEndpoint endpoint = MetricsEndpoint.start(0, metrics)) {
      assertEquals("127.0.0.1:" + endpoint.port(), endpoint.listening());
      assertTrue(connects(InetAddress.getLoopbackAddress(), endpoint.port()));
      Optional<InetAddress> outside = nonLoopbackAddress();
      if (outside.isPresent()) {
        assertTrue(
            !connects(outside.get(), endpoint.port()),
            "reachable on " + outside.get() + ": not bound to loopback");
      }
    }
  }

  @Test
  void shouldListenWhereToldAndRefuseNames() throws Exception {
    try (RelayMetrics metrics = new RelayMetrics();
        MetricsEndpoint endpoint = MetricsEndpoint.start("0.0.0.0", 0, metrics)) {
      assertEquals("0.0.0.0:" + endpoint.port(), endpoint.listening());
      Optional<InetAddress> outside = nonLoopbackAddress();
      if (outside.isPresent()) {
        assertTrue(connects(outside.get(), endpoint.port()), "not reachable on " + outside.get());
      }
    }
    try (RelayMetrics metrics = new RelayMetrics()) {
      IllegalArgumentException error =
          assertThrows(
              IllegalArgumentException.class,
              () -> MetricsEndpoint.start("metrics.example", 0, metrics));
      assertTrue(error.getMessage().startsWith("--metrics-bind must be an IP address"));
    }
  }

  private static boolean connects(InetAddress address, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, port), 1_000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** An IPv4 address of this host that is not loopback, if it has one. */
  private static Optional<InetAddress> nonLoopbackAddress() throws IOException {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!nic.isUp() || nic.isLoopback()) {
        continue;
      }
      for (InetAddress address : Collections.list(nic.getInetAddresses())) {
        if (address instanceof Inet4Address) {
          return Optional.of(address);
        }
      }
    }
    return Optional.empty();
  }
}
