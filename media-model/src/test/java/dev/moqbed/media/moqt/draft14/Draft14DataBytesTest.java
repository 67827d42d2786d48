package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.WireBytes.assertViolation;
import static dev.moqbed.media.moqt.WireBytes.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Draft-14 subgroup streams and object datagrams against hand-built bytes (§10). */
class Draft14DataBytesTest {
  private final MoqtCodec codec = MoqtCodecs.create(MoqtVersion.DRAFT_14, MoqtLimits.DEFAULT);

  /** The capture-timestamp header for 1 s: type 0x3800 (2-byte varint 7800), 10^6 (800f4240). */
  private static final String CAPTURE_1S = "7800 800f4240";

  private byte[] encodeStream(SubgroupHeader header, SubgroupObject... objects) {
    WireWriter out = codec.newWriter();
    SubgroupStreamEncoder encoder = codec.newSubgroupStreamEncoder(header);
    encoder.writeHeader(out);
    for (SubgroupObject object : objects) {
      encoder.writeObject(object, out);
    }
    return out.toByteArray();
  }

  private List<SubgroupObject> decodeStream(byte[] bytes, SubgroupStreamDecoder decoder) {
    decoder.feed(ByteBuffer.wrap(bytes));
    List<SubgroupObject> objects = new ArrayList<>();
    for (SubgroupObject object = decoder.nextObject();
        object != null;
        object = decoder.nextObject()) {
      objects.add(object);
    }
    decoder.onEndOfStream();
    return objects;
  }

  private static ByteString text(String s) {
    return ByteString.utf8(s);
  }

  @Test
  void shouldMatchDraftExampleWhenSubgroupHasExplicitIdAndTwoObjects() {
    // The draft's §10.5 example: type 0x14, alias 2, group 0, subgroup 0, priority 0.
    SubgroupHeader header = SubgroupHeader.of(2, 0, 0, 0);
    SubgroupObject abcd = SubgroupObject.of(0, text("abcd"));
    SubgroupObject efgh = SubgroupObject.of(1, text("efgh"));
    String expected =
        "14 | 02 | 00 | 00 | 00" // type (explicit subgroup id), alias, group, subgroup, priority
            + "00 | 04 61626364" // object 0: delta 0, length 4, "abcd"
            + "00 | 04 65666768"; // object 1: delta 0 (= previous + 1), length 4, "efgh"
    assertArrayEquals(hex(expected), encodeStream(header, abcd, efgh));
    SubgroupStreamDecoder decoder = codec.newSubgroupStreamDecoder();
    assertEquals(List.of(abcd, efgh), decodeStream(hex(expected), decoder));
    assertEquals(header, decoder.header());
  }

  @Test
  void shouldCarryCaptureTimestampWhenSubgroupHasExtensions() {
    SubgroupHeader header = SubgroupHeader.of(2, 0, 0, 0).withExtensions(true);
    SubgroupObject first =
        new SubgroupObject(
            0,
            ObjectStatus.NORMAL,
            KeyValuePairs.of(
                ObjectExtension.captureTimestamp(1_000_000), KeyValuePair.ofBytes(77, text("ab"))),
            text("abcd"));
    SubgroupObject second = SubgroupObject.of(1, text("efgh"));
    String expected =
        "15 | 02 00 00 00" // type 0x15: explicit subgroup id + extensions
            + "00" // object 0
            + "0b" // extension headers length 11
            + CAPTURE_1S // capture timestamp 1,000,000 us (6 bytes)
            + "404d 02 6162" // type 77 (odd, 2-byte varint), length 2, "ab" (5 bytes)
            + "04 61626364" // payload "abcd"
            + "00 | 00 | 04 65666768"; // object 1: no extensions still has length 0
    assertArrayEquals(hex(expected), encodeStream(header, first, second));
    List<SubgroupObject> decoded = decodeStream(hex(expected), codec.newSubgroupStreamDecoder());
    assertEquals(List.of(first, second), decoded);
    assertEquals(
        1_000_000, ObjectExtension.captureTimeMicros(decoded.get(0).extensions()).orElseThrow());
  }

  @Test
  void shouldEncodeGapsAndStatusWhenObjectIdsSkip() {
    // Subgroup id 0 implied (type 0x10); objects 0 and 5, then End of Group at 6.
    SubgroupHeader header = new SubgroupHeader(9, 3, SubgroupIdMode.ZERO, 0, 0x40, false, false);
    String expected =
        "10 | 09 | 03 | 40" // no subgroup id field, priority 64
            + "00 | 01 aa" // object 0, 1 byte
            + "04 | 01 bb" // object 5: delta 4 = 5 - 0 - 1
            + "00 | 00 | 03"; // object 6: length 0, so a status follows: End of Group
    SubgroupObject[] objects = {
      SubgroupObject.of(0, ByteString.copyOf(hex("aa"))),
      SubgroupObject.of(5, ByteString.copyOf(hex("bb"))),
      SubgroupObject.ofStatus(6, ObjectStatus.END_OF_GROUP)
    };
    assertArrayEquals(hex(expected), encodeStream(header, objects));
    assertEquals(List.of(objects), decodeStream(hex(expected), codec.newSubgroupStreamDecoder()));
  }

  @Test
  void shouldResolveSubgroupIdWhenItIsTheFirstObjectId() {
    SubgroupHeader header =
        new SubgroupHeader(
            1, 2, SubgroupIdMode.FIRST_OBJECT_ID, SubgroupHeader.UNRESOLVED, 0, false, true);
    String expected =
        "1a | 01 | 02 | 00" // type 0x1A: first-object-id mode + end of group; no subgroup field
            + "07 | 00 | 00"; // object 7, length 0, status Normal (an empty object)
    SubgroupObject empty = SubgroupObject.of(7, ByteString.EMPTY);
    assertArrayEquals(hex(expected), encodeStream(header, empty));
    SubgroupStreamDecoder decoder = codec.newSubgroupStreamDecoder();
    assertEquals(List.of(empty), decodeStream(hex(expected), decoder));
    assertEquals(7, decoder.header().subgroupId());
    assertEquals(SubgroupIdMode.FIRST_OBJECT_ID, decoder.header().subgroupIdMode());
  }

  @ParameterizedTest(name = "type 0x{0}")
  @CsvSource({
    // type, subgroup id mode, extensions, end of group
    "10, ZERO, false, false",
    "11, ZERO, true, false",
    "12, FIRST_OBJECT_ID, false, false",
    "13, FIRST_OBJECT_ID, true, false",
    "14, EXPLICIT, false, false",
    "15, EXPLICIT, true, false",
    "18, ZERO, false, true",
    "19, ZERO, true, true",
    "1a, FIRST_OBJECT_ID, false, true",
    "1b, FIRST_OBJECT_ID, true, true",
    "1c, EXPLICIT, false, true",
    "1d, EXPLICIT, true, true"
  })
  void shouldMapEverySubgroupTypeWhenDecodingHeader(
      String type, SubgroupIdMode mode, boolean extensions, boolean endOfGroup) {
    String subgroupField = mode == SubgroupIdMode.EXPLICIT ? "05" : "";
    SubgroupStreamDecoder decoder = codec.newSubgroupStreamDecoder();
    decoder.feed(ByteBuffer.wrap(hex(type + "01 02" + subgroupField + "80")));
    SubgroupHeader header = decoder.header();
    assertEquals(mode, header.subgroupIdMode());
    assertEquals(extensions, header.extensionsPresent());
    assertEquals(endOfGroup, header.containsEndOfGroup());
    assertEquals(0x80, header.publisherPriority());
    long expectedSubgroup =
        mode == SubgroupIdMode.EXPLICIT ? 5 : mode == SubgroupIdMode.ZERO ? 0 : -1;
    assertEquals(expectedSubgroup, header.subgroupId());
    // And the encoder picks the same type back.
    assertEquals(Integer.parseInt(type, 16), Draft14DataCodec.subgroupType(header));
  }

  @ParameterizedTest(name = "type 0x{0}")
  @ValueSource(strings = {"05", "0f", "16", "17", "1e", "1f", "20", "30", "80004010"})
  void shouldRejectStreamWhenTypeIsNotASubgroupHeader(String type) {
    SubgroupStreamDecoder decoder = codec.newSubgroupStreamDecoder();
    // Only the type is fed: the rejection must not wait for the rest of the header. (80004010
    // is 0x4010; note that 4010 would be a legal two-byte encoding of 0x10.)
    decoder.feed(ByteBuffer.wrap(hex(type)));
    assertViolation(Problem.UNKNOWN_TYPE, decoder::header);
  }

  @Test
  void shouldRefuseObjectsWhenTheyBreakTheStreamRules() {
    SubgroupStreamEncoder encoder = codec.newSubgroupStreamEncoder(SubgroupHeader.of(1, 1, 1, 1));
    WireWriter out = codec.newWriter();
    assertThrows(
        IllegalStateException.class,
        () -> encoder.writeObject(SubgroupObject.of(0, text("x")), out));
    encoder.writeHeader(out);
    encoder.writeObject(SubgroupObject.of(3, text("x")), out);
    assertThrows(
        IllegalArgumentException.class,
        () -> encoder.writeObject(SubgroupObject.of(3, text("x")), out));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            encoder.writeObject(
                new SubgroupObject(
                    4,
                    ObjectStatus.NORMAL,
                    KeyValuePairs.of(ObjectExtension.captureTimestamp(1)),
                    text("x")),
                out));
  }

  // ---- datagrams

  private void assertDatagram(ObjectDatagram datagram, String expected) {
    WireWriter out = codec.newWriter();
    codec.encodeDatagram(datagram, out);
    assertArrayEquals(hex(expected), out.toByteArray(), "encoding of " + datagram);
    assertEquals(datagram, codec.decodeDatagram(ByteBuffer.wrap(hex(expected))));
    assertSameBytesUnderAnotherAlias(datagram, 300); // a two-byte varint where 2 was one byte
  }

  /** The datagram encoded under {@code alias} is the encoding of a copy that has that alias. */
  private void assertSameBytesUnderAnotherAlias(ObjectDatagram datagram, long alias) {
    ObjectDatagram copy =
        new ObjectDatagram(
            alias,
            datagram.groupId(),
            datagram.objectId(),
            datagram.publisherPriority(),
            datagram.endOfGroup(),
            datagram.status(),
            datagram.extensions(),
            datagram.payload());
    WireWriter ofCopy = codec.newWriter();
    codec.encodeDatagram(copy, ofCopy);
    WireWriter underAlias = codec.newWriter();
    codec.encodeDatagram(datagram, alias, underAlias);
    assertArrayEquals(ofCopy.toByteArray(), underAlias.toByteArray(), "under alias " + alias);
  }

  @Test
  void shouldMatchDraftLayoutForEveryPayloadDatagramType() {
    KeyValuePairs capture = KeyValuePairs.of(ObjectExtension.captureTimestamp(1_000_000));
    ByteString hi = text("hi");
    // type 0x00: object id present, no extensions, not end of group; payload runs to the end
    assertDatagram(
        ObjectDatagram.of(2, 5, 3, 0x80, KeyValuePairs.NONE, hi), "00 | 02 | 05 | 03 | 80 | 6869");
    // type 0x01: + extensions (length 6, capture timestamp)
    assertDatagram(
        ObjectDatagram.of(2, 5, 3, 0x80, capture, hi),
        "01 | 02 05 03 80 | 06 " + CAPTURE_1S + " | 6869");
    // type 0x02: end of group
    assertDatagram(
        new ObjectDatagram(2, 5, 3, 0x80, true, ObjectStatus.NORMAL, KeyValuePairs.NONE, hi),
        "02 | 02 05 03 80 | 6869");
    // type 0x03: end of group + extensions
    assertDatagram(
        new ObjectDatagram(2, 5, 3, 0x80, true, ObjectStatus.NORMAL, capture, hi),
        "03 | 02 05 03 80 | 06 " + CAPTURE_1S + " | 6869");
    // type 0x04: object id 0 is omitted
    assertDatagram(
        ObjectDatagram.of(2, 5, 0, 0x80, KeyValuePairs.NONE, hi), "04 | 02 | 05 | 80 | 6869");
    // type 0x05: object id omitted + extensions
    assertDatagram(
        ObjectDatagram.of(2, 5, 0, 0x80, capture, hi),
        "05 | 02 05 80 | 06 " + CAPTURE_1S + " | 6869");
    // type 0x06: object id omitted + end of group
    assertDatagram(
        new ObjectDatagram(2, 5, 0, 0x80, true, ObjectStatus.NORMAL, KeyValuePairs.NONE, hi),
        "06 | 02 05 80 | 6869");
    // type 0x07: object id omitted + end of group + extensions
    assertDatagram(
        new ObjectDatagram(2, 5, 0, 0x80, true, ObjectStatus.NORMAL, capture, hi),
        "07 | 02 05 80 | 06 " + CAPTURE_1S + " | 6869");
  }

  @Test
  void shouldMatchDraftLayoutForStatusDatagrams() {
    // type 0x20: object id always present, status instead of payload: End of Track (4)
    assertDatagram(
        new ObjectDatagram(
            2, 5, 9, 0x80, false, ObjectStatus.END_OF_TRACK, KeyValuePairs.NONE, ByteString.EMPTY),
        "20 | 02 | 05 | 09 | 80 | 04");
    // type 0x21: + extensions; End of Group (3)
    assertDatagram(
        new ObjectDatagram(
            2,
            5,
            9,
            0x80,
            false,
            ObjectStatus.END_OF_GROUP,
            KeyValuePairs.of(ObjectExtension.captureTimestamp(1_000_000)),
            ByteString.EMPTY),
        "21 | 02 05 09 80 | 06 " + CAPTURE_1S + " | 03");
  }

  @Test
  void shouldDecodeStatusDatagramWithNormalStatusAsEmptyObject() {
    ObjectDatagram decoded = codec.decodeDatagram(ByteBuffer.wrap(hex("20 02 05 09 80 00")));
    assertEquals(ObjectStatus.NORMAL, decoded.status());
    assertEquals(0, decoded.payload().size());
  }

  @Test
  void shouldRefuseStatusDatagramWhenEndOfGroupIsSet() {
    ObjectDatagram impossible =
        new ObjectDatagram(
            2, 5, 9, 0, true, ObjectStatus.END_OF_TRACK, KeyValuePairs.NONE, ByteString.EMPTY);
    assertThrows(
        IllegalArgumentException.class, () -> codec.encodeDatagram(impossible, codec.newWriter()));
  }
}
