package dev.moqbed.live.node;

import dev.moqbed.live.reconnect.ReconnectPolicy;
import dev.moqbed.live.reconnect.RelayConnector;
import dev.moqbed.session.AuthorizationToken;
import java.util.Objects;

/**
 * How a client node keeps its session to a relay it does not run, as the {@code publisher} and
 * {@code subscriber} commands do ({@link RelayConnector}): the name the relay's certificate must
 * carry, the token presented in CLIENT_SETUP and on each request, how fast a lost relay is noticed
 * (QUIC idle timeout with keep-alives), and whether and how it reconnects. A node without one makes
 * one connection, as a chain's clients do: their relay runs in the same process.
 *
 * @param serverName the relay certificate's name ({@code localhost} for a loopback address)
 * @param token the authorization token, or {@link AuthorizationToken#NONE}
 * @param livenessMicros the relay counts as lost after this long without an answer
 * @param reconnect how to connect again after a loss; null: the session's loss ends the role
 */
public record ClientLink(
    String serverName, AuthorizationToken token, long livenessMicros, ReconnectPolicy reconnect) {
  public ClientLink {
    Objects.requireNonNull(serverName, "serverName");
    Objects.requireNonNull(token, "token");
    if (livenessMicros < RelayConnector.MIN_LIVENESS_MICROS) {
      throw new IllegalArgumentException("--liveness-timeout must be at least 100ms");
    }
  }
}
