package dev.moqbed.transport.endpoint;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.crypto.StatelessResetKey;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.wire.ConnectionId;
import java.util.random.RandomGenerator;

/**
 * What protects an {@link Endpoint}'s packets: it builds each connection with the codec holding its
 * keys (TLS 1.3 in {@code transport-tls}, or {@link NullProtection}), says whether a packet that
 * opens is the peer's, and holds the key of the endpoint's stateless reset tokens.
 */
public interface EndpointSecurity {
  /** A connection and its codec. */
  record Made(QuicConnection connection, PacketCodec codec) {}

  Made client(
      ConnectionConfig config,
      ConnectionIds ids,
      ControllerFactory controllers,
      RandomGenerator random,
      long nowMicros);

  /**
   * @param originalDestinationId the Destination Connection ID of the client's first Initial
   * @param retrySourceId the Source Connection ID of the Retry the client's Initial answered (now
   *     its Destination Connection ID), null without a Retry
   */
  Made server(
      ConnectionConfig config,
      ConnectionIds ids,
      ConnectionId originalDestinationId,
      ConnectionId retrySourceId,
      ControllerFactory controllers,
      RandomGenerator random,
      long nowMicros);

  /**
   * Whether a packet that opens is the peer's (AEAD): then its protocol errors close, and the
   * endpoint may answer a client with a Retry (a client without TLS cannot answer one).
   */
  boolean authenticates();

  /** The key of this endpoint's stateless reset tokens; null to send no reset. */
  StatelessResetKey resetKey();
}
