package dev.moqbed.relay;

import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.session.AuthorizationToken;
import java.security.MessageDigest;

/**
 * When a PUBLISH_NAMESPACE may take a namespace from the session that holds it. After a relay stall
 * longer than the clients' liveness timeout, a publisher reconnects while the relay still holds its
 * old session (until QUIC's idle timeout, 10 s), and first come, first served would refuse the
 * broadcast its own namespace for that long. Two signs say the holder is that lost session:
 *
 * <ul>
 *   <li>the relay has a key and the newcomer presents the byte-identical token the holder published
 *       with (whoever holds that token could publish the namespace anyway);
 *   <li>nothing was received from the holder for {@link RelayConfig#namespaceTakeoverAfterMicros()}
 *       (0: never by silence). Measured at the MoQT level ({@link Peer#lastHeardMicros()}): a live
 *       publisher sends media, and the project's clients a keep-alive every 500 ms.
 * </ul>
 *
 * Either way the newcomer has already passed the relay's authorization for the namespace.
 */
final class NamespaceTakeover {
  private NamespaceTakeover() {}

  /**
   * Why the newcomer may take the namespace, for the log and the holder's close; null when it may
   * not.
   *
   * @param holderCredential the token the holder published with, null without one
   * @param newcomerCredential the token the newcomer publishes with, null without one
   */
  static String grounds(
      RelayContext context,
      long holderSilentMicros,
      byte[] holderCredential,
      byte[] newcomerCredential) {
    if (context.config().authKey() != null
        && holderCredential != null
        && newcomerCredential != null
        && MessageDigest.isEqual(holderCredential, newcomerCredential)) {
      return "the same token";
    }
    long after = context.config().namespaceTakeoverAfterMicros();
    if (after > 0 && holderSilentMicros >= after) {
      return "nothing received from the holder for "
          + Quantities.formatDuration(holderSilentMicros)
          + " (--namespace-takeover-after "
          + Quantities.formatDuration(after)
          + ")";
    }
    return null;
  }

  /**
   * The token a PUBLISH_NAMESPACE was authorized with: its own, else its session's CLIENT_SETUP's;
   * null when neither carried one.
   */
  static byte[] credential(KeyValuePairs requestParameters, KeyValuePairs setupParameters) {
    AuthorizationToken.Carried own = AuthorizationToken.read(requestParameters);
    if (!own.isMalformed() && !own.token().isNone()) {
      return own.token().value();
    }
    AuthorizationToken.Carried setup = AuthorizationToken.read(setupParameters);
    return setup.isMalformed() || setup.token().isNone() ? null : setup.token().value();
  }
}
