package dev.moqbed.transport.wire;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * {@link FrameDecoder} on any packet payload: frames, or a {@link QuicWireException} with
 * FRAME_ENCODING_ERROR or PROTOCOL_VIOLATION, never an unchecked exception. The first input byte
 * chooses the packet type (bits 0-1) and the negotiated extensions (bit 2 DATAGRAM, bit 3
 * ACK_FREQUENCY); the rest is the payload.
 */
class FrameDecoderFuzzTest {
  private static final PacketType[] TYPES = {
    PacketType.INITIAL, PacketType.ZERO_RTT, PacketType.HANDSHAKE, PacketType.ONE_RTT
  };

  /** A max_datagram_frame_size as endpoints advertise it. */
  private static final int MAX_DATAGRAM_FRAME_BYTES = 1200;

  private static final Set<TransportErrorCode> REJECTIONS =
      WireFuzzChecks.codes(
          TransportErrorCode.FRAME_ENCODING_ERROR, TransportErrorCode.PROTOCOL_VIOLATION);

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyPayload(byte[] input) {
    if (input.length == 0) {
      return;
    }
    int choice = input[0];
    FrameDecoder decoder =
        new FrameDecoder()
            .acceptDatagrams((choice & 4) != 0 ? MAX_DATAGRAM_FRAME_BYTES : 0)
            .acceptAckFrequency((choice & 8) != 0);
    try {
      decoder.decode(
          ByteBuffer.wrap(input), 1, input.length, TYPES[choice & 3], new RecordingFrameHandler());
    } catch (QuicWireException rejected) {
      WireFuzzChecks.checkRejection(rejected, REJECTIONS);
    }
  }
}
