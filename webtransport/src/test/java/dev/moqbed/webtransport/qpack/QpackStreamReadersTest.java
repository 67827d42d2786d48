package dev.moqbed.webtransport.qpack;

import static dev.moqbed.webtransport.Hex.assertHttp3Error;
import static dev.moqbed.webtransport.Hex.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class QpackStreamReadersTest {
  @Test
  void shouldAcceptOnlyAZeroCapacityOnTheEncoderStream() {
    QpackEncoderStreamReader reader = new QpackEncoderStreamReader();
    reader.append(ByteBuffer.wrap(bytes("20 20")));
    long error = Http3ErrorCode.QPACK_ENCODER_STREAM_ERROR;
    assertHttp3Error(
        error, () -> new QpackEncoderStreamReader().append(ByteBuffer.wrap(bytes("3f e1 1f"))));
    assertHttp3Error(
        error, () -> new QpackEncoderStreamReader().append(ByteBuffer.wrap(bytes("c1 01 61"))));
    assertHttp3Error(
        error, () -> new QpackEncoderStreamReader().append(ByteBuffer.wrap(bytes("00"))));
  }

  @Test
  void shouldAcceptStreamCancellationsEvenWhenSplit() {
    QpackDecoderStreamReader reader = new QpackDecoderStreamReader();
    // Cancel stream 4 (one byte), then stream 400 = 63 + 337: 7f d1 02, split after its first byte.
    reader.append(ByteBuffer.wrap(bytes("44 7f")));
    assertEquals(1, reader.cancelledStreams());
    reader.append(ByteBuffer.wrap(bytes("d1 02")));
    assertEquals(2, reader.cancelledStreams());
  }

  @Test
  void shouldRefuseAcknowledgmentsAndIncrementsOnTheDecoderStream() {
    long error = Http3ErrorCode.QPACK_DECODER_STREAM_ERROR;
    assertHttp3Error(
        error, () -> new QpackDecoderStreamReader().append(ByteBuffer.wrap(bytes("80"))));
    assertHttp3Error(
        error, () -> new QpackDecoderStreamReader().append(ByteBuffer.wrap(bytes("01"))));
  }
}
