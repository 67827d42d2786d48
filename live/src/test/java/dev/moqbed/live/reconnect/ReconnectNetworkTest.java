package dev.moqbed.live.reconnect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerEndpoint;
import dev.moqbed.media.FrameKind;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
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
import dev.moqbed.subscriber.GapRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A relay stopped and started again on the same port under a running publisher and subscriber (both
 * with tokens, the relay with a key): both notice, reconnect with backoff, announce and subscribe
 * again, and the subscriber counts the frames of the gap instead of missing them silently.
 */
@Tag("network")
class ReconnectNetworkTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  private static final TokenKey KEY = TokenKey.parse("cmVjb25uZWN0LXRlc3Qta2V5LXJlY29ubmVjdA");
  private static final long DOWN_MILLIS = 1_000;

  /** Relay and clients on one stack: quiche (Netty's codec), or the project's own with C4. */
  @ParameterizedTest
  @EnumSource(LiveTransport.class)
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldResumeAfterARelayRestartAndCountTheGap(LiveTransport transport) throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    LiveStack stack =
        transport == LiveTransport.QUICHE
            ? LiveStack.quicheDefault()
            : LiveStack.of(LiveTransport.MOQBED, "c4");
    ServerCertificate certificate =
        ServerCertificate.selfSigned(Files.createTempDirectory("moqbed-test-"));
    List<String> log = new CopyOnWriteArrayList<>();
    ServerEndpoint first =
        startRelay(
            stack, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), certificate, log);
    InetSocketAddress address = first.localAddress();
    // In CLIENT_SETUP, as the commands send theirs: one token with both scopes, checked at setup.
    RelayConnector.Target target =
        new RelayConnector.Target(
            address,
            "localhost",
            stack,
            ClientTrust.pinned(certificate.certificate()),
            VERSION,
            AuthorizationToken.of(
                SignedTokens.issue(
                    new TokenGrant(
                        List.of(
                            TokenScope.of(TokenRole.PUBLISH, "live"),
                            TokenScope.of(TokenRole.SUBSCRIBE, "live")),
                        Instant.now().getEpochSecond() + 600),
                    KEY)));
    long expiry = Instant.now().getEpochSecond() + 600;

    // Publisher: 12 s of the draft mix, announced again after the restart.
    CompletableFuture<Void> announced = new CompletableFuture<>();
    CompletableFuture<PublisherReport> published = new CompletableFuture<>();
    RelayConnector publisherLink =
        RelayConnector.open(target, 2_000_000, policy(1), line -> log.add("publisher: " + line));
    Publisher publisher =
        new Publisher(
            publisherLink.scheduler(),
            new PublisherConfig(
                "live", MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX), 12_000_000, true, 500_000),
            new PublisherEvents() {
              @Override
              public void onAnnounced() {
                announced.complete(null);
              }

              @Override
              public void onDisconnected(String peer, SessionClose close) {
                log.add("publisher lost the relay: " + close.describe());
                publisherLink.reconnect(close.describe());
              }

              @Override
              public void onClosed(SessionClose close, PublisherReport report) {
                published.complete(report);
              }
            },
            token(TokenRole.PUBLISH, expiry));
    publisher.continueAcrossSessions();

    List<GapRecord> gaps = new CopyOnWriteArrayList<>();
    List<FrameRecord> frames = new CopyOnWriteArrayList<>();
    CompletableFuture<SubscriberReport> finished = new CompletableFuture<>();
    RelayConnector subscriberLink =
        RelayConnector.open(target, 2_000_000, policy(2), line -> log.add("subscriber: " + line));
    Subscriber subscriber =
        new Subscriber(
            subscriberLink.scheduler(),
            new SubscriberConfig("live", List.of("a1", "vlow", "vmid"), 0, Set.of(), 0, 2_000_000),
            new SubscriberEvents() {
              @Override
              public void onFrame(FrameRecord frame) {
                frames.add(frame);
              }

              @Override
              public void onDisconnected(String reason) {
                log.add("subscriber lost the relay: " + reason);
                subscriberLink.reconnect(reason);
              }

              @Override
              public void onGap(GapRecord gap) {
                gaps.add(gap);
              }

              @Override
              public void onFinished(SubscriberReport report) {
                finished.complete(report);
              }
            },
            token(TokenRole.SUBSCRIBE, expiry));
    subscriber.continueAcrossSessions();

    ServerEndpoint second = null;
    long restartedMicros;
    try {
      publisherLink.start(publisher, publisher::stop);
      announced.get(20, TimeUnit.SECONDS);
      subscriberLink.start(subscriber, subscriber::stop);
      // Every track past its first whole group (30 frames of video), so the gap has a start.
      for (String track : List.of("a1", "vlow", "vmid")) {
        waitFor(
            () -> frames.stream().filter(frame -> frame.track().equals(track)).count() > 40,
            track + " frames before the restart");
      }

      first.close();
      long stoppedMicros = System.currentTimeMillis() * 1000;
      Thread.sleep(DOWN_MILLIS);
      second = startRelay(stack, address, certificate, log);
      restartedMicros = System.currentTimeMillis() * 1000;
      log.add("relay back after " + (restartedMicros - stoppedMicros) / 1000 + " ms");

      SubscriberReport report = finished.get(60, TimeUnit.SECONDS);
      published.get(20, TimeUnit.SECONDS);

      assertEquals(1, subscriber.reconnects(), log.toString());
      assertTrue(report.completed(), "ended by PUBLISH_DONE after the reconnect: " + log);
      assertEquals(3, gaps.size(), "one gap per track: " + gaps + " " + log);
      for (GapRecord gap : gaps) {
        assertTrue(gap.framesLost() > 0, gap.toString());
        // The report counts with the largest group seen over the run; the line at resume with the
        // largest seen until then (the relay may have dropped the end of every earlier group).
        long reported = report.track(gap.track()).framesLostInGaps();
        assertTrue(reported >= gap.framesLost(), reported + " < " + gap);
        assertTrue(gap.resumedGroup() > gap.lastGroup(), gap.toString());
        long resumedAfterRestartMillis = (gap.resumedMicros() - restartedMicros) / 1000;
        log.add(gap.track() + " resumed " + resumedAfterRestartMillis + " ms after the restart");
        assertTrue(resumedAfterRestartMillis < 10_000, "resumed late: " + log);
      }
      // Audio: one frame per group, so every group between the first and the last frame is
      // either received or counted lost (a datagram may also be lost on a loaded host: a few).
      List<FrameRecord> audio =
          frames.stream().filter(frame -> frame.kind() == FrameKind.AUDIO).toList();
      long span = audio.get(audio.size() - 1).groupId() - audio.get(0).groupId() + 1;
      long accounted = report.track("a1").received() + report.track("a1").framesLostInGaps();
      assertTrue(accounted <= span, accounted + " > " + span);
      assertTrue(accounted >= span * 95 / 100, accounted + " of " + span + ": " + gaps);
      // At 50 frames a second, at least the second the relay was down is lost.
      long lostAudio = report.track("a1").framesLostInGaps();
      assertTrue(lostAudio >= DOWN_MILLIS / 20, "a1 lost " + lostAudio);
      assertTrue(
          log.stream().anyMatch(line -> line.startsWith("subscriber: reconnect attempt 1/10")),
          log.toString());
      assertTrue(
          log.stream().anyMatch(line -> line.startsWith("publisher: reconnect attempt")),
          log.toString());
      System.out.println(String.join("\n", log));
      System.out.println(gaps);
    } finally {
      publisherLink.close();
      subscriberLink.close();
      first.close();
      if (second != null) {
        second.close();
      }
    }
  }

  private static ReconnectPolicy policy(long seed) {
    return new ReconnectPolicy(10, 250_000, 4_000_000, new Random(seed));
  }

  private static AuthorizationToken token(TokenRole role, long expiry) {
    return AuthorizationToken.of(SignedTokens.issue(TokenGrant.of(role, "live", expiry), KEY));
  }

  private static ServerEndpoint startRelay(
      LiveStack stack, InetSocketAddress address, ServerCertificate certificate, List<String> log)
      throws Exception {
    // Made on the server's loop at the first connection: the clients are already knocking.
    Relay[] relay = new Relay[1];
    return stack.listen(
        address,
        certificate,
        VERSION.alpn(),
        connection -> {
          if (relay[0] == null) {
            relay[0] =
                new Relay(
                    connection.scheduler(),
                    RelayConfig.builder().authKey(KEY).build(),
                    line -> log.add("relay: " + line));
          }
          relay[0].serve(connection.transport(), VERSION);
        });
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
