package dev.moqbed.netty;

import io.netty.handler.codec.quic.QuicCodecBuilder;
import java.util.concurrent.TimeUnit;

/** The codec settings both endpoints share. */
final class QuicCodecs {
  private QuicCodecs() {}

  static <B extends QuicCodecBuilder<B>> B configure(B builder, QuicSettings settings) {
    return builder
        .congestionControlAlgorithm(settings.controller().algorithm())
        .maxIdleTimeout(settings.idleTimeoutMicros(), TimeUnit.MICROSECONDS)
        .maxSendUdpPayloadSize(settings.maxUdpPayloadBytes())
        .maxRecvUdpPayloadSize(settings.maxUdpPayloadBytes())
        .initialMaxData(settings.maxDataBytes())
        .initialMaxStreamDataBidirectionalLocal(settings.maxStreamDataBytes())
        .initialMaxStreamDataBidirectionalRemote(settings.maxStreamDataBytes())
        .initialMaxStreamDataUnidirectional(settings.maxStreamDataBytes())
        .initialMaxStreamsBidirectional(QuicSettings.MAX_STREAMS)
        .initialMaxStreamsUnidirectional(settings.maxIncomingUnidirectionalStreams())
        .datagram(QuicSettings.DATAGRAM_QUEUE, QuicSettings.DATAGRAM_QUEUE);
  }
}
