package dev.moqbed.transport.tls;

import java.util.Objects;

/**
 * The two TLS traffic secrets of one encryption level (RFC 9001 §4.1.4, §5.1) and the cipher suite
 * they go with: what the packet protection layer expands into key, IV and header protection key
 * with HKDF-Expand-Label "quic key", "quic iv" and "quic hp".
 *
 * <p>Arrays are copied in and out, so no holder can change what another one sees.
 *
 * @param level {@link EncryptionLevel#HANDSHAKE} or {@link EncryptionLevel#ONE_RTT}
 */
public record TrafficSecrets(
    EncryptionLevel level, TlsCipherSuite suite, byte[] clientSecret, byte[] serverSecret) {

  public TrafficSecrets {
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(suite, "suite");
    if (level == EncryptionLevel.INITIAL) {
      // Initial secrets come from the client's first DCID (RFC 9001 §5.2), never from TLS.
      throw new IllegalArgumentException("Initial secrets are not TLS traffic secrets");
    }
    clientSecret = clientSecret.clone();
    serverSecret = serverSecret.clone();
  }

  /** The secret protecting what the client sends at this level. */
  @Override
  public byte[] clientSecret() {
    return clientSecret.clone();
  }

  /** The secret protecting what the server sends at this level. */
  @Override
  public byte[] serverSecret() {
    return serverSecret.clone();
  }

  @Override
  public String toString() {
    // Secrets stay out of logs.
    return "TrafficSecrets[" + level + ", " + suite + "]";
  }
}
