package dev.moqbed.transport.tls;

import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.StatelessResetToken;
import dev.moqbed.transport.wire.TransportParameters;

/**
 * The transport parameters a connection declares (RFC 9000 §18.2), from its {@link
 * ConnectionConfig}: the same limits the stack's peer mirrors, so a real handshake between two
 * project endpoints gives each the values the stack assumes.
 */
final class LocalTransportParameters {
  private LocalTransportParameters() {}

  /**
   * @param originalDestinationId for a server, the DCID of the client's first Initial; null for a
   *     client
   * @param retrySourceId for a server whose client answered its Retry, the Retry's Source
   *     Connection ID; null otherwise
   * @param resetToken for a server, the stateless reset token of its id, or null for none
   */
  static TransportParameters of(
      ConnectionConfig config,
      ConnectionId localId,
      ConnectionId originalDestinationId,
      ConnectionId retrySourceId,
      StatelessResetToken resetToken) {
    TransportParameters parameters =
        new TransportParameters()
            .initialSourceConnectionId(localId)
            .maxIdleTimeoutMillis(config.idleTimeoutMicros() / 1000)
            .maxUdpPayloadSize(PacketCodec.MAX_DATAGRAM_BYTES)
            .initialMaxData(config.initialMaxData())
            .initialMaxStreamDataBidiLocal(config.initialMaxStreamDataBidiLocal())
            .initialMaxStreamDataBidiRemote(config.initialMaxStreamDataBidiRemote())
            .initialMaxStreamDataUni(config.initialMaxStreamDataUni())
            // The window of open streams; MAX_STREAMS raises the count as they close (§4.6).
            .initialMaxStreamsBidi(config.maxStreamsBidi())
            .initialMaxStreamsUni(config.maxStreamsUni())
            .ackDelayExponent(TransportDefaults.ACK_DELAY_EXPONENT)
            .maxAckDelayMillis(TransportDefaults.MAX_ACK_DELAY_MICROS / 1000)
            .activeConnectionIdLimit(TransportDefaults.ACTIVE_CONNECTION_ID_LIMIT)
            .maxDatagramFrameSize(config.maxDatagramFrameSizeBytes())
            // ACK_FREQUENCY is sent and obeyed, as picoquic: the extension is offered.
            .minAckDelayMicros(TransportDefaults.MIN_ACK_DELAY_MICROS);
    if (originalDestinationId != null) {
      parameters.originalDestinationConnectionId(originalDestinationId);
    }
    if (retrySourceId != null) {
      parameters.retrySourceConnectionId(retrySourceId); // RFC 9000 §7.3: after a Retry
    }
    if (resetToken != null) {
      parameters.statelessResetToken(resetToken); // RFC 9000 §10.3, §18.2: servers only
    }
    return parameters;
  }
}
