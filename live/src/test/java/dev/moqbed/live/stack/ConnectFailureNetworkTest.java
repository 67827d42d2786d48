package dev.moqbed.live.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.node.RelayNode;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
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
 * A client on either stack says why it cannot connect, and sorts the failure the same way: no
 * answer (nothing listens), or a refusal (the relay's certificate is not trusted), which trying
 * again cannot change.
 */
@Tag("network")
class ConnectFailureNetworkTest {
  private static final LiveStack STACK = LiveStack.of(LiveTransport.MOQBED, "c4");

  /** Both stacks a client may use: each must sort its failures the same way. */
  private static final List<LiveStack> STACKS =
      List.of(STACK, LiveStack.of(LiveTransport.QUICHE, "quiche:cubic"));

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void nothingListeningIsNoAnswer() throws Exception {
    InetSocketAddress silent;
    try (DatagramSocket socket =
        new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      silent = (InetSocketAddress) socket.getLocalSocketAddress(); // bound: datagrams vanish
      for (LiveStack stack : STACKS) {
        ConnectFailure failure =
            assertThrows(
                ConnectFailure.class,
                () ->
                    stack
                        .withIdleTimeout(1_000_000)
                        .connect(
                            silent, "localhost", ClientTrust.insecure(), "moq-00", c -> {}, null));
        assertEquals(ConnectFailure.Kind.NO_ANSWER, failure.kind(), failure.getMessage());
        assertTrue(failure.getMessage().contains("no answer"), failure.getMessage());
        assertTrue(
            failure.getMessage().startsWith("cannot connect to 127.0.0.1:" + silent.getPort()),
            failure.getMessage());
        assertFalse(failure.isRefusal(), "a relay still starting may answer later");
      }
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
      for (LiveStack stack : STACKS) {
        ConnectFailure failure =
            assertThrows(
                ConnectFailure.class,
                () ->
                    stack.connect(
                        relay.address(),
                        "localhost",
                        ClientTrust.system(),
                        "moq-00",
                        c -> {},
                        null));
        assertEquals(
            ConnectFailure.Kind.UNTRUSTED_CERTIFICATE, failure.kind(), failure.getMessage());
        assertTrue(failure.getMessage().contains("--relay-cert FILE"), failure.getMessage());
        assertTrue(failure.getMessage().contains("--insecure"), failure.getMessage());
        assertTrue(failure.isRefusal(), "retrying cannot make the certificate trusted");
      }
    }
  }
}
