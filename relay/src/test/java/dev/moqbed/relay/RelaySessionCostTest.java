package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sessions that finish the MoQT setup and then only keep the connection alive must not hold the
 * relay full: at most {@code --max-sessions-per-address} per peer address, and a session that holds
 * no namespace and no subscription is closed after {@code --idle-session-timeout}.
 */
class RelaySessionCostTest {
  private static final MemoryLink LINK = MemoryLink.ofDelay(1_000);

  /** A client that sets up and then does only what the test tells it. */
  private static final class BareClient implements MoqtSessionListener {
    final List<ControlMessage> heard = new ArrayList<>();
    MoqtSession session;
    SessionClose close;

    @Override
    public void onReady(MoqtSession session) {
      this.session = session;
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      heard.add(message);
    }

    @Override
    public void onClosed(MoqtSession session, SessionClose close) {
      this.close = close;
    }

    long subscribe(String namespace, String track) {
      long requestId = session.nextRequestId();
      session.send(
          new Subscribe(
              requestId,
              TrackNamespace.of(namespace),
              ByteString.utf8(track),
              128,
              GroupOrder.ASCENDING,
              true,
              SubscribeFilter.nextGroupStart(),
              KeyValuePairs.NONE));
      return requestId;
    }
  }

  /** A bare client from {@code address} (every connection of one name shares the address). */
  private static BareClient connect(VirtualChain chain, String address) {
    BareClient client = new BareClient();
    MemoryTransport.Pair pair = MemoryTransport.pair(chain.scheduler, LINK, LINK, address);
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession.client(pair.client(), client, VirtualChain.VERSION);
    return client;
  }

  private static void runFor(VirtualChain chain, long micros) {
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + micros);
  }

  @Test
  void shouldCapTheSessionsOfOneAddressSoANewcomerIsServedWhileSixtyKeepAlive() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain =
        new VirtualChain(
            RelayConfig.builder().maxSessions(50).maxSessionsPerAddress(10).build(), observer);
    // The measured attack: 60 sessions from one address that set up and then hold on.
    List<BareClient> attackers = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      attackers.add(connect(chain, "203.0.113.9"));
      runFor(chain, 10_000);
    }
    runFor(chain, 100_000);
    List<BareClient> refused = attackers.stream().filter(a -> a.close != null).toList();
    assertEquals(50, refused.size());
    assertEquals(10, chain.relay.sessionCount());
    SessionClose close = refused.get(0).close;
    assertEquals(SessionError.TOO_MANY_REQUESTS.code(), close.code());
    assertTrue(close.byPeer());
    assertEquals(
        "too many sessions from 203.0.113.9/client: at most 10 per address"
            + " (--max-sessions-per-address)",
        close.reason());
    assertEquals(50, observer.refusedSessions.size());

    BareClient newcomer = connect(chain, "198.51.100.7");
    runFor(chain, 100_000);
    assertNull(newcomer.close, "another address is served");
    assertNotNull(newcomer.session);
    assertEquals(11, chain.relay.sessionCount());

    // One of the address's sessions leaves: the address may set up one more, and only one.
    attackers.get(0).session.close(SessionError.NO_ERROR, "leaving");
    runFor(chain, 100_000);
    BareClient again = connect(chain, "203.0.113.9");
    BareClient oneTooMany = connect(chain, "203.0.113.9");
    runFor(chain, 100_000);
    assertNull(again.close);
    assertEquals(SessionError.TOO_MANY_REQUESTS.code(), oneTooMany.close.code());
  }

  @Test
  void shouldAllowAHundredSessionsPerAddressByDefault() {
    assertEquals(100, RelayConfig.DEFAULT.maxSessionsPerAddress());
    VirtualChain chain = new VirtualChain();
    List<BareClient> office = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      office.add(connect(chain, "192.0.2.1"));
      runFor(chain, 10_000);
    }
    runFor(chain, 100_000);
    assertEquals(100, office.stream().filter(c -> c.close == null).count());
    assertEquals(SessionError.TOO_MANY_REQUESTS.code(), office.get(100).close.code());
  }

  @Test
  void shouldCloseASessionThatHoldsNothingAfterTheIdleTimeoutEvenIfItKeepsAsking() {
    VirtualChain chain = new VirtualChain();
    BareClient idle = connect(chain, "203.0.113.9");
    BareClient asking = connect(chain, "203.0.113.10");
    runFor(chain, 100_000);
    long setUp = chain.scheduler.nowMicros();
    // A SUBSCRIBE for a track nobody publishes, every 5 s: refused at once, it holds nothing.
    for (int i = 0; i < 5; i++) {
      asking.subscribe("nobody", "a1");
      runFor(chain, 5_000_000);
    }
    chain.scheduler.runUntil(setUp + 29_800_000);
    assertNull(idle.close, "open within the timeout");
    assertNull(asking.close);
    assertInstanceOf(SubscribeError.class, asking.heard.get(0));
    chain.scheduler.runUntil(setUp + 30_200_000);
    assertNotNull(idle.close, "closed after 30 s holding nothing");
    assertEquals(SessionError.NO_ERROR.code(), idle.close.code());
    assertEquals(
        "idle: no namespace and no subscription for 30 s (--idle-session-timeout)",
        idle.close.reason());
    assertNotNull(asking.close, "refused requests do not count as holding something");
    assertEquals(0, chain.relay.sessionCount());
    assertTrue(
        chain.log.contains(
            "relay: session from 203.0.113.9/client closed: idle: no namespace and no subscription"
                + " for 30 s (--idle-session-timeout)"),
        chain.log.toString());
  }

  @Test
  void shouldRestartTheIdleClockWhenTheLastSubscriptionEnds() {
    VirtualChain chain = new VirtualChain();
    // The publisher holds its namespace, with no media for a minute: it is never idle.
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, LINK);
    BareClient viewer = connect(chain, "192.0.2.7");
    runFor(chain, 100_000);
    long request = viewer.subscribe("live", "a1");
    runFor(chain, 100_000);
    assertInstanceOf(SubscribeOk.class, viewer.heard.get(0));
    runFor(chain, 40_000_000);
    assertNull(viewer.close, "a subscription holds the session");

    viewer.session.send(new Unsubscribe(request));
    runFor(chain, 10_000);
    long unsubscribed = chain.scheduler.nowMicros();
    chain.scheduler.runUntil(unsubscribed + 29_800_000);
    assertNull(viewer.close, "the clock restarted when the subscription ended");
    chain.scheduler.runUntil(unsubscribed + 30_200_000);
    assertNotNull(viewer.close);
    assertTrue(viewer.close.reason().startsWith("idle:"), viewer.close.reason());
    assertTrue(chain.relay.sessionCount() == 1 && !chain.publisherClosed, "the publisher stays");
  }

  @Test
  void shouldKeepIdleSessionsWhenTheTimeoutIsZero() {
    VirtualChain chain =
        new VirtualChain(RelayConfig.builder().idleSessionTimeoutMicros(0).build());
    BareClient idle = connect(chain, "203.0.113.9");
    runFor(chain, 120_000_000);
    assertNull(idle.close);
    assertEquals(1, chain.relay.sessionCount());
  }
}
