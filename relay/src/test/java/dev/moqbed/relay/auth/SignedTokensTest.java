package dev.moqbed.relay.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.TrackNamespace;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Signing and checking tokens: every claim byte is covered, expiry and key matter. */
class SignedTokensTest {
  private static final TokenKey KEY = TokenKey.of(bytes(32, 7));
  private static final long EXPIRY = 1_800_000_000L;
  private static final long NOW = EXPIRY - 3_600;

  @Test
  void shouldCheckATokenItIssuedAndReturnItsGrant() {
    TokenGrant grant = TokenGrant.of(TokenRole.PUBLISH, "org/live", EXPIRY);
    TokenCheck check = SignedTokens.check(SignedTokens.issue(grant, KEY), KEY, NOW);
    assertTrue(check.valid(), String.valueOf(check.failure()));
    assertEquals(grant, check.grant());
    assertEquals("org/live", check.grant().scopes().get(0).prefixText());
  }

  @Test
  void shouldCarrySeveralScopesInOneToken() {
    TokenGrant grant =
        new TokenGrant(
            List.of(
                TokenScope.of(TokenRole.PUBLISH, "live/"),
                TokenScope.of(TokenRole.SUBSCRIBE, "live"),
                TokenScope.of(TokenRole.SUBSCRIBE, "org/news")),
            EXPIRY);
    TokenCheck check = SignedTokens.check(SignedTokens.issue(grant, KEY), KEY, NOW);
    assertTrue(check.valid(), String.valueOf(check.failure()));
    assertEquals(grant, check.grant());
    assertEquals("publish live, subscribe live, subscribe org/news", grant.scopesText());
    assertTrue(grant.permits(TokenRole.PUBLISH, TrackNamespace.of("live", "cam1")));
    assertTrue(grant.permits(TokenRole.SUBSCRIBE, TrackNamespace.of("org", "news", "x")));
    assertFalse(grant.permits(TokenRole.PUBLISH, TrackNamespace.of("org", "news")));
    assertFalse(grant.permits(TokenRole.SUBSCRIBE, TrackNamespace.of("org")));
  }

  @Test
  void shouldStillAcceptTheOneScopeTokensOfEarlierReleases() {
    // Version 1: version, role (publish = 1), expiry, one field "live".
    ByteBuffer claims = ByteBuffer.allocate(1 + 1 + 8 + 1 + 2 + 4);
    claims.put((byte) 1).put((byte) 1).putLong(EXPIRY).put((byte) 1).putShort((short) 4);
    claims.put("live".getBytes(StandardCharsets.US_ASCII));
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    String token =
        base64.encodeToString(claims.array())
            + "."
            + base64.encodeToString(KEY.mac(claims.array()));
    TokenCheck check = SignedTokens.check(token, KEY, NOW);
    assertTrue(check.valid(), String.valueOf(check.failure()));
    assertEquals(TokenGrant.of(TokenRole.PUBLISH, "live", EXPIRY), check.grant());
  }

  @Test
  void shouldRefuseSignedClaimsWithTooManyScopesOrAnUnknownVersion() {
    List<TokenScope> seventeen = new ArrayList<>();
    for (int i = 0; i < TokenGrant.MAX_SCOPES + 1; i++) {
      seventeen.add(TokenScope.of(TokenRole.SUBSCRIBE, "ns" + i));
    }
    assertThrows(IllegalArgumentException.class, () -> new TokenGrant(seventeen, EXPIRY));
    assertThrows(IllegalArgumentException.class, () -> new TokenGrant(List.of(), EXPIRY));
    byte[] unknownVersion = {3, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 1, 0, 1, 'x'};
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    String token =
        base64.encodeToString(unknownVersion)
            + "."
            + base64.encodeToString(KEY.mac(unknownVersion));
    assertEquals(TokenCheck.Failure.MALFORMED, SignedTokens.check(token, KEY, NOW).failure());
  }

  @Test
  void shouldRefuseEveryTokenWithOneClaimByteChanged() {
    String token = SignedTokens.issue(TokenGrant.of(TokenRole.SUBSCRIBE, "live", EXPIRY), KEY);
    int dot = token.indexOf('.');
    byte[] claims = Base64.getUrlDecoder().decode(token.substring(0, dot));
    // version, each expiry byte, scope count, role, field count, field length, each namespace byte
    assertEquals(1 + 8 + 1 + 1 + 1 + 2 + 4, claims.length);
    for (int i = 0; i < claims.length; i++) {
      byte[] changed = claims.clone();
      changed[i] ^= 0x01;
      String tampered =
          Base64.getUrlEncoder().withoutPadding().encodeToString(changed) + token.substring(dot);
      TokenCheck check = SignedTokens.check(tampered, KEY, NOW);
      assertEquals(TokenCheck.Failure.BAD_SIGNATURE, check.failure(), "claim byte " + i);
    }
  }

  @Test
  void shouldRefuseAChangedSignatureAndAnotherKey() {
    String token = SignedTokens.issue(TokenGrant.of(TokenRole.PUBLISH, "live", EXPIRY), KEY);
    int dot = token.indexOf('.');
    byte[] signature = Base64.getUrlDecoder().decode(token.substring(dot + 1));
    for (int i = 0; i < signature.length; i++) {
      byte[] changed = signature.clone();
      changed[i] ^= (byte) 0x80;
      String tampered =
          token.substring(0, dot + 1)
              + Base64.getUrlEncoder().withoutPadding().encodeToString(changed);
      assertEquals(
          TokenCheck.Failure.BAD_SIGNATURE,
          SignedTokens.check(tampered, KEY, NOW).failure(),
          "signature byte " + i);
    }
    TokenKey other = TokenKey.of(bytes(32, 8));
    assertEquals(TokenCheck.Failure.BAD_SIGNATURE, SignedTokens.check(token, other, NOW).failure());
  }

  @Test
  void shouldExpireAtTheExpirySecond() {
    String token = SignedTokens.issue(TokenGrant.of(TokenRole.PUBLISH, "live", EXPIRY), KEY);
    assertTrue(SignedTokens.check(token, KEY, EXPIRY - 1).valid());
    assertEquals(TokenCheck.Failure.EXPIRED, SignedTokens.check(token, KEY, EXPIRY).failure());
    assertEquals(TokenCheck.Failure.EXPIRED, SignedTokens.check(token, KEY, EXPIRY + 1).failure());
  }

  @Test
  void shouldCallAnythingElseMalformed() {
    String token = SignedTokens.issue(TokenGrant.of(TokenRole.PUBLISH, "live", EXPIRY), KEY);
    String[] bad = {
      "",
      ".",
      "abc",
      token.substring(0, token.indexOf('.')),
      token + ".x",
      "a.b.c",
      "!!.!!",
      token.substring(0, token.length() - 2),
      token.replace('.', ','),
      "x".repeat(5000)
    };
    for (String text : bad) {
      assertEquals(
          TokenCheck.Failure.MALFORMED,
          SignedTokens.check(text, KEY, NOW).failure(),
          "'" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "'");
    }
  }

  @Test
  void shouldMatchNamespacesByWholeFields() {
    TokenScope live = TokenScope.of(TokenRole.SUBSCRIBE, "live");
    assertTrue(live.covers(TrackNamespace.of("live")));
    assertTrue(live.covers(TrackNamespace.of("live", "cam1")));
    assertFalse(live.covers(TrackNamespace.of("livestream")));
    assertFalse(live.covers(TrackNamespace.of("liv")));
    assertFalse(live.covers(TrackNamespace.of("other", "live")));
    TokenScope nested = TokenScope.of(TokenRole.SUBSCRIBE, "org/live");
    assertTrue(nested.covers(TrackNamespace.of("org", "live", "x")));
    assertFalse(nested.covers(TrackNamespace.of("org")), "a shorter namespace is not covered");
    assertFalse(nested.covers(TrackNamespace.of("org/live")), "one field with a slash is not two");
  }

  @Test
  void shouldRefuseBadGrantsAndKeysWithOneLine() {
    assertThrows(
        IllegalArgumentException.class, () -> TokenGrant.of(TokenRole.PUBLISH, "", EXPIRY));
    assertThrows(
        IllegalArgumentException.class, () -> TokenGrant.of(TokenRole.PUBLISH, "a//b", EXPIRY));
    assertThrows(IllegalArgumentException.class, () -> TokenRole.ofLabel("admin"));
    assertThrows(IllegalArgumentException.class, () -> TokenKey.of(bytes(15, 1)));
    assertThrows(IllegalArgumentException.class, () -> TokenKey.parse("not base64 !"));
    assertThrows(IllegalArgumentException.class, () -> TokenKey.parse("AAAA"));
  }

  @Test
  void shouldReadBackTheKeyItWritesAndNeverPrintIt() {
    TokenKey parsed = TokenKey.parse(KEY.toText());
    String token = SignedTokens.issue(TokenGrant.of(TokenRole.PUBLISH, "live", EXPIRY), parsed);
    assertTrue(SignedTokens.check(token, KEY, NOW).valid());
    assertFalse(KEY.toString().contains(KEY.toText().strip()));
    assertNotEquals(KEY.toText(), TokenKey.of(bytes(32, 9)).toText());
  }

  private static byte[] bytes(int length, int seed) {
    byte[] out = new byte[length];
    for (int i = 0; i < length; i++) {
      out[i] = (byte) (seed * 31 + i);
    }
    return out;
  }
}
