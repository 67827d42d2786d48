package dev.moqbed.app;

import dev.moqbed.live.node.ClientLink;
import dev.moqbed.live.reconnect.ReconnectPolicy;
import dev.moqbed.live.reconnect.RelayConnector;
import dev.moqbed.session.AuthorizationToken;
import java.nio.file.Path;
import java.util.Random;
import picocli.CommandLine.Option;

/**
 * A live client's session options: the authorization token it presents, how fast it notices a lost
 * relay, and whether it reconnects.
 *
 * <p>Reconnect is on by default for {@code publisher} and {@code subscriber}: they are what runs
 * against a deployed relay, which systemd restarts on failure (deploy/), and a restart should cost
 * a broadcast a gap, not its end. It stays bounded (10 attempts, about 2 minutes), so a relay that
 * is really gone still ends the run with exit code 1. {@code chain} runs its own relay in-process
 * and has no use for it.
 */
final class ClientSessionOptions {
  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      description =
          "Authorization token (moqbed token issue) for a relay started with --auth-key; sent in"
              + " the draft-14 AUTHORIZATION TOKEN parameter. Visible in the process list: prefer"
              + " --token-file on shared hosts.")
  String token;

  @Option(names = "--token-file", paramLabel = "FILE", description = "Read the token from FILE.")
  Path tokenFile;

  @Option(
      names = "--reconnect",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "After losing the relay, connect again with exponential backoff and jitter (250 ms"
              + " doubling to 30 s), re-announce or re-subscribe; one line per attempt"
              + " (default: on; --no-reconnect to end instead).")
  boolean reconnect;

  @Option(
      names = "--reconnect-attempts",
      paramLabel = "N",
      defaultValue = "" + ReconnectPolicy.DEFAULT_ATTEMPTS,
      description = "Attempts before giving up (default ${DEFAULT-VALUE}).")
  int reconnectAttempts;

  @Option(
      names = "--reconnect-seed",
      paramLabel = "N",
      description = "Seed of the backoff jitter, for repeatable delays (default: random).")
  Long reconnectSeed;

  @Option(
      names = "--liveness-timeout",
      paramLabel = "TIME",
      defaultValue = "2s",
      converter = QuantityConverters.Duration.class,
      description =
          "The relay counts as lost after this long without an answer (QUIC idle timeout, with"
              + " keep-alives four times as often) (default ${DEFAULT-VALUE}).")
  long livenessMicros = RelayConnector.DEFAULT_LIVENESS_MICROS;

  /** The token to present; none without --token or --token-file. */
  AuthorizationToken token() {
    return AuthFiles.token(token, tokenFile);
  }

  /** The reconnect policy; null with --no-reconnect. */
  ReconnectPolicy policy() {
    if (!reconnect) {
      return null;
    }
    Random random = reconnectSeed == null ? new Random() : new Random(reconnectSeed);
    return ReconnectPolicy.defaults(reconnectAttempts, random);
  }

  /**
   * How a client keeps its session to the relay: {@code serverName} checked in its certificate,
   * {@code token} presented, the liveness timeout, and reconnect when {@link #policy()} says so.
   *
   * @throws IllegalArgumentException for a liveness timeout under 100 ms
   */
  ClientLink link(String serverName, AuthorizationToken token) {
    return new ClientLink(serverName, token, livenessMicros, policy());
  }
}
