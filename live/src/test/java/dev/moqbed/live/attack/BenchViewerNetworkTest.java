package dev.moqbed.live.attack;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.LiveChain;
import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.node.PublisherNode;
import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bench's viewer is measured only once it is set up. A viewer whose SUBSCRIBEs reached the
 * relay before the publisher's namespace was refused and ended, and the bench used to report 0 % of
 * audio in every phase (a CI run at load 12); now its start fails with the relay's refusal, and a
 * viewer that heard nothing by the end of a quiet phase fails the bench.
 */
@Tag("network")
class BenchViewerNetworkTest {
  private static final LiveStack STACK = LiveStack.of(LiveTransport.MOQBED, "c4");

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aViewerAheadOfThePublishersNamespaceFailsItsStartWithTheRefusal() throws Exception {
    ServerCertificate certificate = LiveChain.sharedCertificate();
    MediaSpec media = LiveSupport.media(null, null);
    try (RelayNode relay = relay(certificate)) {
      IOException refused =
          assertThrows(
              IOException.class,
              () ->
                  BenchViewer.start(relay.address(), options(), trust(certificate), tracks(media)));
      assertTrue(
          refused
              .getMessage()
              .startsWith("the bench's viewer was not set up: the relay refused 3 of 3"),
          refused.getMessage());
      assertTrue(
          refused.getMessage().contains("a1 (no publisher for namespace"), refused.getMessage());
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aQuietPhaseWithNoAudioSinceTheViewersStartFailsTheBench() throws Exception {
    ServerCertificate certificate = LiveChain.sharedCertificate();
    MediaSpec media = LiveSupport.media(null, null);
    try (RelayNode relay = relay(certificate);
        PublisherNode publisher =
            PublisherNode.start(
                new PublisherNode.Config(
                    relay.address(),
                    STACK,
                    trust(certificate),
                    new PublisherConfig("live", media, 10_000_000, false, 500_000),
                    object -> {},
                    line -> {}))) {
      publisher.awaitAnnounced(10);
      try (BenchViewer viewer =
          BenchViewer.start(relay.address(), options(), trust(certificate), tracks(media))) {
        // accepted, but no media yet: nothing heard
        IOException silent =
            assertThrows(IOException.class, () -> viewer.checkHeard("pings: quiet phase"));
        assertTrue(
            silent
                .getMessage()
                .startsWith(
                    "viewer never received audio in the quiet phase: pings: quiet phase ended"),
            silent.getMessage());
        publisher.startMedia();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (viewer.audio().frames() == 0 && System.nanoTime() < deadline) {
          Thread.sleep(50);
        }
        viewer.checkHeard("pings: quiet phase");
      }
    }
  }

  private static RelayNode relay(ServerCertificate certificate) throws Exception {
    return RelayNode.start(
        new RelayNode.Config(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            STACK,
            certificate,
            ServerAdmission.DEFAULT,
            RelayConfig.DEFAULT,
            RelayObserver.NONE,
            line -> {}),
        List.of());
  }

  private static AttackBench.Options options() throws Exception {
    return new AttackBench.Options(
        List.of("pings"),
        0,
        2_000_000,
        0,
        0,
        InetAddress.getByName("127.0.0.3"),
        RelayConfig.DEFAULT,
        List.of(),
        STACK,
        line -> {},
        line -> {});
  }

  private static ClientTrust trust(ServerCertificate certificate) {
    return ClientTrust.pinned(certificate.certificate());
  }

  private static List<String> tracks(MediaSpec media) {
    return media.flows().stream().map(flow -> flow.id()).toList();
  }
}
