package dev.moqbed.media.moqt.draft14;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ControlStreamDecoder;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.SetupParameter;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stream decoders fed one byte at a time: each message appears exactly when complete. */
class Draft14IncrementalDecoderTest {
  private final MoqtCodec codec = MoqtCodecs.create(MoqtVersion.DRAFT_14, MoqtLimits.DEFAULT);

  @Test
  void shouldEmitEachControlMessageOnItsLastByteWhenFedOneByteAtATime() {
    List<ControlMessage> sent =
        List.of(
            new ClientSetup(
                List.of(0xff00000eL),
                KeyValuePairs.of(KeyValuePair.ofVarint(SetupParameter.MAX_REQUEST_ID, 64))),
            new PublishNamespace(0, TrackNamespace.of("moq", "clk"), KeyValuePairs.NONE),
            new Subscribe(
                2,
                TrackNamespace.of("moq", "clk"),
                ByteString.utf8("video"),
                10,
                GroupOrder.ASCENDING,
                true,
                SubscribeFilter.nextGroupStart(),
                KeyValuePairs.NONE));
    WireWriter out = codec.newWriter();
    List<Integer> frameEnds = new ArrayList<>();
    for (ControlMessage message : sent) {
      codec.encodeControl(message, out);
      frameEnds.add(out.size());
    }
    byte[] stream = out.toByteArray();

    ControlStreamDecoder decoder = codec.newControlStreamDecoder();
    List<ControlMessage> received = new ArrayList<>();
    for (int i = 0; i < stream.length; i++) {
      decoder.feed(ByteBuffer.wrap(stream, i, 1));
      ControlMessage message = decoder.next();
      if (frameEnds.contains(i + 1)) {
        assertEquals(sent.get(received.size()), message, "after byte " + i);
        received.add(message);
        assertEquals(0, decoder.bufferedBytes());
      } else {
        assertNull(message, "after byte " + i);
      }
    }
    assertEquals(sent, received);
    decoder.onEndOfStream();
  }

  @Test
  void shouldEmitHeaderThenEachObjectWhenSubgroupStreamIsFedOneByteAtATime() {
    SubgroupHeader header = SubgroupHeader.of(3, 12, 0, 0x20).withExtensions(true);
    List<SubgroupObject> sent =
        List.of(
            new SubgroupObject(
                0,
                ObjectStatus.NORMAL,
                KeyValuePairs.of(ObjectExtension.captureTimestamp(5_000_000)),
                ByteString.copyOf(new byte[300])), // I frame: 2-byte payload length
            new SubgroupObject(
                1,
                ObjectStatus.NORMAL,
                KeyValuePairs.of(ObjectExtension.captureTimestamp(5_033_333)),
                ByteString.utf8("P")),
            SubgroupObject.ofStatus(2, ObjectStatus.END_OF_GROUP));
    WireWriter out = codec.newWriter();
    SubgroupStreamEncoder encoder = codec.newSubgroupStreamEncoder(header);
    encoder.writeHeader(out);
    int headerEnd = out.size();
    List<Integer> objectEnds = new ArrayList<>();
    for (SubgroupObject object : sent) {
      encoder.writeObject(object, out);
      objectEnds.add(out.size());
    }
    byte[] stream = out.toByteArray();

    SubgroupStreamDecoder decoder = codec.newSubgroupStreamDecoder();
    List<SubgroupObject> received = new ArrayList<>();
    for (int i = 0; i < stream.length; i++) {
      decoder.feed(ByteBuffer.wrap(stream, i, 1));
      SubgroupObject object = decoder.nextObject();
      assertEquals(i + 1 >= headerEnd, decoder.header() != null, "after byte " + i);
      if (objectEnds.contains(i + 1)) {
        assertEquals(sent.get(received.size()), object, "after byte " + i);
        received.add(object);
      } else {
        assertNull(object, "after byte " + i);
      }
    }
    assertEquals(sent, received);
    assertEquals(header, decoder.header());
    decoder.onEndOfStream();
  }
}
