package dev.moqbed.live.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.live.reconnect.ReconnectPolicy;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import dev.moqbed.relay.auth.TokenScope;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.subscriber.ForwardingSubscriberEvents;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.GapRecord;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client nodes with a {@link ClientLink}, as the {@code publisher} and {@code subscriber}
 * commands run them: tokens presented, a relay restarted under them survived by reconnecting, and a
 * start that cannot connect leaves no observer open and no thread running.
 */
@Tag("network")
class ClientNodesNetworkTest {
  private static final TokenKey KEY =
      TokenKey.parse("Y2xpZW50LW5vZGVzLXRlc3Qta2V5LWNsaWVudC1ub2Rl");

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void linkedNodesPresentTheirTokenAndResumeAfterARelayRestart(@TempDir Path directory)
      throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    LiveStack stack = LiveStack.of(LiveTransport.MOQBED, "c4");
    ServerCertificate certificate = ServerCertificate.selfSigned(directory);
    List<String> log = new CopyOnWriteArrayList<>();
    RelayNode first = relay(stack, certificate, 0, log);
    InetSocketAddress address = first.address();
    ClientTrust trust = ClientTrust.pinned(certificate.certificate());
    PublisherNode publisher =
        PublisherNode.start(
            new PublisherNode.Config(
                address,
                stack,
                trust,
                new PublisherConfig(
                    "live", MediaSpec.parse("=a1:d50:p2:S:n750:80;"), 8_000_000, true, 500_000),
                List.of(),
                object -> {},
                log::add,
                link(1)));
    List<FrameRecord> frames = new CopyOnWriteArrayList<>();
    List<GapRecord> gaps = new CopyOnWriteArrayList<>();
    RelayNode second = null;
    try {
      publisher.awaitAnnounced(20);
      publisher.startMedia();
      SubscriberNode subscriber =
          SubscriberNode.start(
              new SubscriberNode.Config(
                  address,
                  stack,
                  trust,
                  new SubscriberConfig("live", List.of("a1"), 0, Set.of(), 0, 2_000_000),
                  List.of(gapRecorder(gaps)),
                  frames::add,
                  "subscriber",
                  log::add,
                  link(2)));
      try (subscriber) {
        waitFor(() -> frames.size() > 40, "audio before the restart: " + log);
        first.close();
        Thread.sleep(1_000);
        second = relay(stack, certificate, address.getPort(), log);
        SubscriberReport report = subscriber.finished().get(60, TimeUnit.SECONDS);
        PublisherNode.Closed closed = publisher.closed().get(20, TimeUnit.SECONDS);

        assertTrue(report.completed(), "ended by PUBLISH_DONE after the reconnect: " + log);
        assertEquals(1, subscriber.reconnects(), log.toString());
        assertEquals(1, gaps.size(), "one gap on the one track: " + gaps + " " + log);
        assertTrue(gaps.get(0).framesLost() > 0, gaps.toString());
        assertTrue(closed.close().reason().contains("media finished"), closed.toString());
        assertTrue(
            log.stream().anyMatch(line -> line.startsWith("subscriber: reconnect attempt 1/10")),
            log.toString());
        assertTrue(
            log.stream().anyMatch(line -> line.startsWith("publisher: reconnect attempt")),
            log.toString());
      }
    } finally {
      publisher.close();
      first.close();
      if (second != null) {
        second.close();
      }
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aStartThatCannotConnectClosesItsObserversAndLeavesNoThread() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    try (DatagramSocket silent =
        new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      for (LiveStack stack :
          List.of(LiveStack.of(LiveTransport.MOQBED, "c4"), LiveStack.quicheDefault())) {
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        List<String> observed = new CopyOnWriteArrayList<>();
        SubscriberNode.Observer watching =
            new SubscriberNode.Observer() {
              @Override
              public void open() {
                observed.add("opened");
              }

              @Override
              public void close() {
                observed.add("closed");
              }
            };
        IOException failure =
            assertThrows(
                IOException.class,
                () ->
                    SubscriberNode.start(
                        new SubscriberNode.Config(
                            (InetSocketAddress) silent.getLocalSocketAddress(),
                            stack,
                            ClientTrust.insecure(),
                            new SubscriberConfig("live", List.of("a1"), 0, Set.of(), 0, 2_000_000),
                            List.of(watching),
                            frame -> {},
                            "subscriber",
                            line -> {},
                            new ClientLink("localhost", AuthorizationToken.NONE, 500_000, null))));
        assertTrue(failure.getMessage().contains("no answer"), failure.getMessage());
        assertEquals(List.of("opened", "closed"), observed, stack.describe());
        LeakChecks.assertNoNewThreads(before, stack);
      }
    }
  }

  private static SubscriberNode.Observer gapRecorder(List<GapRecord> gaps) {
    return new SubscriberNode.Observer() {
      @Override
      public SubscriberEvents events(SubscriberEvents delegate) {
        return new ForwardingSubscriberEvents(delegate) {
          @Override
          public void onGap(GapRecord gap) {
            gaps.add(gap);
            super.onGap(gap);
          }
        };
      }
    };
  }

  /** One token for both roles, as the commands present theirs; reconnects with a seeded jitter. */
  private static ClientLink link(long seed) {
    AuthorizationToken token =
        AuthorizationToken.of(
            SignedTokens.issue(
                new TokenGrant(
                    List.of(
                        TokenScope.of(TokenRole.PUBLISH, "live"),
                        TokenScope.of(TokenRole.SUBSCRIBE, "live")),
                    Instant.now().getEpochSecond() + 600),
                KEY));
    return new ClientLink(
        "localhost",
        token,
        2_000_000,
        new ReconnectPolicy(10, 250_000, 4_000_000, new Random(seed)));
  }

  private static RelayNode relay(
      LiveStack stack, ServerCertificate certificate, int port, List<String> log) throws Exception {
    return RelayNode.start(
        new RelayNode.Config(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
            stack,
            certificate,
            ServerAdmission.DEFAULT,
            RelayConfig.builder().authKey(KEY).build(),
            RelayObserver.NONE,
            line -> log.add("relay: " + line)),
        List.of());
  }

  private static void waitFor(java.util.concurrent.Callable<Boolean> condition, String what)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!condition.call()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting: " + what);
      }
      Thread.sleep(20);
    }
  }
}
