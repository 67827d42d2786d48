package dev.moqbed.transport.tls;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.crypto.InitialSecrets;
import dev.moqbed.transport.crypto.PacketProtection;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.StatelessResetToken;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Builds real QUIC v1 endpoints: a {@link QuicConnection} whose handshake is agent15's TLS 1.3
 * ({@link TlsCryptoHandshake}) and a {@link PacketCodec} under AEAD packet protection, with the
 * Initial keys from the client's original Destination Connection ID (RFC 9001 §5.2) and the later
 * ones installed as TLS produces them. One call per connection; the host moves the payloads.
 */
public final class QuicEndpointFactory {
  private QuicEndpointFactory() {}

  /**
   * A client. Its first Initial goes to {@code ids.remote()}, which is also its original
   * Destination Connection ID: the connection never changes ids.
   *
   * @param random seeds the controller's and the transport's generators
   */
  public static QuicEndpoint client(
      ConnectionConfig config,
      ClientTlsConfig tls,
      ConnectionIds ids,
      ControllerFactory controller,
      RandomGenerator random,
      long nowMicros) {
    requireRole(config, Role.CLIENT);
    ConnectionId originalDestinationId = ids.remote();
    PacketCodec codec = codec(config, ids, originalDestinationId, Role.CLIENT);
    TlsCryptoHandshake handshake =
        new TlsCryptoHandshake(
            Role.CLIENT,
            codec,
            ids,
            originalDestinationId,
            listener ->
                new Agent15ClientSession(
                    tls,
                    LocalTransportParameters.of(config, ids.local(), null, null, null),
                    listener));
    return endpoint(config, controller, random, nowMicros, codec, handshake);
  }

  /**
   * A server, made when a client's first Initial arrives.
   *
   * @param ids this end's id (the client's first Initial used it as Destination Connection ID) and
   *     the client's Source Connection ID
   * @param originalDestinationId the Destination Connection ID of that first Initial
   */
  public static QuicEndpoint server(
      ConnectionConfig config,
      ServerTlsContext tls,
      ConnectionIds ids,
      ConnectionId originalDestinationId,
      ControllerFactory controller,
      RandomGenerator random,
      long nowMicros) {
    return server(
        config, tls, ids, originalDestinationId, null, null, controller, random, nowMicros);
  }

  /**
   * A server that declares {@code resetToken} as the stateless_reset_token of its id (RFC 9000
   * §10.3): its endpoint can then end the connection with a Stateless Reset after losing it; and,
   * when the client's Initial followed a Retry, the Retry's id.
   *
   * @param retrySourceId the Source Connection ID of the Retry the client answered, which its
   *     Initial now carries as Destination Connection ID (the Initial keys come from it, and it is
   *     declared as retry_source_connection_id, §7.3); null without a Retry
   * @param resetToken the token of {@code ids.local()}, or null to declare none
   */
  public static QuicEndpoint server(
      ConnectionConfig config,
      ServerTlsContext tls,
      ConnectionIds ids,
      ConnectionId originalDestinationId,
      ConnectionId retrySourceId,
      StatelessResetToken resetToken,
      ControllerFactory controller,
      RandomGenerator random,
      long nowMicros) {
    requireRole(config, Role.SERVER);
    PacketCodec codec =
        codec(
            config,
            ids,
            retrySourceId != null ? retrySourceId : originalDestinationId,
            Role.SERVER);
    TlsCryptoHandshake handshake =
        new TlsCryptoHandshake(
            Role.SERVER,
            codec,
            ids,
            originalDestinationId,
            listener ->
                new Agent15ServerSession(
                    tls,
                    LocalTransportParameters.of(
                        config, ids.local(), originalDestinationId, retrySourceId, resetToken),
                    listener));
    return endpoint(config, controller, random, nowMicros, codec, handshake);
  }

  private static QuicEndpoint endpoint(
      ConnectionConfig config,
      ControllerFactory controller,
      RandomGenerator random,
      long nowMicros,
      PacketCodec codec,
      TlsCryptoHandshake handshake) {
    RandomGenerator transportRandom = new SplittableRandom(random.nextLong());
    QuicConnection connection =
        new QuicConnection(
            config,
            QuicEndpoint.LOCAL_NODE,
            QuicEndpoint.REMOTE_NODE,
            0,
            controller,
            random,
            transportRandom,
            handshake,
            nowMicros);
    return new QuicEndpoint(connection, codec, handshake);
  }

  /**
   * A codec with the Initial keys only, derived from {@code initialKeysId} (the Destination
   * Connection ID of the client's Initial, RFC 9001 §5.2); the handshake installs the others.
   */
  private static PacketCodec codec(
      ConnectionConfig config, ConnectionIds ids, ConnectionId initialKeysId, Role role) {
    InitialSecrets initial = InitialSecrets.of(initialKeysId);
    PacketProtection[] sealing = new PacketProtection[PacketSpace.values().length];
    PacketProtection[] opening = new PacketProtection[PacketSpace.values().length];
    boolean client = role == Role.CLIENT;
    sealing[PacketSpace.INITIAL.ordinal()] =
        client ? initial.clientProtection() : initial.serverProtection();
    opening[PacketSpace.INITIAL.ordinal()] =
        client ? initial.serverProtection() : initial.clientProtection();
    return new PacketCodec(
            ids,
            sealing,
            opening,
            TransportDefaults.ACK_DELAY_EXPONENT,
            config.maxDatagramFrameSizeBytes())
        .acceptForeignFrames()
        .enableKeyUpdate(config.keyUpdateIntervalPackets());
  }

  private static void requireRole(ConnectionConfig config, Role role) {
    if (config.role() != role) {
      throw new IllegalArgumentException("a " + role + " endpoint needs a " + role + " config");
    }
  }
}
