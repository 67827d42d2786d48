package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.StatelessResetToken;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The static key an endpoint derives its stateless reset tokens from (RFC 9000 §10.3.2): the token
 * of a connection id is the first 16 bytes of HMAC-SHA256(key, id). An endpoint that lost the
 * connection's state (a restart) can then still compute the token of an id a peer sends to, and
 * answer with a Stateless Reset the peer believes — as long as it has the same key: a key drawn at
 * random lives as long as its process; one given explicitly (32 bytes) survives restarts. The key
 * must stay secret: whoever knows it can end the connections of its ids.
 */
public final class StatelessResetKey {
  /** Key length in bytes: HMAC-SHA256's block of security. */
  public static final int LENGTH = 32;

  private final SecretKeySpec key;

  private StatelessResetKey(byte[] bytes) {
    this.key = new SecretKeySpec(bytes, "HmacSHA256");
  }

  /** A fresh key from {@code random}, valid for this process only. */
  public static StatelessResetKey random(SecureRandom random) {
    byte[] bytes = new byte[LENGTH];
    random.nextBytes(bytes);
    return new StatelessResetKey(bytes);
  }

  /** A key of exactly 32 bytes, e.g. from a file, so that a restarted endpoint keeps its tokens. */
  public static StatelessResetKey of(byte[] bytes) {
    if (bytes.length != LENGTH) {
      throw new IllegalArgumentException(
          "a stateless reset key has " + LENGTH + " bytes, got " + bytes.length);
    }
    return new StatelessResetKey(bytes.clone());
  }

  /** The token of {@code id}: HMAC-SHA256(key, id), cut to 16 bytes. */
  public StatelessResetToken tokenFor(ConnectionId id) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      byte[] digest = mac.doFinal(id.toByteArray());
      return StatelessResetToken.of(Arrays.copyOf(digest, StatelessResetToken.LENGTH));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no HmacSHA256", e);
    }
  }
}
