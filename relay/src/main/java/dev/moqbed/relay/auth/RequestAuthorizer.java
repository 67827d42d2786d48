package dev.moqbed.relay.auth;

import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.runtime.Clock;
import dev.moqbed.session.AuthorizationToken;
import java.nio.charset.StandardCharsets;

/**
 * Decides whether a request may proceed: without a key every request does (an open relay); with
 * one, the request's AUTHORIZATION TOKEN must be signed with it, unexpired on the relay's clock, of
 * the request's role, and its prefix must cover the request's namespace.
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

  /** Null when the request may proceed, else why not. */
  public AuthRefusal check(TokenRole role, TrackNamespace namespace, KeyValuePairs parameters) {
    if (key == null) {
      return null;
    }
    AuthorizationToken.Carried carried = AuthorizationToken.read(parameters);
    if (carried.isMalformed()) {
      return AuthRefusal.MALFORMED;
    }
    if (carried.token().isNone()) {
      return AuthRefusal.MISSING;
    }
    byte[] value = carried.token().value();
    for (byte b : value) {
      if (b < 0x21 || b > 0x7E) {
        return AuthRefusal.MALFORMED; // base64url and '.' only
      }
    }
    TokenCheck check =
        SignedTokens.check(
            new String(value, StandardCharsets.US_ASCII),
            key,
            Math.floorDiv(clock.nowMicros(), 1_000_000L));
    if (!check.valid()) {
      return switch (check.failure()) {
        case MALFORMED -> AuthRefusal.MALFORMED;
        case BAD_SIGNATURE -> AuthRefusal.BAD_SIGNATURE;
        case EXPIRED -> AuthRefusal.EXPIRED;
      };
    }
    if (check.grant().role() != role) {
      return AuthRefusal.WRONG_ROLE;
    }
    if (!check.grant().covers(namespace)) {
      return AuthRefusal.WRONG_NAMESPACE;
    }
    return null;
  }
}
