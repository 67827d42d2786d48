package dev.moqbed.app;

import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import dev.moqbed.relay.auth.TokenScope;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed token key|issue}: the relay's secret and the tokens it accepts. */
@Command(
    name = "token",
    mixinStandardHelpOptions = true,
    description = {
      "Authorization for a relay started with --auth-key: 'key' makes the relay's secret, 'issue'"
          + " signs a token (HMAC-SHA256 over its scopes, each a role on a namespace prefix, and its"
          + " expiry) that a publisher or subscriber passes with --token. See docs/security.md."
    },
    subcommands = {TokenCommand.Key.class, TokenCommand.Issue.class})
final class TokenCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code moqbed token key --out FILE}. */
  @Command(
      name = "key",
      mixinStandardHelpOptions = true,
      description = {
        "Writes a new random relay key (32 bytes from the system's SecureRandom, base64url) to"
            + " FILE, created with mode 0600; never overwrites a file."
      })
  static final class Key implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The key file.")
    Path out;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      byte[] secret = new byte[TokenKey.GENERATED_BYTES];
      new SecureRandom().nextBytes(secret);
      AuthFiles.writeNewKey(out, TokenKey.of(secret));
      PrintWriter err = spec.commandLine().getErr();
      err.println("moqbed: wrote a new relay key to " + out + " (mode 0600); keep it secret");
      err.flush();
      return 0;
    }
  }

  /**
   * {@code moqbed token issue --key FILE [--publish NS]... [--subscribe NS]... [--ttl 24h]}: one
   * token with every scope asked for.
   */
  @Command(
      name = "issue",
      mixinStandardHelpOptions = true,
      description = {
        "Prints a token that may publish under each --publish prefix and subscribe under each"
            + " --subscribe prefix (whole fields separated by '/': live/ covers live and live/cam1,"
            + " not livestream), valid until now + TTL. A publisher or subscriber passes it with"
            + " --token; a relay passes it to its upstream with --upstream-token."
      })
  static final class Issue implements Callable<Integer> {
    @Option(
        names = "--key",
        required = true,
        paramLabel = "FILE",
        description = "The relay's key (moqbed token key).")
    Path key;

    @Option(
        names = "--publish",
        paramLabel = "NS",
        description =
            "A namespace prefix the holder may publish (PUBLISH_NAMESPACE) under; repeatable.")
    List<String> publish = new ArrayList<>();

    @Option(
        names = "--subscribe",
        paramLabel = "NS",
        description = "A namespace prefix the holder may subscribe (SUBSCRIBE) under; repeatable.")
    List<String> subscribe = new ArrayList<>();

    @Option(
        names = {"--ttl", "--expires"},
        paramLabel = "TIME",
        defaultValue = "24h",
        converter = QuantityConverters.Duration.class,
        description = "Validity from now (default ${DEFAULT-VALUE}).")
    long ttlMicros;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if (ttlMicros <= 0) {
        throw new IllegalArgumentException("--ttl must be positive");
      }
      List<TokenScope> scopes = new ArrayList<>();
      for (String namespace : publish) {
        scopes.add(scope(TokenRole.PUBLISH, "--publish", namespace));
      }
      for (String namespace : subscribe) {
        scopes.add(scope(TokenRole.SUBSCRIBE, "--subscribe", namespace));
      }
      if (scopes.isEmpty()) {
        throw new IllegalArgumentException(
            "give at least one --publish NS or --subscribe NS (what the token allows)");
      }
      if (scopes.size() > TokenGrant.MAX_SCOPES) {
        throw new IllegalArgumentException(
            "at most " + TokenGrant.MAX_SCOPES + " --publish and --subscribe in one token");
      }
      TokenKey tokenKey = AuthFiles.readKey("--key", key);
      long expiresAt = Instant.now().getEpochSecond() + Math.max(1, ttlMicros / 1_000_000);
      TokenGrant grant = new TokenGrant(scopes, expiresAt);
      PrintWriter out = spec.commandLine().getOut();
      out.println(SignedTokens.issue(grant, tokenKey));
      out.flush();
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "moqbed: token for "
              + grant.scopesText()
              + "; expires "
              + Instant.ofEpochSecond(expiresAt));
      err.flush();
      return 0;
    }

    private static TokenScope scope(TokenRole role, String option, String namespace) {
      try {
        return TokenScope.of(role, namespace);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(option + " " + namespace + ": " + e.getMessage());
      }
    }
  }
}
