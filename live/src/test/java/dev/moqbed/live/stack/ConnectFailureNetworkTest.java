package dev.moqbed.live.stack;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.node.RelayNode;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client on the project's stack says why it cannot connect: no answer (nothing listens), or a
 * refusal (the relay's certificate is not trusted), which trying again cannot change.
 */
@Tag("network")
class ConnectFailureNetworkTest {
  private static final LiveStack STACK = LiveStack.of(LiveTransport.MOQBED, "c4");

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void nothingListeningIsNoAnswer() throws Exception {
    InetSocketAddress silent;
    try (DatagramSocket socket =
        new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      silent = (InetSocketAddress) socket.getLocalSocketAddress(); // bound: datagrams vanish
      IOException failure =
          assertThrows(
              IOException.class,
              () ->
                  STACK.connect(
                      silent, "localhost", ClientTrust.insecure(), "moq-00", c -> {}, null));
      assertTrue(failure.getMessage().contains("no answer"), failure.getMessage());
      assertFalse(LiveStack.isRefusal(failure), "a relay still starting may answer later");
    }
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void anUntrustedCertificateIsARefusalWithAHint(@TempDir Path directory) throws Exception {
    try (RelayNode relay =
        RelayNode.start(
            new RelayNode.Config(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                STACK,
                ServerCertificate.selfSigned(directory),
                ServerAdmission.DEFAULT,
                RelayConfig.DEFAULT,
                RelayObserver.NONE,
                line -> {}),
            List.of())) {
      IOException failure =
          assertThrows(
              IOException.class,
              () ->
                  STACK.connect(
                      relay.address(), "localhost", ClientTrust.system(), "moq-00", c -> {}, null));
      assertTrue(failure.getMessage().contains("--relay-cert FILE"), failure.getMessage());
      assertTrue(failure.getMessage().contains("--insecure"), failure.getMessage());
      assertTrue(LiveStack.isRefusal(failure), "retrying cannot make the certificate trusted");
    }
  }
}
