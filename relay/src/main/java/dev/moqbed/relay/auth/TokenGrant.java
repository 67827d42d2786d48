package dev.moqbed.relay.auth;

import dev.moqbed.media.moqt.TrackNamespace;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a token grants: each of its scopes (a role on a namespace prefix), until {@code
 * expiresAtSeconds} (Unix time, exclusive). One token may carry both a publish and a subscribe
 * scope, so one process (a relay subscribing upstream and publishing, a test client) needs one.
 *
 * @param scopes 1 to {@link #MAX_SCOPES}
 */
public record TokenGrant(List<TokenScope> scopes, long expiresAtSeconds) {
  /** A token names at most this many scopes: enough for any real use, and a bounded check. */
  public static final int MAX_SCOPES = 16;

  public TokenGrant {
    scopes = List.copyOf(scopes);
    if (scopes.isEmpty() || scopes.size() > MAX_SCOPES) {
      throw new IllegalArgumentException("a token has 1.." + MAX_SCOPES + " scopes");
    }
    if (expiresAtSeconds < 0) {
      throw new IllegalArgumentException("negative expiry");
    }
  }

  /** A grant of one scope: {@code role} on {@code namespace} as written on the command line. */
  public static TokenGrant of(TokenRole role, String namespace, long expiresAtSeconds) {
    return new TokenGrant(List.of(TokenScope.of(role, namespace)), expiresAtSeconds);
  }

  /** True when one of the scopes is {@code role} on a prefix of {@code namespace}. */
  public boolean permits(TokenRole role, TrackNamespace namespace) {
    for (TokenScope scope : scopes) {
      if (scope.role() == role && scope.covers(namespace)) {
        return true;
      }
    }
    return false;
  }

  /** True when one of the scopes is of {@code role}, whatever its prefix. */
  public boolean hasRole(TokenRole role) {
    for (TokenScope scope : scopes) {
      if (scope.role() == role) {
        return true;
      }
    }
    return false;
  }

  /** The scopes as the issuing command prints them: {@code publish live, subscribe live}. */
  public String scopesText() {
    return scopes.stream().map(TokenScope::toString).collect(Collectors.joining(", "));
  }
}
