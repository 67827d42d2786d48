package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenCheck;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code token key}, {@code token issue} and the token and key options; no network. */
class TokenCommandTest {
  private record Result(int exitCode, String out, String err) {}

  @TempDir Path directory;

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  void shouldWriteAKeyReadableByItsOwnerOnlyAndIssueTokensTheRelayAccepts() throws Exception {
    Path key = directory.resolve("relay.key");
    Result made = run("token", "key", "--out", key.toString());
    assertEquals(0, made.exitCode(), made.err());
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(key)));

    Result issued =
        run(
            "token",
            "issue",
            "--key",
            key.toString(),
            "--publish",
            "live/",
            "--subscribe",
            "live/",
            "--subscribe",
            "org/news",
            "--ttl",
            "2h");
    assertEquals(0, issued.exitCode(), issued.err());
    String token = issued.out().strip();
    assertTrue(token.matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+"), token);
    assertTrue(
        issued
            .err()
            .startsWith(
                "moqbed: token for publish live, subscribe live, subscribe org/news; expires"),
        issued.err());
    assertTrue(!issued.err().contains(token), "the token is printed once, on standard output");

    TokenKey parsed = TokenKey.parse(Files.readString(key));
    long now = Instant.now().getEpochSecond();
    TokenCheck check = SignedTokens.check(token, parsed, now);
    assertTrue(check.valid(), String.valueOf(check.failure()));
    TokenGrant grant = check.grant();
    assertTrue(grant.permits(TokenRole.PUBLISH, TrackNamespace.of("live", "cam1")));
    assertTrue(grant.permits(TokenRole.SUBSCRIBE, TrackNamespace.of("live")));
    assertTrue(grant.permits(TokenRole.SUBSCRIBE, TrackNamespace.of("org", "news")));
    assertFalse(grant.permits(TokenRole.PUBLISH, TrackNamespace.of("org", "news")));
    long expiresIn = grant.expiresAtSeconds() - now;
    assertTrue(expiresIn > 7_190 && expiresIn <= 7_200, "expires in " + expiresIn + " s");
  }

  @Test
  void shouldAcceptTheOlderExpiresSpellingAndRefuseATokenWithoutScopes() throws Exception {
    Path key = directory.resolve("relay.key");
    run("token", "key", "--out", key.toString());
    Result expires =
        run("token", "issue", "--key", key.toString(), "--publish", "live", "--expires", "1h");
    assertEquals(0, expires.exitCode(), expires.err());
    Result none = run("token", "issue", "--key", key.toString(), "--ttl", "1h");
    assertEquals(2, none.exitCode());
    assertEquals(
        "moqbed: give at least one --publish NS or --subscribe NS (what the token allows)\n",
        none.err());
  }

  @Test
  void shouldNeverOverwriteAKey() throws Exception {
    Path key = directory.resolve("relay.key");
    Files.writeString(key, "old");
    Result result = run("token", "key", "--out", key.toString());
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: --out " + key + ": exists; not overwriting a key\n", result.err());
    assertEquals("old", Files.readString(key));
  }

  @Test
  void shouldRefuseAMissingOrBadKeyFileWithOneLineAndExitCode2() throws Exception {
    Path missing = directory.resolve("missing.key");
    Result relay = run("relay", "--listen", "127.0.0.1:0", "--auth-key", missing.toString());
    assertEquals(2, relay.exitCode());
    assertEquals("moqbed: --auth-key " + missing + ": no such file\n", relay.err());

    Result issue = run("token", "issue", "--key", missing.toString(), "--publish", "x");
    assertEquals(2, issue.exitCode());
    assertEquals("moqbed: --key " + missing + ": no such file\n", issue.err());

    Path bad = directory.resolve("bad.key");
    Files.writeString(bad, "short\n");
    Result short_ = run("relay", "--listen", "127.0.0.1:0", "--auth-key", bad.toString());
    assertEquals(2, short_.exitCode());
    assertTrue(
        short_.err().startsWith("moqbed: --auth-key " + bad + ": not a moqbed key"), short_.err());
    assertEquals(1, short_.err().lines().count(), short_.err());
  }

  @Test
  void shouldRefuseBadNamespacesAndTokensWithOneLine() throws Exception {
    Path key = directory.resolve("relay.key");
    run("token", "key", "--out", key.toString());
    Result namespace = run("token", "issue", "--key", key.toString(), "--publish", "a//b");
    assertEquals(2, namespace.exitCode());
    assertEquals(
        "moqbed: --publish a//b: namespace 'a//b' has an empty field (fields are separated by /)\n",
        namespace.err());
    Result empty = run("token", "issue", "--key", key.toString(), "--subscribe", "/");
    assertEquals(2, empty.exitCode());
    assertEquals("moqbed: --subscribe /: a namespace prefix must not be empty\n", empty.err());
    Result upstream = run("relay", "--listen", "127.0.0.1:0", "--upstream-token", "a.b");
    assertEquals(2, upstream.exitCode());
    assertEquals("moqbed: --upstream-token needs --upstream\n", upstream.err());

    Result token =
        run("subscriber", "--relay", "127.0.0.1:9", "--insecure", "--token", "not a token");
    assertEquals(2, token.exitCode());
    assertTrue(token.err().startsWith("moqbed: --token: not a token"), token.err());
    Result both =
        run(
            "publisher",
            "--relay",
            "127.0.0.1:9",
            "--token",
            "a.b",
            "--token-file",
            key.toString());
    assertEquals(2, both.exitCode());
    assertEquals("moqbed: give --token or --token-file, not both\n", both.err());
    Path noFile = directory.resolve("none.token");
    Result missing = run("publisher", "--relay", "127.0.0.1:9", "--token-file", noFile.toString());
    assertEquals(2, missing.exitCode());
    assertEquals("moqbed: --token-file " + noFile + ": no such file\n", missing.err());
  }

  @Test
  void shouldRefuseAMetricsBindThatIsNoAddressOrHasNoPort() {
    Result name =
        run(
            "relay",
            "--listen",
            "127.0.0.1:0",
            "--metrics-port",
            "0",
            "--metrics-bind",
            "localhost");
    assertEquals(2, name.exitCode());
    assertTrue(name.err().contains("--metrics-bind must be an IP address"), name.err());
    Result alone = run("relay", "--listen", "127.0.0.1:0", "--metrics-bind", "0.0.0.0");
    assertEquals(2, alone.exitCode());
    assertEquals("moqbed: --metrics-bind needs --metrics-port\n", alone.err());
  }
}
