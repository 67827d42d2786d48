package dev.moqbed.relay.auth;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.TrackNamespace;
import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The relay's tokens: {@code base64url(claims) "." base64url(HMAC-SHA256(key, claims))}, no
 * padding. The claims are binary, so a token stays short (about 70 characters for one scope on a
 * one-field namespace): a version byte (2), the expiry as 8 bytes (Unix seconds, big endian), the
 * number of scopes, then per scope its role byte, the number of namespace fields and each field as
 * a 2-byte length and its bytes. Version 1 (one scope: the role byte before the expiry, no scope
 * count), which earlier releases issued, is still read. The MAC covers every claim byte, version
 * included, so changing any of them (or the signature) fails the check.
 *
 * <p>Why not JWT: the relay is the only party that checks these, issuer and verifier share one key,
 * and the JDK's {@code Mac} does all of it; a JSON parser on the relay's attack surface would buy
 * nothing here.
 */
public final class SignedTokens {
  /** Longest token text accepted: far above any real one, below the parameter's 64 KiB limit. */
  public static final int MAX_TOKEN_CHARS = 4096;

  private static final int VERSION_ONE_SCOPE = 1;
  private static final int VERSION = 2;
  private static final int MAC_BYTES = 32;
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

  private SignedTokens() {}

  /** A token for {@code grant}, signed with {@code key}. */
  public static String issue(TokenGrant grant, TokenKey key) {
    byte[] claims = claims(grant);
    return ENCODER.encodeToString(claims) + "." + ENCODER.encodeToString(key.mac(claims));
  }

  /**
   * Checks {@code token}'s form, signature (in constant time) and expiry at {@code nowSeconds}. The
   * token's role and namespace are the caller's to compare with the request.
   */
  public static TokenCheck check(String token, TokenKey key, long nowSeconds) {
    if (token.length() > MAX_TOKEN_CHARS) {
      return TokenCheck.failed(TokenCheck.Failure.MALFORMED);
    }
    int dot = token.indexOf('.');
    if (dot <= 0 || dot != token.lastIndexOf('.') || dot == token.length() - 1) {
      return TokenCheck.failed(TokenCheck.Failure.MALFORMED);
    }
    byte[] claims;
    byte[] signature;
    try {
      claims = Base64.getUrlDecoder().decode(token.substring(0, dot));
      signature = Base64.getUrlDecoder().decode(token.substring(dot + 1));
    } catch (IllegalArgumentException e) {
      return TokenCheck.failed(TokenCheck.Failure.MALFORMED);
    }
    if (signature.length != MAC_BYTES) {
      return TokenCheck.failed(TokenCheck.Failure.MALFORMED);
    }
    if (!key.verifies(claims, signature)) {
      return TokenCheck.failed(TokenCheck.Failure.BAD_SIGNATURE);
    }
    TokenGrant grant = parse(claims);
    if (grant == null) {
      return TokenCheck.failed(TokenCheck.Failure.MALFORMED);
    }
    if (nowSeconds >= grant.expiresAtSeconds()) {
      return TokenCheck.failed(TokenCheck.Failure.EXPIRED);
    }
    return TokenCheck.valid(grant);
  }

  private static byte[] claims(TokenGrant grant) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(VERSION);
    out.writeBytes(ByteBuffer.allocate(8).putLong(grant.expiresAtSeconds()).array());
    out.write(grant.scopes().size());
    for (TokenScope scope : grant.scopes()) {
      out.write(scope.role().code());
      out.write(scope.prefix().size());
      for (ByteString field : scope.prefix()) {
        if (field.size() > 0xFFFF) {
          throw new IllegalArgumentException("namespace field longer than 65535 bytes");
        }
        out.write(field.size() >>> 8);
        out.write(field.size() & 0xFF);
        out.writeBytes(field.toByteArray());
      }
    }
    return out.toByteArray();
  }

  /** The grant in signed claims; null when they do not follow the format. */
  private static TokenGrant parse(byte[] claims) {
    ByteBuffer in = ByteBuffer.wrap(claims);
    try {
      int version = in.get() & 0xFF;
      if (version == VERSION_ONE_SCOPE) {
        TokenRole role = TokenRole.ofCode(in.get() & 0xFF);
        long expires = in.getLong();
        TokenScope scope = role == null ? null : parseScope(role, in);
        return scope == null || expires < 0 || in.hasRemaining()
            ? null
            : new TokenGrant(List.of(scope), expires);
      }
      if (version != VERSION) {
        return null;
      }
      long expires = in.getLong();
      int count = in.get() & 0xFF;
      if (expires < 0 || count < 1 || count > TokenGrant.MAX_SCOPES) {
        return null;
      }
      List<TokenScope> scopes = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        TokenRole role = TokenRole.ofCode(in.get() & 0xFF);
        TokenScope scope = role == null ? null : parseScope(role, in);
        if (scope == null) {
          return null;
        }
        scopes.add(scope);
      }
      return in.hasRemaining() ? null : new TokenGrant(scopes, expires);
    } catch (BufferUnderflowException e) {
      return null;
    }
  }

  /** A scope's namespace fields (count, then length and bytes each); null when out of range. */
  private static TokenScope parseScope(TokenRole role, ByteBuffer in) {
    int count = in.get() & 0xFF;
    if (count < 1 || count > TrackNamespace.MAX_FIELDS) {
      return null;
    }
    List<ByteString> fields = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      byte[] field = new byte[in.getShort() & 0xFFFF];
      in.get(field);
      fields.add(ByteString.wrapOwned(field));
    }
    return new TokenScope(role, fields);
  }
}
