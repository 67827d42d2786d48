package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.FuzzCodec.CODEC;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The incremental subgroup-stream decoder on any bytes in any chunking: a header and objects or a
 * {@link MoqtProtocolException}, never another exception; less than one frame at the limit buffered
 * between frames; the header and objects it yields encode again (as a relay forwards them) to the
 * same stream.
 */
class SubgroupStreamDecoderFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyStream(byte[] input) {
    SubgroupStreamDecoder decoder = CODEC.newSubgroupStreamDecoder();
    List<SubgroupObject> objects = new ArrayList<>();
    try {
      for (ByteBuffer chunk : StreamChunks.of(input)) {
        decoder.feed(chunk);
        for (SubgroupObject o = decoder.nextObject(); o != null; o = decoder.nextObject()) {
          objects.add(o);
        }
        FuzzCodec.checkBuffered(decoder.bufferedBytes(), FuzzCodec.MAX_SUBGROUP_FRAME_BYTES);
      }
      decoder.onEndOfStream();
    } catch (MoqtProtocolException rejected) {
      FuzzCodec.checkRejection(rejected);
      return;
    }
    FuzzCodec.checkReencodes(objects, reencode(decoder, objects));
  }

  /** The objects written behind the decoded header, decoded again by a fresh decoder. */
  private static List<SubgroupObject> reencode(
      SubgroupStreamDecoder decoded, List<SubgroupObject> objects) {
    WireWriter out = CODEC.newWriter();
    SubgroupStreamEncoder encoder = CODEC.newSubgroupStreamEncoder(decoded.header());
    encoder.writeHeader(out);
    for (SubgroupObject object : objects) {
      encoder.writeObject(object, out);
    }
    SubgroupStreamDecoder again = CODEC.newSubgroupStreamDecoder();
    again.feed(out.view());
    List<SubgroupObject> result = new ArrayList<>();
    for (SubgroupObject o = again.nextObject(); o != null; o = again.nextObject()) {
      result.add(o);
    }
    FuzzCodec.checkReencodes(decoded.header(), again.header());
    return result;
  }
}
