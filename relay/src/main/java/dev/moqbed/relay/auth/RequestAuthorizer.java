package dev.moqbed.relay.auth;

import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.runtime.Clock;
import dev.moqbed.session.AuthorizationToken;
import java.nio.charset.StandardCharsets;

/**
 * Decides whether a session and its requests may proceed: without a key everything does (an open
 * relay); with one, a request needs a token signed with it, unexpired on the relay's clock, with a
 * scope of the request's role whose prefix covers the request's namespace. The token is the one the
 * request carries (AUTHORIZATION TOKEN parameter) or, when it carries none, the one the session's
 * CLIENT_SETUP carried (draft-14 allows the parameter in both places).
 */
public final class RequestAuthorizer {
  /** Lets everything through. */
  public static final RequestAuthorizer OPEN = new RequestAuthorizer(null, () -> 0);

  private final TokenKey key;
  private final Clock clock;

  private RequestAuthorizer(TokenKey key, Clock clock) {
    this.key = key;
    this.clock = clock;
  }

  /** Checks tokens against {@code key} at {@code clock}'s time (microseconds since the epoch). */
  public static RequestAuthorizer withKey(TokenKey key, Clock clock) {
    return new RequestAuthorizer(key, clock);
  }

  /** True when requests need a token. */
  public boolean requiresTokens() {
    return key != null;
  }

  /**
   * The token of a CLIENT_SETUP: its grant when it carries a valid one, a refusal when it carries
   * one that is not or none at all (the session is then closed: a relay with a key serves only
   * sessions that prove at setup that someone issued them a token, so a stranger cannot hold a
   * session slot with a token-less setup), neither when the relay is open.
   */
  public SetupAuthorization checkSetup(KeyValuePairs setupParameters) {
    if (key == null) {
      return SetupAuthorization.NONE;
    }
    AuthorizationToken.Carried carried = AuthorizationToken.read(setupParameters);
    if (carried.isMalformed()) {
      return SetupAuthorization.refused(AuthRefusal.MALFORMED);
    }
    if (carried.token().isNone()) {
      return SetupAuthorization.refused(AuthRefusal.MISSING);
    }
    TokenCheck check = verify(carried.token());
    return check.valid()
        ? SetupAuthorization.granted(check.grant())
        : SetupAuthorization.refused(AuthRefusal.of(check.failure()));
  }

  /** {@link #check(TokenRole, TrackNamespace, KeyValuePairs, TokenGrant)} without a setup grant. */
  public AuthRefusal check(TokenRole role, TrackNamespace namespace, KeyValuePairs parameters) {
    return check(role, namespace, parameters, null);
  }

  /**
   * Null when the request may proceed, else why not.
   *
   * @param setupGrant what the session's CLIENT_SETUP token granted, null when it carried none
   */
  public AuthRefusal check(
      TokenRole role, TrackNamespace namespace, KeyValuePairs parameters, TokenGrant setupGrant) {
    if (key == null) {
      return null;
    }
    AuthorizationToken.Carried carried = AuthorizationToken.read(parameters);
    if (carried.isMalformed()) {
      return AuthRefusal.MALFORMED;
    }
    TokenGrant grant;
    if (carried.token().isNone()) {
      if (setupGrant == null) {
        return AuthRefusal.MISSING;
      }
      // Checked at setup, but a session may outlive its token.
      if (nowSeconds() >= setupGrant.expiresAtSeconds()) {
        return AuthRefusal.EXPIRED;
      }
      grant = setupGrant;
    } else {
      TokenCheck check = verify(carried.token());
      if (!check.valid()) {
        return AuthRefusal.of(check.failure());
      }
      grant = check.grant();
    }
    if (!grant.hasRole(role)) {
      return AuthRefusal.WRONG_ROLE;
    }
    if (!grant.permits(role, namespace)) {
      return AuthRefusal.WRONG_NAMESPACE;
    }
    return null;
  }

  private TokenCheck verify(AuthorizationToken token) {
    byte[] value = token.value();
    for (byte b : value) {
      if (b < 0x21 || b > 0x7E) {
        return TokenCheck.failed(TokenCheck.Failure.MALFORMED); // base64url and '.' only
      }
    }
    return SignedTokens.check(new String(value, StandardCharsets.US_ASCII), key, nowSeconds());
  }

  private long nowSeconds() {
    return Math.floorDiv(clock.nowMicros(), 1_000_000L);
  }
}
