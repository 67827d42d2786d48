package dev.moqbed.media.moqt.draft14;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectPayloads;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.wire.ByteArrayPool;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The {@link ObjectPayloads#SIZE_ONLY} decoder against the one that keeps payloads: the same
 * objects (but the payload's bytes) at the same byte, and a protocol error wherever the other one
 * rejects the stream; both decoders on arrays of one pool shared by every stream, whose contents a
 * decoder must never read as its own.
 */
class SubgroupSizeDecoderTest {
  private static final MoqtCodec CODEC = FuzzCodec.CODEC;

  @Test
  void deliversEachObjectWhenItsLastByteArrivesWithItsSizeAndNoBytes() {
    SubgroupHeader header = new SubgroupHeader(7, 3, SubgroupIdMode.ZERO, 0, 4, true, true);
    List<SubgroupObject> sent =
        List.of(
            new SubgroupObject(
                0,
                ObjectStatus.NORMAL,
                KeyValuePairs.of(ObjectExtension.captureTimestamp(5_000_000)),
                ByteString.copyOf(new byte[300])),
            new SubgroupObject(
                1,
                ObjectStatus.NORMAL,
                KeyValuePairs.of(ObjectExtension.captureTimestamp(5_033_333)),
                ByteString.utf8("P")),
            SubgroupObject.ofStatus(2, ObjectStatus.END_OF_GROUP));
    List<Integer> objectEnds = new ArrayList<>();
    byte[] stream = encode(header, sent, objectEnds);

    SubgroupStreamDecoder decoder =
        CODEC.newSubgroupStreamDecoder(ObjectPayloads.SIZE_ONLY, new ByteArrayPool(2, 1 << 16));
    List<SubgroupObject> received = new ArrayList<>();
    for (int i = 0; i < stream.length; i++) {
      decoder.feed(ByteBuffer.wrap(stream, i, 1));
      SubgroupObject object = decoder.nextObject();
      if (objectEnds.contains(i + 1)) {
        assertEquals(sizeOnly(sent.get(received.size())), object, "after byte " + i);
        received.add(object);
      } else {
        assertNull(object, "after byte " + i);
      }
      assertTrue(decoder.bufferedBytes() < 32, "holds no payload: " + decoder.bufferedBytes());
    }
    assertEquals(3, received.size());
    assertEquals(300, received.get(0).payloadSize());
    assertEquals(0, received.get(0).payload().size());
    assertEquals(header, decoder.header());
    decoder.onEndOfStream();
  }

  @Test
  void anObjectCutByTheEndOfTheStreamIsAnError() {
    SubgroupHeader header = new SubgroupHeader(7, 3, SubgroupIdMode.ZERO, 0, 4, false, false);
    byte[] stream =
        encode(header, List.of(SubgroupObject.of(0, ByteString.copyOf(new byte[500]))), null);
    SubgroupStreamDecoder decoder =
        CODEC.newSubgroupStreamDecoder(ObjectPayloads.SIZE_ONLY, new ByteArrayPool(2, 1 << 16));
    decoder.feed(ByteBuffer.wrap(stream, 0, stream.length - 1));
    assertNull(decoder.nextObject());
    MoqtProtocolException cut = assertThrows(MoqtProtocolException.class, decoder::onEndOfStream);
    assertEquals(Problem.INCOMPLETE_AT_END_OF_STREAM, cut.problem());
  }

  @Test
  void agreesWithTheDecoderThatKeepsPayloadsOnRandomAndDamagedStreams() {
    SplittableRandom random = new SplittableRandom(27);
    ByteArrayPool pool = new ByteArrayPool(3, 1 << 12);
    int rejected = 0;
    for (int run = 0; run < 4_000; run++) {
      byte[] stream = damaged(randomStream(random), random, run % 4);
      List<ByteBuffer> chunks = StreamChunks.of(StreamChunks.seed(1 + random.nextInt(80), stream));
      Outcome kept = decode(CODEC.newSubgroupStreamDecoder(), chunks, false);
      Outcome sized =
          decode(CODEC.newSubgroupStreamDecoder(ObjectPayloads.SIZE_ONLY, pool), chunks, true);
      List<SubgroupObject> expected = new ArrayList<>();
      kept.objects.forEach(object -> expected.add(sizeOnly(object)));
      assertEquals(expected, sized.objects, "run " + run);
      assertEquals(kept.error != null, sized.error != null, "run " + run + ": " + kept.error);
      if (kept.error != null) {
        rejected++;
      }
      Outcome pooled =
          decode(CODEC.newSubgroupStreamDecoder(ObjectPayloads.KEEP, pool), chunks, false);
      assertEquals(kept.objects, pooled.objects, "run " + run + ", pooled");
      assertEquals(String.valueOf(kept.error), String.valueOf(pooled.error), "run " + run);
    }
    assertTrue(rejected > 1_000 && rejected < 3_500, "damaged streams rejected: " + rejected);
  }

  @Test
  void aDatagramDecodedForItsSizeHasEveryFieldButThePayloadBytes() {
    ObjectDatagram sent =
        ObjectDatagram.of(
            5,
            9,
            2,
            3,
            KeyValuePairs.of(ObjectExtension.captureTimestamp(1_000)),
            ByteString.copyOf(new byte[80]));
    WireWriter out = CODEC.newWriter();
    CODEC.encodeDatagram(sent, out);
    ByteBuffer wire = out.view();
    ObjectDatagram sized = CODEC.decodeDatagram(wire, ObjectPayloads.SIZE_ONLY);
    assertEquals(0, wire.remaining());
    assertEquals(
        new ObjectDatagram(5, 9, 2, 3, false, ObjectStatus.NORMAL, sent.extensions(), empty(), 80),
        sized);
  }

  private static ByteString empty() {
    return ByteString.EMPTY;
  }

  private static SubgroupObject sizeOnly(SubgroupObject object) {
    return new SubgroupObject(
        object.objectId(),
        object.status(),
        object.extensions(),
        ByteString.EMPTY,
        object.payloadSize());
  }

  private record Outcome(List<SubgroupObject> objects, MoqtProtocolException error) {}

  private static Outcome decode(
      SubgroupStreamDecoder decoder, List<ByteBuffer> chunks, boolean sizeOnly) {
    List<SubgroupObject> objects = new ArrayList<>();
    try {
      for (ByteBuffer chunk : chunks) {
        decoder.feed(chunk.duplicate());
        for (SubgroupObject o = decoder.nextObject(); o != null; o = decoder.nextObject()) {
          objects.add(o);
        }
        if (sizeOnly) {
          assertTrue(decoder.bufferedBytes() <= FuzzCodec.LIMITS.maxExtensionHeadersBytes() + 40);
        }
      }
      decoder.onEndOfStream();
      return new Outcome(objects, null);
    } catch (MoqtProtocolException error) {
      return new Outcome(objects, error);
    } finally {
      decoder.release();
    }
  }

  /** 0: as encoded; 1: cut short; 2 and 3: one or a few bytes changed. */
  private static byte[] damaged(byte[] stream, SplittableRandom random, int how) {
    if (how == 0 || stream.length < 2) {
      return stream;
    }
    if (how == 1) {
      return java.util.Arrays.copyOf(stream, random.nextInt(stream.length));
    }
    byte[] copy = stream.clone();
    for (int i = 0; i < (how == 2 ? 1 : 4); i++) {
      copy[random.nextInt(copy.length)] = (byte) random.nextInt(256);
    }
    return copy;
  }

  private static byte[] randomStream(SplittableRandom random) {
    boolean extensions = random.nextBoolean();
    SubgroupIdMode mode = random.nextBoolean() ? SubgroupIdMode.ZERO : SubgroupIdMode.EXPLICIT;
    long subgroup = mode == SubgroupIdMode.ZERO ? 0 : random.nextInt(1 << 20);
    SubgroupHeader header =
        new SubgroupHeader(
            random.nextInt(1 << 14), random.nextInt(1 << 30), mode, subgroup, 7, extensions, false);
    List<SubgroupObject> objects = new ArrayList<>();
    long id = random.nextInt(4);
    int count = random.nextInt(6);
    for (int i = 0; i < count; i++) {
      KeyValuePairs pairs = KeyValuePairs.NONE;
      if (extensions && random.nextBoolean()) {
        pairs =
            KeyValuePairs.of(
                ObjectExtension.captureTimestamp(random.nextLong(1L << 40)),
                KeyValuePair.ofVarint(
                    ObjectExtension.RELAY_ARRIVAL_MICROS, random.nextInt(1 << 30)));
      }
      ObjectStatus status =
          i == count - 1 && random.nextInt(4) == 0
              ? ObjectStatus.END_OF_GROUP
              : ObjectStatus.NORMAL;
      ByteString payload =
          status == ObjectStatus.NORMAL
              ? ByteString.copyOf(randomBytes(random, random.nextInt(1_025)))
              : ByteString.EMPTY;
      objects.add(new SubgroupObject(id, status, pairs, payload));
      id += 1 + random.nextInt(3);
    }
    return encode(header, objects, null);
  }

  private static byte[] randomBytes(SplittableRandom random, int length) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) random.nextInt(256);
    }
    return bytes;
  }

  private static byte[] encode(
      SubgroupHeader header, List<SubgroupObject> objects, List<Integer> objectEnds) {
    WireWriter out = CODEC.newWriter();
    SubgroupStreamEncoder encoder = CODEC.newSubgroupStreamEncoder(header);
    encoder.writeHeader(out);
    for (SubgroupObject object : objects) {
      encoder.writeObject(object, out);
      if (objectEnds != null) {
        objectEnds.add(out.size());
      }
    }
    return out.toByteArray();
  }
}
