package dev.moqbed.session;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireReader;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * The draft-14 AUTHORIZATION TOKEN parameter (message parameter 0x03, §9.2.1.1) as this project
 * sends it: a Token structure with Alias Type USE_VALUE (0x3), Token Type 0 (a type agreed out of
 * band, here the relay's signed token) and the token's bytes. No alias is registered or used, so a
 * relay needs no token cache. Parameter 0x03 may appear in CLIENT_SETUP as well; the roles send it
 * on each request (PUBLISH_NAMESPACE, SUBSCRIBE), where the request's namespace is what it grants.
 *
 * <p>The value is a secret: {@link #toString()} never shows it.
 */
public final class AuthorizationToken {
  /** Alias Type USE_VALUE: the token value follows, no alias. */
  public static final long ALIAS_USE_VALUE = 0x3;

  /** Token Type 0: not in the IANA table, negotiated out of band. */
  public static final long TYPE_OUT_OF_BAND = 0x0;

  /** No token: requests carry no authorization parameter. */
  public static final AuthorizationToken NONE = new AuthorizationToken(new byte[0]);

  private final byte[] value;

  private AuthorizationToken(byte[] value) {
    this.value = value;
  }

  /** A token whose value is the ASCII text {@code token} (as printed by {@code token issue}). */
  public static AuthorizationToken of(String token) {
    Objects.requireNonNull(token, "token");
    if (token.isEmpty()) {
      throw new IllegalArgumentException("empty token");
    }
    return new AuthorizationToken(token.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
  }

  /** True for {@link #NONE}. */
  public boolean isNone() {
    return value.length == 0;
  }

  /** The token's bytes (a copy). */
  public byte[] value() {
    return value.clone();
  }

  /** The parameters of a request that carries this token: none for {@link #NONE}. */
  public KeyValuePairs parameters() {
    if (isNone()) {
      return KeyValuePairs.NONE;
    }
    WireWriter out = new WireWriter(QuicVarint.INSTANCE, value.length + 2);
    out.writeVarint(ALIAS_USE_VALUE).writeVarint(TYPE_OUT_OF_BAND).writeBytes(value);
    return KeyValuePairs.of(
        KeyValuePair.ofBytes(
            Draft14Codes.PARAMETER_AUTHORIZATION_TOKEN, ByteString.wrapOwned(out.toByteArray())));
  }

  /**
   * What a request carried: the first AUTHORIZATION TOKEN parameter, read as a USE_VALUE token of
   * type 0.
   */
  public static Carried read(KeyValuePairs parameters) {
    var parameter = parameters.bytes(Draft14Codes.PARAMETER_AUTHORIZATION_TOKEN);
    if (parameter.isEmpty()) {
      return Carried.ABSENT;
    }
    try {
      WireReader in =
          new WireReader(
              ByteBuffer.wrap(parameter.get().toByteArray()), QuicVarint.INSTANCE, "Token");
      long aliasType = in.readVarint("Alias Type");
      if (aliasType != ALIAS_USE_VALUE) {
        return Carried.malformed("alias type 0x" + Long.toHexString(aliasType) + " (no aliases)");
      }
      long tokenType = in.readVarint("Token Type");
      if (tokenType != TYPE_OUT_OF_BAND) {
        return Carried.malformed("token type 0x" + Long.toHexString(tokenType));
      }
      byte[] token = in.readRest();
      if (token.length == 0) {
        return Carried.malformed("empty token value");
      }
      return new Carried(new AuthorizationToken(token), null);
    } catch (MoqtProtocolException e) {
      return Carried.malformed("truncated token structure");
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof AuthorizationToken token && Arrays.equals(value, token.value);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(value);
  }

  /** Never the value: tokens are not logged. */
  @Override
  public String toString() {
    return isNone() ? "no token" : "token (" + value.length + " bytes)";
  }

  /**
   * The authorization a request carried: a token, none, or a parameter that is not a token this
   * project reads.
   *
   * @param token the token, {@link #NONE} when absent or malformed
   * @param malformed why the parameter could not be read, null otherwise
   */
  public record Carried(AuthorizationToken token, String malformed) {
    /** No AUTHORIZATION TOKEN parameter. */
    public static final Carried ABSENT = new Carried(NONE, null);

    static Carried malformed(String why) {
      return new Carried(NONE, why);
    }

    /** True when the parameter was there but unreadable. */
    public boolean isMalformed() {
      return malformed != null;
    }
  }
}
