package dev.moqbed.media.moqt.draft14;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ControlStreamDecoder;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Seeded round trips: random records, encoded and decoded, come back equal. */
class Draft14RoundTripTest {
  private static final int ROUNDS = 2_000;

  private final MoqtCodec codec = MoqtCodecs.create(MoqtVersion.DRAFT_14, MoqtLimits.DEFAULT);

  @Test
  void shouldRoundTripEveryControlMessageWhenFieldsAreRandom() {
    RandomWire random = new RandomWire(0xC0_47_01L);
    WireWriter out = codec.newWriter();
    for (int round = 0; round < ROUNDS; round++) {
      for (int kind = 0; kind < RandomWire.CONTROL_KINDS; kind++) {
        ControlMessage message = random.control(kind);
        out.clear();
        codec.encodeControl(message, out);
        ByteBuffer frame = out.view();
        assertEquals(message, codec.decodeControl(frame), "round " + round);
        assertFalse(frame.hasRemaining());
      }
    }
  }

  @Test
  void shouldRoundTripControlStreamWhenChunksAreRandom() {
    RandomWire random = new RandomWire(0xC0_47_02L);
    for (int round = 0; round < 200; round++) {
      List<ControlMessage> sent = new ArrayList<>();
      WireWriter out = codec.newWriter();
      for (int i = 0; i < 20; i++) {
        ControlMessage message = random.control(random.random().nextInt(RandomWire.CONTROL_KINDS));
        sent.add(message);
        codec.encodeControl(message, out);
      }
      ControlStreamDecoder decoder = codec.newControlStreamDecoder();
      List<ControlMessage> received = new ArrayList<>();
      for (byte[] chunk : chunks(out.toByteArray(), random.random())) {
        decoder.feed(ByteBuffer.wrap(chunk));
        for (ControlMessage m = decoder.next(); m != null; m = decoder.next()) {
          received.add(m);
        }
      }
      decoder.onEndOfStream();
      assertEquals(sent, received, "round " + round);
    }
  }

  @Test
  void shouldRoundTripSubgroupStreamWhenFieldsAndChunksAreRandom() {
    RandomWire random = new RandomWire(0xC0_47_03L);
    for (int round = 0; round < ROUNDS; round++) {
      SubgroupHeader header = random.subgroupHeader();
      List<SubgroupObject> sent = random.subgroupObjects(header, 8);
      WireWriter out = codec.newWriter();
      SubgroupStreamEncoder encoder = codec.newSubgroupStreamEncoder(header);
      encoder.writeHeader(out);
      for (SubgroupObject object : sent) {
        encoder.writeObject(object, out);
      }
      SubgroupStreamDecoder decoder = codec.newSubgroupStreamDecoder();
      List<SubgroupObject> received = new ArrayList<>();
      for (byte[] chunk : chunks(out.toByteArray(), random.random())) {
        decoder.feed(ByteBuffer.wrap(chunk));
        for (SubgroupObject o = decoder.nextObject(); o != null; o = decoder.nextObject()) {
          received.add(o);
        }
      }
      decoder.onEndOfStream();
      assertEquals(sent, received, "round " + round);
      SubgroupHeader expectedHeader =
          sent.isEmpty() ? header : header.withFirstObjectId(sent.get(0).objectId());
      assertEquals(expectedHeader, decoder.header(), "round " + round);
    }
  }

  @Test
  void shouldRoundTripDatagramWhenFieldsAreRandom() {
    RandomWire random = new RandomWire(0xC0_47_04L);
    WireWriter out = codec.newWriter();
    for (int round = 0; round < 10 * ROUNDS; round++) {
      ObjectDatagram datagram = random.datagram();
      out.clear();
      codec.encodeDatagram(datagram, out);
      assertEquals(datagram, codec.decodeDatagram(out.view()), "round " + round);
    }
  }

  @Test
  void shouldNeedMoreBytesWhenOnlyAPrefixOfAStreamArrived() {
    RandomWire random = new RandomWire(0xC0_47_05L);
    WireWriter out = codec.newWriter();
    codec.encodeControl(random.control(5), out);
    byte[] frame = out.toByteArray();
    for (int cut = 0; cut < frame.length; cut++) {
      ControlStreamDecoder decoder = codec.newControlStreamDecoder();
      decoder.feed(ByteBuffer.wrap(Arrays.copyOf(frame, cut)));
      assertNull(decoder.next(), "prefix of " + cut + " bytes");
      assertEquals(cut, decoder.bufferedBytes());
    }
  }

  /** {@code bytes} cut into random pieces of 0 to 40 bytes (empty pieces included). */
  static List<byte[]> chunks(byte[] bytes, SplittableRandom random) {
    List<byte[]> out = new ArrayList<>();
    int at = 0;
    while (at < bytes.length) {
      int size = Math.min(bytes.length - at, random.nextInt(41));
      out.add(Arrays.copyOfRange(bytes, at, at + size));
      at += size;
    }
    return out;
  }
}
