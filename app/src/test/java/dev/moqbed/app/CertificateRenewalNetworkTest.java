package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.ConnectFailure;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A relay running past its self-signed certificate's renewal point serves new handshakes with a new
 * certificate (what a page pinning the new hash needs) while the connections open keep theirs; on
 * quiche it says it must restart and leaves the files alone.
 */
@Tag("network")
class CertificateRenewalNetworkTest {
  private static final LiveStack MOQBED = LiveStack.of(LiveTransport.MOQBED, "c4");

  private static RelayNode relay(LiveStack stack, ServerCertificate certificate) throws Exception {
    return RelayNode.start(
        new RelayNode.Config(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            stack,
            certificate,
            ServerAdmission.DEFAULT,
            RelayConfig.DEFAULT,
            RelayObserver.NONE,
            line -> {}),
        List.of());
  }

  /**
   * Connects trusting exactly {@code pinned}. The certificate is taken as it was when the caller
   * read it, not from its file: renewal writes the new certificate over the same file, so reading
   * the old one's file after renewal would pin the new certificate.
   */
  private static ClientEndpoint connect(RelayNode relay, X509Certificate pinned) throws Exception {
    return MOQBED.connect(
        relay.address(), "localhost", ClientTrust.pinned(pinned), "moq-00", connection -> {}, null);
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldServeNewHandshakesWithTheRenewedCertificate(@TempDir Path directory) throws Exception {
    ServerCertificate first = ServerCertificate.selfSigned(directory);
    X509Certificate old = ServerCertificate.readCertificate(first.certificateFile());
    String firstHash = first.sha256Hex();
    List<String> logs = new ArrayList<>();
    try (RelayNode relay = relay(MOQBED, first);
        ClientEndpoint before = connect(relay, old)) {
      CertificateRenewal renewal = new CertificateRenewal(relay, true, first, directory, logs::add);

      assertSame(first, renewal.check(Instant.now()), "13 days left: kept");
      assertEquals(List.of(), logs);

      ServerCertificate renewed = renewal.check(Instant.now().plus(Duration.ofDays(12)));
      assertNotEquals(firstHash, renewed.sha256Hex());
      assertEquals(1, logs.size(), "one line: " + logs);
      assertTrue(logs.get(0).contains("certificate renewed"), logs.toString());
      assertTrue(logs.get(0).contains(renewed.sha256Hex()), logs.toString());
      assertEquals(
          renewed.sha256Hex(),
          ServerCertificate.selfSigned(directory, Instant.now().plus(Duration.ofDays(12)))
              .sha256Hex(),
          "the directory holds the new one, kept for the next start");
      assertTrue(renewed.isHashPinnable(Instant.now().plus(Duration.ofDays(14))));

      X509Certificate inFile = ServerCertificate.readCertificate(first.certificateFile());
      assertEquals(renewed.certificate(), inFile, "renewal wrote over the file the relay named");
      try (ClientEndpoint after = connect(relay, inFile)) {
        assertTrue(after.isConnected(), "a client pinning the new certificate is served");
      }
      ConnectFailure refused = assertThrows(ConnectFailure.class, () -> connect(relay, old));
      assertEquals(ConnectFailure.Kind.UNTRUSTED_CERTIFICATE, refused.kind(), refused.getMessage());
      assertTrue(before.isConnected(), "the connection made before keeps its certificate");
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldAskForARestartOnQuicheAndLeaveTheFiles(@TempDir Path directory) throws Exception {
    ServerCertificate first = ServerCertificate.selfSigned(directory);
    byte[] kept = Files.readAllBytes(first.certificateFile());
    List<String> logs = new ArrayList<>();
    try (RelayNode relay = relay(LiveStack.of(LiveTransport.QUICHE, "quiche:cubic"), first)) {
      CertificateRenewal renewal =
          new CertificateRenewal(relay, false, first, directory, logs::add);
      Instant late = Instant.now().plus(Duration.ofDays(12));
      assertSame(first, renewal.check(late));
      assertSame(first, renewal.check(late.plusSeconds(3600)));
      assertEquals(1, logs.size(), "said once: " + logs);
      assertTrue(logs.get(0).contains("restart the relay"), logs.toString());
      assertTrue(java.util.Arrays.equals(kept, Files.readAllBytes(first.certificateFile())));
    }
  }
}
