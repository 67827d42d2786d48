package dev.moqbed.transport.udp;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.wire.ConnectionId;
import java.util.random.RandomGenerator;

/** Builds a connection and the codec holding its keys, the way one {@link UdpSecurity} wants. */
interface ConnectionMaker {
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
}
