package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.KeepAlive;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.ReceiveBudget;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A publisher that lost its connection (a relay stall longer than the clients' 2 s liveness
 * timeout, or an outage on its path) comes back while the relay still holds its old session: the
 * new session takes the namespace over, the old one is closed, and the relay's subscribers receive
 * again from the new session, in virtual time. On the previous code the namespace stayed with the
 * dead session (until QUIC's idle timeout) and the subscribers received nothing.
 */
class NamespaceTakeoverTest {
  private static final MemoryLink LINK = MemoryLink.ofDelay(1_000);
  private static final TokenKey KEY = TokenKey.parse("cmVsYXkta2V5LXJlbGF5LWtleS1yZWxheS1rZXk");

  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final List<String> log = new ArrayList<>();
  private final List<FrameRecord> frames = new ArrayList<>();
  private int announcements;
  private int publisherLosses;
  private Relay relay;

  /**
   * Passes a session's events to a role until {@link #lose}: from then on the role has lost the
   * session (as when its liveness timeout fires) and the relay hears nothing more from it, nor does
   * the role hear the relay: the relay's end stays open, as a relay's does until its idle timeout.
   */
  private static final class Losable implements MoqtSessionListener {
    private final MoqtSessionListener role;
    private MoqtSession session;
    private KeepAlive keepAlive;
    private boolean lost;

    Losable(MoqtSessionListener role) {
      this.role = role;
    }

    void lose() {
      lost = true;
      keepAlive.stop();
      role.onClosed(session, new SessionClose(0, "idle timeout (liveness)", true, false));
    }

    @Override
    public void onReady(MoqtSession session) {
      this.session = session;
      if (!lost) {
        role.onReady(session);
      }
    }

    @Override
    public void onClosed(MoqtSession session, SessionClose close) {
      if (!lost) {
        role.onClosed(session, close);
      }
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      if (!lost) {
        role.onControlMessage(session, message);
      }
    }

    @Override
    public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
      if (!lost) {
        role.onSubgroupStarted(session, reader);
      }
    }

    @Override
    public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
      if (!lost) {
        role.onObject(session, reader, object);
      }
    }

    @Override
    public void onSubgroupEnded(
        MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
      if (!lost) {
        role.onSubgroupEnded(session, reader, reset, errorCode);
      }
    }

    @Override
    public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
      if (!lost) {
        role.onDatagram(session, datagram);
      }
    }

    @Override
    public void onSubgroupCredit(MoqtSession session) {
      if (!lost) {
        role.onSubgroupCredit(session);
      }
    }
  }

  private Publisher publisher() {
    Publisher publisher =
        new Publisher(
            scheduler,
            new PublisherConfig(
                "live", MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX), 20_000_000, true, 500_000),
            new PublisherEvents() {
              @Override
              public void onAnnounced() {
                announcements++;
              }

              @Override
              public void onDisconnected(String peer, SessionClose close) {
                publisherLosses++;
              }

              @Override
              public void onLog(String line) {
                log.add("publisher: " + line);
              }
            },
            AuthorizationToken.NONE);
    publisher.continueAcrossSessions();
    return publisher;
  }

  private Subscriber subscriber() {
    Subscriber subscriber =
        new Subscriber(
            scheduler,
            new SubscriberConfig("live", VirtualChain.TRACKS, 0, Set.of(), 0, 2_000_000),
            new SubscriberEvents() {
              @Override
              public void onFrame(FrameRecord frame) {
                frames.add(frame);
              }

              @Override
              public void onLog(String line) {
                log.add("subscriber: " + line);
              }
            });
    subscriber.continueAcrossSessions();
    return subscriber;
  }

  /**
   * A session of {@code role} to the relay, its CLIENT_SETUP carrying {@code token}, kept alive as
   * the project's clients keep theirs.
   */
  private Losable connect(MoqtSessionListener role, String name, AuthorizationToken token) {
    Losable losable = new Losable(role);
    MemoryTransport.Pair pair = MemoryTransport.pair(scheduler, LINK, LINK, name);
    relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession session =
        MoqtSession.client(
            pair.client(),
            losable,
            VirtualChain.VERSION,
            token.parameters(),
            MoqtLimits.DEFAULT,
            ReceiveBudget.UNLIMITED);
    // As the project's clients do (RelayConnector): a quarter of their 2 s liveness timeout.
    losable.keepAlive = KeepAlive.start(scheduler, session, 500_000);
    return losable;
  }

  private long lastArrivalMicros() {
    return frames.isEmpty() ? -1 : frames.get(frames.size() - 1).arrivalMicros();
  }

  /** The first frame that arrived at or after {@code micros}, -1 if none. */
  private long firstArrivalFrom(long micros) {
    for (FrameRecord frame : frames) {
      if (frame.arrivalMicros() >= micros) {
        return frame.arrivalMicros();
      }
    }
    return -1;
  }

  @Test
  void aSubscriberKeepsReceivingWithoutResubscribingWhenItsPublisherComesBack() {
    relay = new Relay(scheduler, RelayConfig.DEFAULT, line -> log.add("relay: " + line));
    Publisher publisher = publisher();
    Losable oldPublisher = connect(publisher, "publisher", AuthorizationToken.NONE);
    scheduler.runWhile(() -> announcements == 0, 1_000_000);
    Subscriber subscriber = subscriber();
    connect(subscriber, "subscriber", AuthorizationToken.NONE);
    scheduler.runUntil(3_000_000);
    int before = frames.size();
    assertTrue(before > 50, "frames before the outage: " + before);

    // The publisher's path fails; it notices after its 2 s liveness timeout and reconnects.
    oldPublisher.lose();
    scheduler.runUntil(5_000_000);
    long silentSince = lastArrivalMicros();
    connect(publisher, "publisher-2", AuthorizationToken.NONE);
    long back = scheduler.nowMicros();
    scheduler.runUntil(back + 2_000_000);

    assertEquals(2, announcements, log.toString());
    long resumed = firstArrivalFrom(back);
    assertTrue(resumed > 0 && resumed - back <= 2_000_000, "resumed at " + resumed + " " + log);
    assertTrue(silentSince < back, "nothing arrived while the publisher was away");
    assertEquals(0, subscriber.reconnects(), "the subscriber's session and subscription held");
    assertTrue(
        frames.stream().anyMatch(f -> f.track().equals("vlow") && f.arrivalMicros() > back),
        "video resumes at the new session's next group");
    assertTrue(
        log.stream()
            .anyMatch(
                line ->
                    line.startsWith("relay: publisher-2/client takes [\"live\"] over from")
                        && line.contains("nothing received from the holder for")),
        log.toString());
    assertEquals(2, relay.sessionCount(), "the old publisher session was closed");
    assertFalse(subscriber.isFinished());
  }

  @Test
  void aPublisherThatComesBackOnAnotherLoopTakesTheNamespaceOverFromItsOldLoop() {
    RelayGroup group =
        RelayGroup.create(
            List.of(scheduler, scheduler),
            RelayConfig.DEFAULT,
            line -> log.add("relay: " + line),
            RelayObserver.NONE);
    relay = group.relay(0);
    Publisher publisher = publisher();
    Losable oldPublisher = connect(publisher, "publisher", AuthorizationToken.NONE);
    scheduler.runWhile(() -> announcements == 0, 1_000_000);
    Subscriber subscriber = subscriber();
    connect(subscriber, "subscriber", AuthorizationToken.NONE);
    scheduler.runUntil(3_000_000);
    assertTrue(frames.size() > 50, "frames before the outage: " + frames.size());

    oldPublisher.lose();
    scheduler.runUntil(5_000_000);
    // The new connection lands on the other loop (another source port, another socket).
    relay = group.relay(1);
    connect(publisher, "publisher-2", AuthorizationToken.NONE);
    long back = scheduler.nowMicros();
    scheduler.runUntil(back + 2_000_000);

    assertEquals(2, announcements, log.toString());
    long resumed = firstArrivalFrom(back);
    assertTrue(resumed > 0 && resumed - back <= 2_000_000, "resumed at " + resumed + " " + log);
    assertEquals(0, subscriber.reconnects(), "the subscriber's session and subscription held");
    assertTrue(
        log.stream()
            .anyMatch(
                line ->
                    line.startsWith("relay: loop 1 takes [\"live\"] over from loop 0")
                        && line.contains("nothing received from the holder for")),
        log.toString());
    assertEquals(1, group.relay(0).sessionCount(), "the old publisher session was closed");
    assertEquals(3, group.relay(1).trackCount(), "the new loop feeds the old loop's subscriber");
  }

  @Test
  void aPublisherAndItsSubscriberReceiveAgainWithinTwoSecondsOfARelayStall() {
    relay = new Relay(scheduler, RelayConfig.DEFAULT, line -> log.add("relay: " + line));
    Publisher publisher = publisher();
    Losable oldPublisher = connect(publisher, "publisher", AuthorizationToken.NONE);
    scheduler.runWhile(() -> announcements == 0, 1_000_000);
    Subscriber subscriber = subscriber();
    Losable oldSubscriber = connect(subscriber, "subscriber", AuthorizationToken.NONE);
    scheduler.runUntil(3_000_000);

    // The relay stalls from 3 s to 6 s. Both clients give up at 5 s (their 2 s liveness timeout);
    // what they sent until then reaches the relay at the latest then. Their reconnects succeed
    // once the relay runs again, at 6 s; the relay still holds both old sessions.
    scheduler.runUntil(5_000_000);
    oldPublisher.lose();
    oldSubscriber.lose();
    scheduler.runUntil(6_000_000);
    long stallEnd = scheduler.nowMicros();
    connect(subscriber, "subscriber-2", AuthorizationToken.NONE);
    connect(publisher, "publisher-2", AuthorizationToken.NONE);
    scheduler.runUntil(stallEnd + 2_000_000);

    long resumed = firstArrivalFrom(stallEnd);
    assertTrue(
        resumed > 0 && resumed - stallEnd <= 2_000_000, "resumed at " + resumed + ": " + log);
    assertEquals(1, subscriber.reconnects());
    assertEquals(1, publisherLosses);
    assertEquals(2, announcements, log.toString());
  }

  @Test
  void theHoldersTokenTakesTheNamespaceAtOnceAndAnotherTokenDoesNot() {
    relay =
        new Relay(
            scheduler,
            RelayConfig.builder().authKey(KEY).build(),
            line -> log.add("relay: " + line));
    AuthorizationToken token = publishToken(3_600);
    Publisher publisher = publisher();
    Losable oldPublisher = connect(publisher, "publisher", token);
    scheduler.runWhile(() -> announcements == 0, 1_000_000);
    scheduler.runUntil(2_000_000);

    // Another valid publish token for the namespace, while the holder is live: refused.
    Publisher rival = publisher();
    connect(rival, "rival", publishToken(3_599));
    scheduler.runUntil(2_100_000);
    assertEquals(1, announcements);
    assertTrue(
        log.contains(
            "publisher: namespace refused: namespace already published by another"
                + " session; asking again in 250 ms"),
        log.toString());
    rival.stop("test over");

    // The holder's connection is lost and its publisher is back 100 ms later: far within the
    // silence deadline, but with the very token the namespace was published with.
    oldPublisher.lose();
    scheduler.runUntil(2_200_000);
    connect(publisher, "publisher-2", token);
    scheduler.runUntil(2_300_000);
    assertEquals(2, announcements, log.toString());
    assertTrue(
        log.stream()
            .anyMatch(line -> line.matches("relay: publisher-2/client takes .* the same token")),
        log.toString());
  }

  private static AuthorizationToken publishToken(long expirySeconds) {
    return AuthorizationToken.of(
        SignedTokens.issue(TokenGrant.of(TokenRole.PUBLISH, "live", expirySeconds), KEY));
  }

  @Test
  void aLiveHolderKeepsItsNamespace() {
    relay = new Relay(scheduler, RelayConfig.DEFAULT, line -> log.add("relay: " + line));
    connect(publisher(), "publisher", AuthorizationToken.NONE);
    scheduler.runWhile(() -> announcements == 0, 1_000_000);
    Publisher rival = publisher();
    connect(rival, "rival", AuthorizationToken.NONE);
    // Nobody subscribes, so the holder sends no media, only its keep-alives: the rival asks for 8 s
    // and is refused each time.
    scheduler.runUntil(9_000_000);
    assertEquals(1, announcements);
    assertTrue(
        log.stream().filter(line -> line.contains("asking again")).count() >= 5, log.toString());
    assertNotNull(relay);
  }
}
