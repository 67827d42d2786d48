package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.FuzzCodec.CODEC;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;

/**
 * The object-datagram decoder on any payload: a datagram that encodes again to the same datagram,
 * or a {@link MoqtProtocolException}, never another exception.
 */
class ObjectDatagramDecoderFuzzTest {
  private final WireWriter out = CODEC.newWriter();

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyDatagram(byte[] input) {
    ObjectDatagram datagram;
    try {
      datagram = CODEC.decodeDatagram(ByteBuffer.wrap(input));
    } catch (MoqtProtocolException rejected) {
      FuzzCodec.checkRejection(rejected);
      return;
    }
    out.clear();
    CODEC.encodeDatagram(datagram, out);
    FuzzCodec.checkReencodes(datagram, CODEC.decodeDatagram(out.view()));
  }
}
