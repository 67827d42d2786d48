package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.SubscriberReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A relay in front of another ({@code relay --upstream}): the edge presents its {@code
 * --upstream-token} to an origin that requires tokens, and what the origin sends is held to the
 * edge's own limits, as any publisher's would be.
 */
class RelayUpstreamTest {
  private static final TokenKey KEY = TokenKey.parse("cmVsYXkta2V5LXJlbGF5LWtleS1yZWxheS1rZXk");
  private static final TokenKey OTHER_KEY = TokenKey.parse("b3RoZXIta2V5LW90aGVyLWtleS1vdGhlci1r");

  @Test
  void shouldForwardThroughAnOriginThatRequiresTokensWithTheUpstreamToken() {
    RecordingObserver origin = new RecordingObserver();
    VirtualChain chain = originWithPublisher(origin);
    edge(chain, RelayConfig.builder().upstreamToken(token(KEY, TokenRole.SUBSCRIBE)).build());

    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1", "vlow"));
    chain.runMedia();

    SubscriberReport report = chain.reports.get(0);
    assertNull(report.track("a1").refusal(), chain.log.toString());
    assertEquals(250, report.track("a1").received(), chain.log.toString());
    assertEquals(150, report.track("vlow").received());
    assertEquals(List.of(), origin.unauthorized, "every upstream request carried the token");
  }

  @Test
  void shouldBeRefusedByTheOriginWithoutATokenOrWithAForgedOne() {
    RecordingObserver origin = new RecordingObserver();
    VirtualChain chain = originWithPublisher(origin);
    edge(chain, RelayConfig.DEFAULT);
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    assertNotNull(chain.reports.get(0).track("a1").refusal(), chain.log.toString());
    // The origin closes the edge's token-less session at setup: the edge knows no publisher.
    assertEquals(List.of("client_setup:missing"), origin.unauthorized);
    assertTrue(
        chain.log.contains(
            "edge: session origin/server closed by peer (code 0x2: unauthorized: no token in"
                + " CLIENT_SETUP (this relay requires one))"),
        chain.log.toString());

    RecordingObserver secondOrigin = new RecordingObserver();
    VirtualChain forged = originWithPublisher(secondOrigin);
    edge(
        forged, RelayConfig.builder().upstreamToken(token(OTHER_KEY, TokenRole.SUBSCRIBE)).build());
    assertEquals(List.of("client_setup:bad_signature"), secondOrigin.unauthorized);
    assertTrue(
        forged.log.contains(
            "edge: session origin/server closed by peer (code 0x2: unauthorized: CLIENT_SETUP token"
                + " bad_signature)"),
        forged.log.toString());
  }

  @Test
  void shouldHoldWhatTheOriginSendsToTheEdgesObjectSizeLimit() {
    VirtualChain chain = originWithPublisher(new RecordingObserver());
    // Video objects of the draft's mix are kilobytes; 1,000 bytes refuses the first of them.
    edge(
        chain,
        RelayConfig.builder()
            .upstreamToken(token(KEY, TokenRole.SUBSCRIBE))
            .maxObjectBytes(1_000)
            .build());
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("vlow"));
    chain.runMedia();

    assertTrue(
        chain.log.contains(
            "edge: session origin/server closed (code 0x3: PROTOCOL_VIOLATION (TOO_LARGE): subgroup"
                + " object: Object Payload length 37500 exceeds the limit 1000)"),
        chain.log.toString());
    assertEquals(0, chain.reports.get(0).track("vlow").received(), chain.log.toString());
  }

  /** An origin relay with {@code --auth-key} and a publisher with its publish token. */
  private static VirtualChain originWithPublisher(RecordingObserver observer) {
    VirtualChain chain = new VirtualChain(RelayConfig.builder().authKey(KEY).build(), observer);
    chain.publisherToken = token(KEY, TokenRole.PUBLISH);
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    assertTrue(chain.announced, chain.log.toString());
    return chain;
  }

  /** An edge relay with {@code config}, connected to the chain's relay as its upstream. */
  private static Relay edge(VirtualChain chain, RelayConfig config) {
    Relay edge = new Relay(chain.scheduler, config, line -> chain.log.add("edge: " + line));
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            chain.scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), "origin");
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    edge.startUpstreamSession(pair.client(), VirtualChain.VERSION, listener -> listener);
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    chain.subscriberRelay = edge;
    return edge;
  }

  private static AuthorizationToken token(TokenKey key, TokenRole role) {
    return AuthorizationToken.of(SignedTokens.issue(TokenGrant.of(role, "live", 3_600), key));
  }
}
