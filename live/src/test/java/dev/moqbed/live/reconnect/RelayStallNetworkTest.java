package dev.moqbed.live.reconnect;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerEndpoint;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import dev.moqbed.relay.auth.TokenScope;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.SessionClose;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A relay on the project's stack stalls for 3 s (its loop busy: nothing read, the datagrams wait in
 * its socket), longer than the clients' 2 s liveness timeout. Both reconnect while the relay still
 * holds their old sessions; the publisher takes its namespace back (by its token, or once the old
 * session is silent past --namespace-takeover-after) and the subscriber hears audio again. Before
 * the takeover the relay refused the namespace to the new session until the old one timed out (10
 * s), and the broadcast was over.
 */
@Tag("network")
class RelayStallNetworkTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  private static final long STALL_MILLIS = 3_000;
  private static final TokenKey KEY = TokenKey.parse("cmVsYXktc3RhbGwtdGVzdC1rZXktcmVsYXktc3RhbGw");

  /**
   * With a key, the reconnected publisher presents the token its old session published with: the
   * relay hands it the namespace at once.
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aBroadcastWithATokenResumesWithinTwoSecondsOfARelayStall() throws Exception {
    long afterMillis = resumeAfterStall(true);
    assertTrue(afterMillis < 2_000, afterMillis + " ms");
  }

  /**
   * Without a key, the old session must first be silent for --namespace-takeover-after (1 s): the
   * datagrams it sent before the stall are read when the stall ends and count as heard, so the
   * takeover comes about 1 s after it, then the publisher's next retry (measured 1.84–1.85 s on the
   * development host; bounded here at 2.5 s for a loaded CI host).
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void anOpenBroadcastResumesSoonAfterARelayStall() throws Exception {
    long afterMillis = resumeAfterStall(false);
    assertTrue(afterMillis < 2_500, afterMillis + " ms");
  }

  /** Runs a broadcast, stalls the relay, and returns how soon after the stall audio came back. */
  private static long resumeAfterStall(boolean withToken) throws Exception {
    LiveStack stack = LiveStack.of(LiveTransport.MOQBED, "c4");
    ServerCertificate certificate =
        ServerCertificate.selfSigned(Files.createTempDirectory("moqbed-test-"));
    List<String> log = new CopyOnWriteArrayList<>();
    RelayConfig config =
        withToken ? RelayConfig.builder().authKey(KEY).build() : RelayConfig.DEFAULT;
    Relay[] relay = new Relay[1]; // made on the server's loop at the first connection
    ServerEndpoint server =
        stack.listen(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            certificate,
            VERSION.alpn(),
            connection -> {
              if (relay[0] == null) {
                relay[0] =
                    new Relay(connection.scheduler(), config, line -> log.add("relay: " + line));
              }
              relay[0].serve(connection.transport(), VERSION);
            });
    RelayConnector.Target target =
        new RelayConnector.Target(
            server.localAddress(),
            "localhost",
            stack,
            ClientTrust.pinned(certificate.certificate()),
            VERSION,
            withToken ? token() : AuthorizationToken.NONE);
    List<FrameRecord> audio = new CopyOnWriteArrayList<>();
    RelayConnector publisherLink =
        RelayConnector.open(target, 2_000_000, policy(1), line -> log.add("publisher: " + line));
    RelayConnector subscriberLink =
        RelayConnector.open(target, 2_000_000, policy(2), line -> log.add("subscriber: " + line));
    try {
      Publisher publisher = publisher(publisherLink, log);
      publisherLink.start(publisher, publisher::stop);
      Subscriber subscriber = subscriber(subscriberLink, audio, log);
      subscriberLink.start(subscriber, subscriber::stop);
      waitFor(() -> audio.size() > 50, "audio before the stall");

      EventLoopScheduler loop = server.scheduler();
      loop.execute(RelayStallNetworkTest::stall);
      Thread.sleep(STALL_MILLIS);
      long stallEndMicros = EventLoopScheduler.wallClockMicros();
      waitFor(
          () -> audio.stream().anyMatch(frame -> frame.arrivalMicros() > stallEndMicros + 100_000),
          "audio after the stall: " + log);
      long resumedMicros =
          audio.stream()
              .mapToLong(FrameRecord::arrivalMicros)
              .filter(arrival -> arrival > stallEndMicros + 100_000)
              .min()
              .getAsLong();
      long afterMillis = (resumedMicros - stallEndMicros) / 1000;
      System.out.println(
          "relay stall ("
              + (withToken ? "token" : "open")
              + "): audio again "
              + afterMillis
              + " ms after it ended");
      assertTrue(
          log.stream().anyMatch(line -> line.startsWith("publisher lost the relay")),
          "the publisher noticed the stall: " + log);
      assertTrue(subscriber.reconnects() >= 1, "the subscriber reconnected: " + log);
      return afterMillis;
    } finally {
      publisherLink.close();
      subscriberLink.close();
      server.close();
    }
  }

  /** One token for both roles, in CLIENT_SETUP, as the commands send theirs. */
  private static AuthorizationToken token() {
    return AuthorizationToken.of(
        SignedTokens.issue(
            new TokenGrant(
                List.of(
                    TokenScope.of(TokenRole.PUBLISH, "live"),
                    TokenScope.of(TokenRole.SUBSCRIBE, "live")),
                Instant.now().getEpochSecond() + 600),
            KEY));
  }

  private static void stall() {
    try {
      Thread.sleep(STALL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Publisher publisher(RelayConnector link, List<String> log) {
    Publisher publisher =
        new Publisher(
            link.scheduler(),
            new PublisherConfig(
                "live", MediaSpec.parse("=a1:d50:p2:S:n750:80;"), 15_000_000, true, 500_000),
            new PublisherEvents() {
              @Override
              public void onDisconnected(String peer, SessionClose close) {
                log.add("publisher lost the relay: " + close.describe());
                link.reconnect(close.describe());
              }
            });
    publisher.continueAcrossSessions();
    return publisher;
  }

  private static Subscriber subscriber(
      RelayConnector link, List<FrameRecord> audio, List<String> log) {
    Subscriber subscriber =
        new Subscriber(
            link.scheduler(),
            new SubscriberConfig("live", List.of("a1"), 0, Set.of(), 0, 2_000_000),
            new SubscriberEvents() {
              @Override
              public void onFrame(FrameRecord frame) {
                audio.add(frame);
              }

              @Override
              public void onDisconnected(String reason) {
                log.add("subscriber lost the relay: " + reason);
                link.reconnect(reason);
              }
            });
    subscriber.continueAcrossSessions();
    return subscriber;
  }

  private static ReconnectPolicy policy(long seed) {
    return new ReconnectPolicy(10, 250_000, 4_000_000, new Random(seed));
  }

  private static void waitFor(java.util.concurrent.Callable<Boolean> condition, String what)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!condition.call()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(20);
    }
  }
}
