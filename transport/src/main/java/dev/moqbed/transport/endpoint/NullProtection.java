package dev.moqbed.transport.endpoint;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.crypto.StatelessResetKey;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.wire.ConnectionId;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The codec's null protection and the modelled handshake (CRYPTO byte counts): packets have QUIC's
 * sizes but no encryption, no authentication and no TLS. <b>Not QUIC</b>: only for measuring the
 * transport and its driver between two moqbed endpoints. No Retry, no stateless reset.
 */
public final class NullProtection implements EndpointSecurity {
  private int nextFlowId;

  @Override
  public Made client(
      ConnectionConfig config,
      ConnectionIds ids,
      ControllerFactory controllers,
      RandomGenerator random,
      long nowMicros) {
    QuicConnection connection =
        new QuicConnection(
            config,
            0,
            1,
            nextFlowId++,
            controllers,
            new SplittableRandom(random.nextLong()),
            new SplittableRandom(random.nextLong()),
            nowMicros);
    return new Made(connection, PacketCodec.withNullProtection(ids));
  }

  @Override
  public Made server(
      ConnectionConfig config,
      ConnectionIds ids,
      ConnectionId originalDestinationId,
      ConnectionId retrySourceId,
      ControllerFactory controllers,
      RandomGenerator random,
      long nowMicros) {
    return client(config, ids, controllers, random, nowMicros);
  }

  @Override
  public boolean authenticates() {
    return false;
  }

  @Override
  public StatelessResetKey resetKey() {
    return null;
  }

  @Override
  public String toString() {
    return "null protection (not QUIC)";
  }
}
