package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.FuzzCodec.CODEC;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ControlStreamDecoder;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;

/**
 * The incremental control-stream decoder on any bytes in any chunking: it yields messages or a
 * {@link MoqtProtocolException}, never another exception, holds less than one frame at the limit
 * between frames, and every message it yields encodes again to the same message. Seeds: {@code
 * ControlStreamDecoderFuzzTestInputs/} in the test resources ({@link FuzzSeedWriter}).
 */
class ControlStreamDecoderFuzzTest {
  private final WireWriter out = CODEC.newWriter();

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyStream(byte[] input) {
    ControlStreamDecoder decoder = CODEC.newControlStreamDecoder();
    try {
      for (ByteBuffer chunk : StreamChunks.of(input)) {
        decoder.feed(chunk);
        for (ControlMessage message = decoder.next(); message != null; message = decoder.next()) {
          FuzzCodec.checkReencodes(message, reencode(message));
        }
        FuzzCodec.checkBuffered(decoder.bufferedBytes(), FuzzCodec.MAX_CONTROL_FRAME_BYTES);
      }
      decoder.onEndOfStream();
    } catch (MoqtProtocolException rejected) {
      FuzzCodec.checkRejection(rejected);
    }
  }

  private ControlMessage reencode(ControlMessage message) {
    out.clear();
    CODEC.encodeControl(message, out);
    return CODEC.decodeControl(out.view());
  }
}
