package dev.moqbed.transport.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * {@link TransportParameterCodec#decode} on any parameter block: parameters that encode again to a
 * block that decodes to the same encoding, or a {@link QuicWireException} with
 * TRANSPORT_PARAMETER_ERROR, never an unchecked exception. Bit 0 of the first input byte says
 * whether a server sent the block (the server-only rules of RFC 9000 §18.2); the rest is the block.
 */
class TransportParameterCodecFuzzTest {
  private static final Set<TransportErrorCode> REJECTIONS =
      WireFuzzChecks.codes(TransportErrorCode.TRANSPORT_PARAMETER_ERROR);

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyBlock(byte[] input) throws QuicWireException {
    if (input.length == 0) {
      return;
    }
    boolean sentByServer = (input[0] & 1) != 0;
    TransportParameters decoded;
    try {
      decoded =
          TransportParameterCodec.decode(ByteBuffer.wrap(input), 1, input.length, sentByServer);
    } catch (QuicWireException rejected) {
      WireFuzzChecks.checkRejection(rejected, REJECTIONS);
      return;
    }
    // Accepted parameters are valid: they encode, and the encoding reads back the same.
    byte[] encoded = encode(decoded, sentByServer);
    TransportParameters again =
        TransportParameterCodec.decode(ByteBuffer.wrap(encoded), 0, encoded.length, sentByServer);
    assertArrayEquals(encoded, encode(again, sentByServer));
  }

  private static byte[] encode(TransportParameters parameters, boolean sentByServer) {
    ByteBuffer buffer = ByteBuffer.allocate(TransportParameterCodec.encodedSize(parameters));
    TransportParameterCodec.encode(buffer, parameters, sentByServer);
    assertEquals(buffer.capacity(), buffer.position(), "encodedSize disagrees with encode");
    return buffer.array();
  }
}
