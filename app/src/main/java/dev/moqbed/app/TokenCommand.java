package dev.moqbed.app;

import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
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
          + " signs a token (HMAC-SHA256 over role, namespace prefix and expiry) that a publisher"
          + " or subscriber passes with --token. See docs/security.md."
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

  /** {@code moqbed token issue --key FILE --role R --namespace NS [--expires 24h]}. */
  @Command(
      name = "issue",
      mixinStandardHelpOptions = true,
      description = {
        "Prints a token for ROLE on every namespace under NS (whole fields separated by '/': live"
            + " covers live and live/cam1, not livestream), valid until now + TIME."
      })
  static final class Issue implements Callable<Integer> {
    @Option(
        names = "--key",
        required = true,
        paramLabel = "FILE",
        description = "The relay's key (moqbed token key).")
    Path key;

    @Option(
        names = "--role",
        required = true,
        paramLabel = "ROLE",
        description = "publish (PUBLISH_NAMESPACE) or subscribe (SUBSCRIBE).")
    String role;

    @Option(
        names = "--namespace",
        required = true,
        paramLabel = "NS",
        description = "Namespace prefix the token covers.")
    String namespace;

    @Option(
        names = "--expires",
        paramLabel = "TIME",
        defaultValue = "24h",
        converter = QuantityConverters.Duration.class,
        description = "Validity from now (default ${DEFAULT-VALUE}).")
    long expiresMicros;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if (expiresMicros <= 0) {
        throw new IllegalArgumentException("--expires must be positive");
      }
      TokenRole tokenRole = TokenRole.ofLabel(role);
      TokenKey tokenKey = AuthFiles.readKey("--key", key);
      long expiresAt = Instant.now().getEpochSecond() + Math.max(1, expiresMicros / 1_000_000);
      TokenGrant grant = TokenGrant.of(tokenRole, namespace, expiresAt);
      PrintWriter out = spec.commandLine().getOut();
      out.println(SignedTokens.issue(grant, tokenKey));
      out.flush();
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "moqbed: "
              + tokenRole.label()
              + " token for namespace "
              + grant.prefixText()
              + ", expires "
              + Instant.ofEpochSecond(expiresAt));
      err.flush();
      return 0;
    }
  }
}
