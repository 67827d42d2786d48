package dev.moqbed.relay.auth;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The relay's secret: the HMAC-SHA256 key that signs and checks tokens. Written to its file as
 * base64url text (one line), so it can be copied between hosts; {@link #toString()} never shows it.
 */
public final class TokenKey {
  /** 32 bytes: the size of HMAC-SHA256's output, what RFC 2104 recommends as a key length. */
  public static final int GENERATED_BYTES = 32;

  /** Shorter keys are refused: 128 bits is the least a guessing attacker should face. */
  public static final int MIN_BYTES = 16;

  private static final String ALGORITHM = "HmacSHA256";

  private final SecretKeySpec key;

  private TokenKey(byte[] secret) {
    if (secret.length < MIN_BYTES) {
      throw new IllegalArgumentException(
          "key of " + secret.length + " bytes: at least " + MIN_BYTES + " needed");
    }
    this.key = new SecretKeySpec(secret, ALGORITHM);
  }

  /** A key of these secret bytes (copied). */
  public static TokenKey of(byte[] secret) {
    return new TokenKey(secret.clone());
  }

  /** The key a key file holds (its text, surrounding white space ignored). */
  public static TokenKey parse(String text) {
    byte[] secret;
    try {
      secret = Base64.getUrlDecoder().decode(text.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a moqbed key (base64url text expected)");
    }
    if (secret.length < MIN_BYTES) {
      throw new IllegalArgumentException(
          "not a moqbed key: " + secret.length + " bytes, at least " + MIN_BYTES + " needed");
    }
    return new TokenKey(secret);
  }

  /** The text of a key file: base64url without padding and a newline. */
  public String toText() {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(key.getEncoded()) + "\n";
  }

  /** HMAC-SHA256 of {@code data}. */
  byte[] mac(byte[] data) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      // Every Java SE runtime must provide HmacSHA256.
      throw new IllegalStateException("HmacSHA256 unavailable: " + e.getMessage(), e);
    }
  }

  /** True when {@code signature} is the MAC of {@code data}, compared in constant time. */
  boolean verifies(byte[] data, byte[] signature) {
    return MessageDigest.isEqual(mac(data), signature);
  }

  @Override
  public String toString() {
    return "TokenKey(HmacSHA256, " + key.getEncoded().length + " bytes)";
  }
}
