package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceError;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.ReceiveBudget;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.SubscriberReport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A relay with {@code --auth-key}: PUBLISH_NAMESPACE and SUBSCRIBE need a token of their role for
 * their namespace, so a squatter cannot take a namespace and strangers cannot subscribe.
 */
class RelayAuthorizationTest {
  private static final TokenKey KEY = TokenKey.parse("cmVsYXkta2V5LXJlbGF5LWtleS1yZWxheS1rZXk");
  private static final TokenKey OTHER_KEY = TokenKey.parse("b3RoZXIta2V5LW90aGVyLWtleS1vdGhlci1r");
  // Virtual time starts at 0: a token valid for the first hour.
  private static final long EXPIRY = 3_600;

  @Test
  void shouldRefuseAPublishNamespaceWithoutAValidTokenAndAcceptAGoodOne() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = chainWithKey(observer);

    ControlMessage none = announce(chain, "squatter-1", KeyValuePairs.NONE);
    ControlMessage forged =
        announce(chain, "squatter-2", token(OTHER_KEY, TokenRole.PUBLISH, "live"));
    ControlMessage subscribeRole =
        announce(chain, "squatter-3", token(KEY, TokenRole.SUBSCRIBE, "live"));
    ControlMessage elsewhere =
        announce(chain, "squatter-4", token(KEY, TokenRole.PUBLISH, "other"));

    assertEquals(Draft14Codes.NAMESPACE_UNAUTHORIZED, errorCode(none));
    assertEquals(Draft14Codes.NAMESPACE_UNAUTHORIZED, errorCode(forged));
    assertEquals(Draft14Codes.NAMESPACE_UNAUTHORIZED, errorCode(subscribeRole));
    assertEquals(Draft14Codes.NAMESPACE_UNAUTHORIZED, errorCode(elsewhere));
    // Each squatter's session holds a viewer's token (its CLIENT_SETUP must carry one): a request
    // without its own token is judged by that one, which has no publish role.
    assertEquals(
        List.of(
            "publish_namespace:wrong_role",
            "publish_namespace:bad_signature",
            "publish_namespace:wrong_role",
            "publish_namespace:wrong_namespace"),
        observer.unauthorized);

    assertInstanceOf(
        PublishNamespaceOk.class,
        announce(chain, "publisher-1", token(KEY, TokenRole.PUBLISH, "live")));
  }

  @Test
  void shouldKeepTheNamespaceForTheTokenHolderWhenASquatterComesFirst() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = chainWithKey(observer);
    // The squatter announces first and is refused: the namespace stays free.
    assertEquals(
        Draft14Codes.NAMESPACE_UNAUTHORIZED,
        errorCode(announce(chain, "squatter", KeyValuePairs.NONE)));

    chain.publisherToken = tokenOf(KEY, TokenRole.PUBLISH, "live");
    chain.subscriberToken = tokenOf(KEY, TokenRole.SUBSCRIBE, "live");
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    assertTrue(chain.announced, chain.log.toString());
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, VirtualChain.TRACKS);
    chain.runMedia();

    SubscriberReport report = chain.reports.get(0);
    assertEquals(250, report.track("a1").received(), chain.log.toString());
    assertEquals(150, report.track("vlow").received());
    assertEquals(150, report.track("vmid").received());
    assertEquals(List.of("publish_namespace:wrong_role"), observer.unauthorized);
  }

  @Test
  void shouldRefuseSubscribersWithoutASubscribeTokenWithUnauthorizedAndLogOnceWithoutTheToken() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = chainWithKey(observer);
    AuthorizationToken publishToken = tokenOf(KEY, TokenRole.PUBLISH, "live");
    chain.publisherToken = publishToken;
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));

    chain.subscriberToken = publishToken; // the wrong role
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.subscriberToken = AuthorizationToken.NONE;
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    assertEquals(2, chain.reports.size(), chain.log.toString());
    SubscriberReport wrongRole = chain.reports.get(0);
    assertNotNull(wrongRole.track("a1").refusal());
    assertEquals(0, wrongRole.track("a1").received());
    // Without any token the session is closed at setup, before its SUBSCRIBE.
    SubscriberReport none = chain.reports.get(1);
    assertFalse(none.completed());
    assertEquals(0, none.track("a1").received());
    assertTrue(
        chain.log.contains("subscriber 0: track a1 refused: unauthorized: wrong_role (code 1)"),
        chain.log.toString());
    assertEquals(List.of("subscribe:wrong_role", "client_setup:missing"), observer.unauthorized);
    List<String> relayLines =
        chain.log.stream().filter(line -> line.contains("refused: unauthorized")).toList();
    assertEquals(
        List.of(
            "relay: sub0/client: SUBSCRIBE live/a1 refused: unauthorized (wrong_role)",
            "relay: session from sub1/client refused: unauthorized: no token in CLIENT_SETUP (this"
                + " relay requires one)"),
        relayLines.stream().filter(line -> line.startsWith("relay:")).toList());
    String secret = new String(publishToken.value(), java.nio.charset.StandardCharsets.US_ASCII);
    for (String line : chain.log) {
      assertFalse(line.contains(secret), "a token in the log: " + line);
      assertFalse(line.contains(secret.substring(secret.indexOf('.') + 1)), line);
    }
  }

  @Test
  void shouldCloseASessionWhoseSetupTokenIsBadAndLetAGoodOneServeItsRequests() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = chainWithKey(observer);

    SetupClient forged =
        setupClient(
            chain, "forged", token(OTHER_KEY, TokenRole.PUBLISH, "live"), KeyValuePairs.NONE);
    assertTrue(forged.answers.isEmpty(), forged.answers.toString());
    assertNotNull(forged.close, "the relay closes the session");
    assertEquals(SessionError.UNAUTHORIZED.code(), forged.close.code());
    assertTrue(forged.close.byPeer());

    SetupClient expired =
        setupClient(
            chain,
            "expired",
            AuthorizationToken.of(
                    SignedTokens.issue(TokenGrant.of(TokenRole.PUBLISH, "live", 0), KEY))
                .parameters(),
            KeyValuePairs.NONE);
    assertEquals(SessionError.EXPIRED_AUTH_TOKEN.code(), expired.close.code());

    // One token for the session, none on the request: the setup's grant serves it.
    SetupClient publisher =
        setupClient(chain, "publisher", token(KEY, TokenRole.PUBLISH, "live"), KeyValuePairs.NONE);
    assertNull(publisher.close);
    assertInstanceOf(PublishNamespaceOk.class, publisher.answers.get(0));
    assertEquals(
        List.of("client_setup:bad_signature", "client_setup:expired"), observer.unauthorized);
    assertTrue(
        chain.log.contains(
            "relay: session from forged/client refused: unauthorized: CLIENT_SETUP token"
                + " bad_signature"),
        chain.log.toString());
  }

  @Test
  void shouldCloseASessionWithoutATokenInItsSetupWithUnauthorized() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = chainWithKey(observer);
    // A valid publish token on the request does not make up for a setup without one.
    SetupClient tokenless =
        setupClient(chain, "tokenless", KeyValuePairs.NONE, token(KEY, TokenRole.PUBLISH, "live"));
    assertTrue(tokenless.answers.isEmpty(), tokenless.answers.toString());
    assertNotNull(tokenless.close, "the relay closes the session at setup");
    assertEquals(SessionError.UNAUTHORIZED.code(), tokenless.close.code());
    assertTrue(tokenless.close.byPeer());
    assertEquals(
        "unauthorized: no token in CLIENT_SETUP (this relay requires one)",
        tokenless.close.reason());
    assertEquals(List.of("client_setup:missing"), observer.unauthorized);
    assertEquals(0, chain.relay.sessionCount());

    // An open relay still serves a setup without a token.
    VirtualChain open = new VirtualChain();
    SetupClient served = setupClient(open, "tokenless", KeyValuePairs.NONE, KeyValuePairs.NONE);
    assertNull(served.close);
    assertInstanceOf(PublishNamespaceOk.class, served.answers.get(0));
  }

  @Test
  void shouldServeEveryoneWithoutAKeyAsBefore() {
    VirtualChain chain = new VirtualChain();
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.runMedia();
    assertEquals(250, chain.reports.get(0).track("a1").received());
  }

  private static VirtualChain chainWithKey(RecordingObserver observer) {
    return new VirtualChain(RelayConfig.builder().authKey(KEY).build(), observer);
  }

  private static AuthorizationToken tokenOf(TokenKey key, TokenRole role, String namespace) {
    return AuthorizationToken.of(SignedTokens.issue(TokenGrant.of(role, namespace, EXPIRY), key));
  }

  private static KeyValuePairs token(TokenKey key, TokenRole role, String namespace) {
    return tokenOf(key, role, namespace).parameters();
  }

  private static long errorCode(ControlMessage answer) {
    return assertInstanceOf(PublishNamespaceError.class, answer).errorCode();
  }

  /** What a bare client with a setup token heard: the answers to its announcement, the close. */
  private static final class SetupClient {
    final List<ControlMessage> answers = new ArrayList<>();
    SessionClose close;
  }

  /**
   * A bare client with {@code setupParameters} in its CLIENT_SETUP, announcing {@code live} with
   * {@code requestParameters} once ready.
   */
  private static SetupClient setupClient(
      VirtualChain chain,
      String name,
      KeyValuePairs setupParameters,
      KeyValuePairs requestParameters) {
    SetupClient heard = new SetupClient();
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            chain.scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), name);
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession.client(
        pair.client(),
        new MoqtSessionListener() {
          @Override
          public void onReady(MoqtSession session) {
            session.send(
                new PublishNamespace(
                    session.nextRequestId(), TrackNamespace.of("live"), requestParameters));
          }

          @Override
          public void onControlMessage(MoqtSession session, ControlMessage message) {
            heard.answers.add(message);
          }

          @Override
          public void onClosed(MoqtSession session, SessionClose close) {
            heard.close = close;
          }
        },
        VirtualChain.VERSION,
        setupParameters,
        MoqtLimits.DEFAULT,
        ReceiveBudget.UNLIMITED);
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    return heard;
  }

  /**
   * A bare client announcing {@code live} with {@code parameters}, its CLIENT_SETUP carrying a
   * viewer's token (a subscribe scope for {@code live}: what a stranger who watches can get); the
   * relay's answer.
   */
  private static ControlMessage announce(
      VirtualChain chain, String name, KeyValuePairs parameters) {
    SetupClient heard =
        setupClient(chain, name, token(KEY, TokenRole.SUBSCRIBE, "live"), parameters);
    assertEquals(1, heard.answers.size(), heard.answers.toString());
    return heard.answers.get(0);
  }
}
