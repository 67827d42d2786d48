package dev.moqbed.relay.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.session.AuthorizationToken;
import org.junit.jupiter.api.Test;

/** What a relay with a key lets through, and the draft-14 code of each refusal. */
class RequestAuthorizerTest {
  private static final TokenKey KEY = TokenKey.parse("c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0");
  private static final long NOW_SECONDS = 1_000_000;
  private static final RequestAuthorizer AUTHORIZER =
      RequestAuthorizer.withKey(KEY, () -> NOW_SECONDS * 1_000_000);
  private static final TrackNamespace LIVE = TrackNamespace.of("live");

  @Test
  void shouldLetAMatchingTokenThroughAndEverythingThroughWhenOpen() {
    assertNull(AUTHORIZER.check(TokenRole.PUBLISH, LIVE, carrying(token(TokenRole.PUBLISH))));
    assertNull(AUTHORIZER.check(TokenRole.SUBSCRIBE, LIVE, carrying(token(TokenRole.SUBSCRIBE))));
    assertNull(RequestAuthorizer.OPEN.check(TokenRole.PUBLISH, LIVE, KeyValuePairs.NONE));
  }

  @Test
  void shouldRefuseTheWrongRoleTheWrongNamespaceAndNoToken() {
    assertEquals(
        AuthRefusal.WRONG_ROLE,
        AUTHORIZER.check(TokenRole.SUBSCRIBE, LIVE, carrying(token(TokenRole.PUBLISH))));
    assertEquals(
        AuthRefusal.WRONG_ROLE,
        AUTHORIZER.check(TokenRole.PUBLISH, LIVE, carrying(token(TokenRole.SUBSCRIBE))));
    assertEquals(
        AuthRefusal.WRONG_NAMESPACE,
        AUTHORIZER.check(
            TokenRole.PUBLISH, TrackNamespace.of("other"), carrying(token(TokenRole.PUBLISH))));
    assertEquals(
        AuthRefusal.MISSING, AUTHORIZER.check(TokenRole.PUBLISH, LIVE, KeyValuePairs.NONE));
  }

  @Test
  void shouldRefuseExpiredAndUnreadableTokensWithTheirOwnCodes() {
    String expired = SignedTokens.issue(TokenGrant.of(TokenRole.PUBLISH, "live", NOW_SECONDS), KEY);
    assertEquals(
        AuthRefusal.EXPIRED,
        AUTHORIZER.check(TokenRole.PUBLISH, LIVE, carrying(AuthorizationToken.of(expired))));
    // Alias type REGISTER (0x1): this relay keeps no aliases.
    KeyValuePairs alias =
        KeyValuePairs.of(
            KeyValuePair.ofBytes(
                Draft14Codes.PARAMETER_AUTHORIZATION_TOKEN,
                ByteString.copyOf(new byte[] {0x01, 0x05, 0x00, 0x41})));
    assertEquals(AuthRefusal.MALFORMED, AUTHORIZER.check(TokenRole.PUBLISH, LIVE, alias));
    assertEquals(
        AuthRefusal.MALFORMED,
        AUTHORIZER.check(TokenRole.PUBLISH, LIVE, carrying(AuthorizationToken.of("x.y"))));
    assertEquals(0x12, AuthRefusal.EXPIRED.namespaceErrorCode());
    assertEquals(0x12, AuthRefusal.EXPIRED.subscribeErrorCode());
    assertEquals(0x10, AuthRefusal.MALFORMED.subscribeErrorCode());
    assertEquals(0x1, AuthRefusal.WRONG_ROLE.subscribeErrorCode());
    assertEquals(0x1, AuthRefusal.MISSING.namespaceErrorCode());
  }

  @Test
  void shouldLetASetupTokenServeRequestsWithoutOneAndRefuseABadSetupToken() {
    SetupAuthorization setup = AUTHORIZER.checkSetup(carrying(token(TokenRole.SUBSCRIBE)));
    assertFalse(setup.refused());
    assertNull(AUTHORIZER.check(TokenRole.SUBSCRIBE, LIVE, KeyValuePairs.NONE, setup.grant()));
    assertEquals(
        AuthRefusal.WRONG_ROLE,
        AUTHORIZER.check(TokenRole.PUBLISH, LIVE, KeyValuePairs.NONE, setup.grant()));
    // A request's own token counts, not the setup's: a bad one is refused even so.
    assertEquals(
        AuthRefusal.MALFORMED,
        AUTHORIZER.check(
            TokenRole.SUBSCRIBE, LIVE, carrying(AuthorizationToken.of("x.y")), setup.grant()));
    // The session outlives the token: past its expiry the setup's grant no longer serves.
    RequestAuthorizer later = RequestAuthorizer.withKey(KEY, () -> (NOW_SECONDS + 60) * 1_000_000);
    assertEquals(
        AuthRefusal.EXPIRED,
        later.check(TokenRole.SUBSCRIBE, LIVE, KeyValuePairs.NONE, setup.grant()));

    assertEquals(AuthRefusal.MISSING, AUTHORIZER.checkSetup(KeyValuePairs.NONE).refusal());
    assertEquals(
        SessionError.UNAUTHORIZED,
        AUTHORIZER.checkSetup(KeyValuePairs.NONE).refusal().sessionError());
    assertEquals(
        SetupAuthorization.NONE,
        RequestAuthorizer.OPEN.checkSetup(carrying(AuthorizationToken.of("x.y"))));
    SetupAuthorization forged =
        AUTHORIZER.checkSetup(
            carrying(
                AuthorizationToken.of(
                    SignedTokens.issue(
                        TokenGrant.of(TokenRole.PUBLISH, "live", NOW_SECONDS + 60),
                        TokenKey.parse("b3RoZXIta2V5LW90aGVyLWtleS1vdGhlci1r")))));
    assertEquals(AuthRefusal.BAD_SIGNATURE, forged.refusal());
    assertEquals(SessionError.UNAUTHORIZED, forged.refusal().sessionError());
    String expired = SignedTokens.issue(TokenGrant.of(TokenRole.PUBLISH, "live", NOW_SECONDS), KEY);
    assertEquals(
        SessionError.EXPIRED_AUTH_TOKEN,
        AUTHORIZER.checkSetup(carrying(AuthorizationToken.of(expired))).refusal().sessionError());
    assertEquals(
        SessionError.MALFORMED_AUTH_TOKEN,
        AUTHORIZER.checkSetup(carrying(AuthorizationToken.of("x.y"))).refusal().sessionError());
  }

  private static AuthorizationToken token(TokenRole role) {
    return AuthorizationToken.of(
        SignedTokens.issue(TokenGrant.of(role, "live", NOW_SECONDS + 60), KEY));
  }

  private static KeyValuePairs carrying(AuthorizationToken token) {
    return token.parameters();
  }
}
