package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.ConnectionId;

/**
 * The Initial secrets of QUIC version 1 (RFC 9001 §5.2), derived from the Destination Connection ID
 * of the client's first Initial packet with the version 1 salt. Anyone who sees that packet can
 * derive them: Initial protection guards against off-path tampering and ossification, not against
 * observers. Initial packets always use AEAD_AES_128_GCM with SHA-256.
 */
public final class InitialSecrets {
  /** initial_salt for QUIC version 1 (RFC 9001 §5.2). */
  private static final byte[] VERSION_1_SALT = {
    0x38,
    0x76,
    0x2c,
    (byte) 0xf7,
    (byte) 0xf5,
    0x59,
    0x34,
    (byte) 0xb3,
    0x4d,
    0x17,
    (byte) 0x9a,
    (byte) 0xe6,
    (byte) 0xa4,
    (byte) 0xc8,
    0x0c,
    (byte) 0xad,
    (byte) 0xcc,
    (byte) 0xbb,
    0x7f,
    0x0a
  };

  private static final CipherSuite INITIAL_SUITE = CipherSuite.TLS_AES_128_GCM_SHA256;

  private final TrafficSecret client;
  private final TrafficSecret server;

  private InitialSecrets(TrafficSecret client, TrafficSecret server) {
    this.client = client;
    this.server = server;
  }

  /**
   * initial_secret = HKDF-Extract(initial_salt, client_dst_connection_id); client_initial_secret
   * and server_initial_secret are HKDF-Expand-Label of it with "client in" and "server in".
   *
   * @param clientDestinationConnectionId the Destination Connection ID of the client's first
   *     Initial; after a Retry, the one the client then chose (RFC 9001 §5.2)
   */
  public static InitialSecrets of(ConnectionId clientDestinationConnectionId) {
    return of(clientDestinationConnectionId.toByteArray());
  }

  /** As above, from the raw bytes. */
  public static InitialSecrets of(byte[] clientDestinationConnectionId) {
    Hkdf hkdf = INITIAL_SUITE.hkdf();
    byte[] initialSecret = initialSecret(clientDestinationConnectionId);
    int length = hkdf.hashLength();
    return new InitialSecrets(
        TrafficSecret.of(
            INITIAL_SUITE, hkdf.expandLabel(initialSecret, "client in", new byte[0], length)),
        TrafficSecret.of(
            INITIAL_SUITE, hkdf.expandLabel(initialSecret, "server in", new byte[0], length)));
  }

  /** HKDF-Extract(initial_salt, cid): the common secret both directions expand from. */
  static byte[] initialSecret(byte[] clientDestinationConnectionId) {
    return INITIAL_SUITE.hkdf().extract(VERSION_1_SALT, clientDestinationConnectionId);
  }

  /** The secret protecting Initial packets the client sends. */
  public TrafficSecret client() {
    return client;
  }

  /** The secret protecting Initial packets the server sends. */
  public TrafficSecret server() {
    return server;
  }

  /** Protection of client-sent Initials: the client seals with it, the server opens. */
  public PacketProtection clientProtection() {
    return AeadPacketProtection.of(client);
  }

  /** Protection of server-sent Initials: the server seals with it, the client opens. */
  public PacketProtection serverProtection() {
    return AeadPacketProtection.of(server);
  }
}
