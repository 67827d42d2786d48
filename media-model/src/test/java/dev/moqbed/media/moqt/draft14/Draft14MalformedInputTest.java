package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.WireBytes.assertViolation;
import static dev.moqbed.media.moqt.WireBytes.concat;
import static dev.moqbed.media.moqt.WireBytes.hex;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ControlStreamDecoder;
import dev.moqbed.media.moqt.GoAway;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MaxRequestId;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.UnsupportedControlMessage;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input of every kind fails with a {@link MoqtProtocolException} naming the problem and the
 * session error, never with a buffer exception, and never after allocating what a length claims.
 */
class Draft14MalformedInputTest {
  private final MoqtCodec codec = MoqtCodecs.create(MoqtVersion.DRAFT_14, MoqtLimits.DEFAULT);

  /** A control frame: type, the payload's true 16-bit length, payload. */
  private static byte[] frame(int type, String payload) {
    byte[] body = hex(payload);
    return concat(new byte[] {(byte) type, (byte) (body.length >>> 8), (byte) body.length}, body);
  }

  private ControlMessage decode(byte[] bytes) {
    return codec.decodeControl(ByteBuffer.wrap(bytes));
  }

  private byte[] encode(ControlMessage message) {
    WireWriter out = codec.newWriter();
    codec.encodeControl(message, out);
    return out.toByteArray();
  }

  // ---- truncation

  @Test
  void shouldReportTruncatedWhenAnyControlFrameIsCutAtEveryByte() {
    RandomWire random = new RandomWire(0xBAD_0001L);
    for (int round = 0; round < 20; round++) {
      for (int kind = 0; kind < RandomWire.CONTROL_KINDS; kind++) {
        byte[] full = encode(random.control(kind));
        for (int cut = 0; cut < full.length; cut++) {
          byte[] prefix = Arrays.copyOf(full, cut);
          assertViolation(Problem.TRUNCATED, () -> decode(prefix));
        }
      }
    }
  }

  @Test
  void shouldRejectWhenLengthFieldIsShorterThanTheFields() {
    // The payload is cut consistently with a smaller length: the fields now overrun the frame.
    RandomWire random = new RandomWire(0xBAD_0002L);
    for (int round = 0; round < 20; round++) {
      // The last kind (raw pass-through) has no fields to overrun.
      for (int kind = 0; kind < RandomWire.CONTROL_KINDS - 1; kind++) {
        ControlMessage message = random.control(kind);
        byte[] full = encode(message);
        int typeLength = 1;
        int length = ((full[typeLength] & 0xFF) << 8) | (full[typeLength + 1] & 0xFF);
        for (int shorter = 0; shorter < length; shorter++) {
          byte[] cut = Arrays.copyOf(full, typeLength + 2 + shorter);
          cut[typeLength] = (byte) (shorter >>> 8);
          cut[typeLength + 1] = (byte) shorter;
          MoqtProtocolException error =
              assertThrows(MoqtProtocolException.class, () -> decode(cut), message.toString());
          assertEquals(SessionError.PROTOCOL_VIOLATION, error.sessionError());
        }
      }
    }
  }

  @Test
  void shouldRejectWhenPayloadHasTrailingBytes() {
    assertViolation(Problem.TRAILING_BYTES, () -> decode(frame(0x0A, "02 00"))); // UNSUBSCRIBE
    assertViolation(Problem.TRAILING_BYTES, () -> decode(frame(0x07, "01 ff"))); // PN_OK
  }

  @Test
  void shouldReportTruncatedWhenDatagramHeaderIsCutAtEveryByte() {
    ObjectDatagram datagram =
        new RandomWire(0xBAD_0003L).datagram(); // any; its header length is computed below
    WireWriter out = codec.newWriter();
    codec.encodeDatagram(datagram, out);
    byte[] full = out.toByteArray();
    int headerLength = full.length - datagram.payload().size();
    for (int cut = 0; cut < full.length; cut++) {
      ByteBuffer prefix = ByteBuffer.wrap(Arrays.copyOf(full, cut));
      if (cut < headerLength) {
        assertViolation(Problem.TRUNCATED, () -> codec.decodeDatagram(prefix));
      } else {
        // The payload runs to the end of the datagram: a shorter one is a shorter payload.
        assertEquals(cut - headerLength, codec.decodeDatagram(prefix).payload().size());
      }
    }
  }

  @Test
  void shouldWaitThenFailAtEndOfStreamWhenSubgroupStreamIsCutAtEveryByte() {
    SubgroupHeader header = SubgroupHeader.of(1000, 70_000, 3, 7).withExtensions(true);
    SubgroupStreamEncoder encoder = codec.newSubgroupStreamEncoder(header);
    WireWriter out = codec.newWriter();
    encoder.writeHeader(out);
    int headerEnd = out.size();
    encoder.writeObject(
        new SubgroupObject(
            5,
            dev.moqbed.media.moqt.ObjectStatus.NORMAL,
            KeyValuePairs.of(dev.moqbed.media.moqt.ObjectExtension.captureTimestamp(123_456_789)),
            ByteString.utf8("frame")),
        out);
    byte[] full = out.toByteArray();
    for (int cut = 0; cut < full.length; cut++) {
      SubgroupStreamDecoder decoder = codec.newSubgroupStreamDecoder();
      decoder.feed(ByteBuffer.wrap(Arrays.copyOf(full, cut)));
      assertNull(decoder.nextObject(), "cut at " + cut);
      assertEquals(cut >= headerEnd, decoder.header() != null, "cut at " + cut);
      if (cut != headerEnd) { // ending right after the header is a clean, empty stream
        assertViolation(Problem.INCOMPLETE_AT_END_OF_STREAM, decoder::onEndOfStream);
      }
    }
  }

  @Test
  void shouldFailAtEndOfStreamWhenControlStreamEndsInsideAMessage() {
    ControlStreamDecoder decoder = codec.newControlStreamDecoder();
    decoder.feed(ByteBuffer.wrap(hex("0a 00 01")));
    assertNull(decoder.next());
    assertViolation(Problem.INCOMPLETE_AT_END_OF_STREAM, decoder::onEndOfStream);
  }

  // ---- unknown types and bad varints

  @ParameterizedTest(name = "type {0}")
  @ValueSource(strings = {"00", "01", "1b", "1c", "22", "3f", "4040", "4041", "c0000000000000ff"})
  void shouldRejectControlMessageWhenTypeIsUnknown(String type) {
    // 00/01: undefined or reserved; 1b/1c: gaps in the table; 4040/4041: old SETUP types (0x40,
    // 0x41); c0000000000000ff: 0xff in eight bytes. (Careful: "4020" would be a legal non-minimal
    // encoding of 0x20.)
    assertViolation(Problem.UNKNOWN_TYPE, () -> decode(concat(hex(type), hex("0000"))));
    ControlStreamDecoder decoder = codec.newControlStreamDecoder();
    decoder.feed(ByteBuffer.wrap(hex(type))); // only the type: rejected before the length
    assertViolation(Problem.UNKNOWN_TYPE, decoder::next);
  }

  @Test
  void shouldAcceptNonMinimalVarintsWhenDecoding() {
    // MAX_REQUEST_ID with its type as a 2-byte varint (4015) and the value 5 as an 8-byte one.
    assertEquals(new MaxRequestId(5), decode(hex("4015 | 0008 | c000000000000005")));
  }

  @Test
  void shouldReportTruncatedWhenVarintInsidePayloadIsCut() {
    // MAX_REQUEST_ID whose 4-byte varint lost its last byte, with a consistent length.
    assertViolation(Problem.TRUNCATED, () -> decode(hex("15 | 0003 | 800040")));
  }

  @ParameterizedTest(name = "datagram type {0}")
  @ValueSource(strings = {"08", "0f", "10", "1f", "22", "4040", "80000022"})
  void shouldRejectDatagramWhenTypeIsUnknown(String type) {
    byte[] datagram = concat(hex(type), hex("01 01 01 80 00"));
    assertViolation(Problem.UNKNOWN_TYPE, () -> codec.decodeDatagram(ByteBuffer.wrap(datagram)));
  }

  // ---- forbidden values

  private static final String SUBSCRIBE_HEAD = "02 | 01 01 61 | 01 62"; // request, (a), "b"

  @Test
  void shouldRejectSubscribeWhenAByteFieldHasAnUndefinedValue() {
    // priority, group order, forward, filter type, no parameters
    assertEquals(
        Problem.FORBIDDEN_VALUE,
        violation(frame(0x03, SUBSCRIBE_HEAD + "80 | 03 | 01 | 02 | 00"))); // group order 3
    assertEquals(
        Problem.FORBIDDEN_VALUE,
        violation(frame(0x03, SUBSCRIBE_HEAD + "80 | 01 | 02 | 02 | 00"))); // forward 2
    assertEquals(
        Problem.FORBIDDEN_VALUE,
        violation(frame(0x03, SUBSCRIBE_HEAD + "80 | 01 | 01 | 00 | 00"))); // filter 0
    assertEquals(
        Problem.FORBIDDEN_VALUE,
        violation(frame(0x03, SUBSCRIBE_HEAD + "80 | 01 | 01 | 05 | 00"))); // filter 5
    // and the control: the same bytes with legal values decode
    assertTrue(decode(frame(0x03, SUBSCRIBE_HEAD + "80 | 01 | 01 | 02 | 00")) != null);
  }

  @Test
  void shouldRejectSubscribeOkWhenGroupOrderOrContentExistsIsUndefined() {
    // request, alias, expires, group order, content exists, [largest], parameters
    assertEquals(Problem.FORBIDDEN_VALUE, violation(frame(0x04, "02 07 00 | 00 | 00 | 00")));
    assertEquals(Problem.FORBIDDEN_VALUE, violation(frame(0x04, "02 07 00 | 03 | 00 | 00")));
    assertEquals(Problem.FORBIDDEN_VALUE, violation(frame(0x04, "02 07 00 | 01 | 02 | 00")));
  }

  @Test
  void shouldRejectSetupWhenVersionExceeds32Bits() {
    // CLIENT_SETUP: one version 2^32 (8-byte varint), no parameters
    assertEquals(Problem.FORBIDDEN_VALUE, violation(frame(0x20, "01 | c000000100000000 | 00")));
  }

  @Test
  void shouldRejectDuplicateKnownParameterButKeepDuplicateUnknownOnes() {
    // CLIENT_SETUP with MAX_REQUEST_ID twice
    assertEquals(
        Problem.DUPLICATE_PARAMETER,
        violation(frame(0x20, "01 c0000000ff00000e | 02 | 02 01 | 02 02")));
    // SUBSCRIBE with DELIVERY_TIMEOUT twice
    assertEquals(
        Problem.DUPLICATE_PARAMETER,
        violation(frame(0x03, SUBSCRIBE_HEAD + "80 01 01 02 | 02 | 02 01 | 02 02")));
    // Unknown parameter 0x3e twice is legal and kept in order (receivers must allow it).
    ClientSetup setup =
        (ClientSetup) decode(frame(0x20, "01 c0000000ff00000e | 02 | 3e 01 | 3e 02"));
    assertEquals(2, setup.parameters().count(0x3e));
  }

  @Test
  void shouldRejectObjectWhenStatusIsUndefinedOrContradictory() {
    // Subgroup stream 0x10 (no extensions): object 0, length 0, status 2 (undefined in -14)
    assertEquals(Problem.FORBIDDEN_VALUE, streamViolation("10 01 01 80 | 00 00 02"));
    assertEquals(Problem.FORBIDDEN_VALUE, streamViolation("10 01 01 80 | 00 00 05"));
    // 0x11 (extensions): Does Not Exist (1) carrying an extension header
    assertEquals(Problem.FORBIDDEN_VALUE, streamViolation("11 01 01 80 | 00 | 02 3c 01 | 00 01"));
    // an object after End of Group on the same stream
    assertEquals(Problem.FORBIDDEN_VALUE, streamViolation("10 01 01 80 | 00 00 03 | 00 01 aa"));
    // an object id past 2^62-1: first id 2^62-1, next delta 0
    assertEquals(
        Problem.FORBIDDEN_VALUE,
        streamViolation("10 01 01 80 | ffffffffffffffff 01 aa | 00 01 aa"));
    // Datagrams: status 2; Does Not Exist with extensions; extensions flag with length 0
    assertEquals(Problem.FORBIDDEN_VALUE, datagramViolation("20 01 01 01 80 | 02"));
    assertEquals(Problem.FORBIDDEN_VALUE, datagramViolation("21 01 01 01 80 | 02 3c 01 | 01"));
    assertEquals(Problem.FORBIDDEN_VALUE, datagramViolation("01 01 01 01 80 | 00 | aa"));
    assertEquals(Problem.TRAILING_BYTES, datagramViolation("20 01 01 01 80 | 03 | aa"));
  }

  @Test
  void shouldRejectNamespaceWhenFieldCountIsZeroOrAbove32() {
    assertEquals(Problem.FORBIDDEN_VALUE, violation(frame(0x09, "00"))); // 0 fields
    StringBuilder fields = new StringBuilder("21"); // 33 fields of one byte each
    for (int i = 0; i < 33; i++) {
      fields.append(" 01 61");
    }
    assertEquals(Problem.TOO_LARGE, violation(frame(0x09, fields.toString())));
  }

  // ---- oversized lengths

  @Test
  void shouldRejectControlFrameWhenLengthExceedsTheLimitBeforeThePayloadArrives() {
    MoqtCodec small = MoqtCodecs.create(MoqtVersion.DRAFT_14, new MoqtLimits(100, 1000, 100));
    ControlStreamDecoder decoder = small.newControlStreamDecoder();
    decoder.feed(ByteBuffer.wrap(hex("03 | 0065"))); // SUBSCRIBE claiming 101 bytes
    assertViolation(Problem.TOO_LARGE, decoder::next);
    assertViolation(
        Problem.TOO_LARGE, () -> small.decodeControl(ByteBuffer.wrap(hex("03 | ffff"))));
  }

  @Test
  void shouldRejectFieldsWhenTheyExceedTheDraftLimits() {
    // SUBSCRIBE_ERROR with a 1025-byte reason (the draft's maximum is 1024)
    byte[] reason = new byte[1025];
    Arrays.fill(reason, (byte) 'x');
    byte[] payload = concat(hex("02 04 | 4401"), reason); // 1025 = 2-byte varint 0x4401
    assertEquals(Problem.TOO_LARGE, violation(concat(hex("05"), u16(payload.length), payload)));
    // GOAWAY with an 8193-byte URI (maximum 8192); length checked before the bytes
    assertEquals(Problem.TOO_LARGE, violation(frame(0x10, "6001")));
    // SUBSCRIBE whose namespace and name add up to 4097 bytes (maximum 4096)
    byte[] field = new byte[4000];
    byte[] name = new byte[97];
    byte[] subscribe =
        concat(hex("02 | 01 | 4fa0"), field, hex("4061"), name, hex("80 01 01 02 00"));
    assertEquals(Problem.TOO_LARGE, violation(concat(hex("03"), u16(subscribe.length), subscribe)));
  }

  @Test
  void shouldRejectKeyValueBytesWhenLongerThan65535() {
    MoqtCodec roomy =
        MoqtCodecs.create(MoqtVersion.DRAFT_14, new MoqtLimits(0xFFFF, 1 << 20, 1 << 20));
    // Datagram 0x01 with a 70,000-byte extension block whose pair (type 1) claims 65,536 bytes.
    byte[] block = concat(hex("01 | 80010000"), new byte[70_000 - 5]);
    byte[] datagram = concat(hex("01 01 01 01 80 | 80011170"), block); // block length 70,000
    MoqtProtocolException error =
        assertThrows(
            MoqtProtocolException.class, () -> roomy.decodeDatagram(ByteBuffer.wrap(datagram)));
    assertEquals(Problem.TOO_LARGE, error.problem());
  }

  @Test
  void shouldRejectObjectLengthsWhenAboveTheLimitsBeforeTheBytesArrive() {
    MoqtCodec small = MoqtCodecs.create(MoqtVersion.DRAFT_14, new MoqtLimits(0xFFFF, 1000, 100));
    // Stream 0x10: object 0 claims a 1001-byte payload; only the length has arrived.
    SubgroupStreamDecoder payload = small.newSubgroupStreamDecoder();
    payload.feed(ByteBuffer.wrap(hex("10 01 01 80 | 00 | 43e9")));
    assertViolation(Problem.TOO_LARGE, payload::nextObject);
    // Stream 0x11: object 0 claims 101 bytes of extension headers.
    SubgroupStreamDecoder extensions = small.newSubgroupStreamDecoder();
    extensions.feed(ByteBuffer.wrap(hex("11 01 01 80 | 00 | 4065")));
    assertViolation(Problem.TOO_LARGE, extensions::nextObject);
    // A payload length of 2^62-1 under the default limits.
    SubgroupStreamDecoder huge = codec.newSubgroupStreamDecoder();
    huge.feed(ByteBuffer.wrap(hex("10 01 01 80 | 00 | ffffffffffffffff")));
    assertViolation(Problem.TOO_LARGE, huge::nextObject);
    // A datagram payload of 1001 bytes.
    byte[] datagram = concat(hex("00 01 01 01 80"), new byte[1001]);
    assertViolation(Problem.TOO_LARGE, () -> small.decodeDatagram(ByteBuffer.wrap(datagram)));
  }

  @Test
  void shouldRejectCountsWhenLargerThanTheBytesLeft() {
    // CLIENT_SETUP claiming 2^62-1 versions, and SERVER_SETUP claiming 2^62-1 parameters
    assertEquals(Problem.TRUNCATED, violation(frame(0x20, "ffffffffffffffff | 00")));
    assertEquals(Problem.TRUNCATED, violation(frame(0x21, "c0000000ff00000e | ffffffffffffffff")));
  }

  @Test
  void shouldNotAllocateWhatALengthClaimsWhenTheBytesNeverCome() {
    // Limits high enough that the claims are legal: the decoder must simply wait, holding only
    // the bytes it received, instead of reserving the claimed size.
    MoqtCodec roomy =
        MoqtCodecs.create(
            MoqtVersion.DRAFT_14,
            new MoqtLimits(0xFFFF, Integer.MAX_VALUE - 16, Integer.MAX_VALUE - 16));
    long before = allocatedBytes();
    for (int i = 0; i < 100; i++) {
      SubgroupStreamDecoder decoder = roomy.newSubgroupStreamDecoder();
      // object 0 claims a 1 GiB payload (4-byte varint 0x80000000 | 2^30 - 1) then 3 bytes
      decoder.feed(ByteBuffer.wrap(hex("10 01 01 80 | 00 | bfffffff | 616263")));
      assertNull(decoder.nextObject());
      SubgroupStreamDecoder extensions = roomy.newSubgroupStreamDecoder();
      extensions.feed(ByteBuffer.wrap(hex("11 01 01 80 | 00 | bfffffff | 00")));
      assertNull(extensions.nextObject());
    }
    long allocated = allocatedBytes() - before;
    // 100 rounds of a 1 GiB claim: anything near the claim would be > 100 GiB.
    assertTrue(allocated < (16L << 20), "allocated " + allocated + " bytes");
  }

  @Test
  void shouldRejectEncodingWhenPayloadDoesNotFitSixteenBits() {
    UnsupportedControlMessage huge =
        new UnsupportedControlMessage(0x16, ByteString.copyOf(new byte[0x10000]));
    assertThrows(IllegalArgumentException.class, () -> encode(huge));
  }

  // ---- text fields: malformed UTF-8 is replaced, and what was decoded encodes again

  /**
   * Found by ControlStreamDecoderFuzzTest's re-encoding property: malformed bytes used to become
   * U+FFFD, three bytes in UTF-8, so a 1024-byte reason of 0xFF bytes decoded into a 3072-byte
   * reason that the encoder refuses. A relay that forwarded it (PUBLISH_DONE, SUBSCRIBE_ERROR to
   * its subscribers) threw IllegalArgumentException out of the upstream session's callback.
   */
  @Test
  void shouldReencodeReasonWhenPeerSentMalformedUtf8AtTheLimit() {
    // SUBSCRIBE_ERROR: request id 0, error code 0, a 1024-byte reason (varint 0x4400) of 0xFF.
    byte[] bytes = frame(0x05, "00" + "00" + "4400" + "ff".repeat(1024));
    SubscribeError error = (SubscribeError) decode(bytes);
    assertTrue(error.reason().chars().allMatch(c -> c == '?'), "each malformed byte is a '?'");
    assertEquals(1024, error.reason().getBytes(UTF_8).length);
    assertEquals(error, decode(encode(error)));
  }

  @Test
  void shouldReencodeGoAwayUriWhenPeerSentMalformedUtf8AtTheLimit() {
    // GOAWAY: an 8192-byte URI (varint 0x6000) of a truncated three-byte sequence, repeated.
    byte[] bytes = frame(0x10, "6000" + "e282".repeat(4096));
    GoAway goAway = (GoAway) decode(bytes);
    assertTrue(goAway.newSessionUri().getBytes(UTF_8).length <= GoAway.MAX_URI_BYTES);
    assertEquals(goAway, decode(encode(goAway)));
  }

  @Test
  void shouldKeepValidUtf8WhenDecodingAReason() {
    String reason = "caf\u00e9 \u20ac \ud83d\ude00";
    SubscribeError error = new SubscribeError(1, 2, reason);
    assertEquals(error, decode(encode(error)));
  }

  // ---- helpers

  private Problem violation(byte[] frame) {
    MoqtProtocolException error = assertThrows(MoqtProtocolException.class, () -> decode(frame));
    assertEquals(SessionError.PROTOCOL_VIOLATION, error.sessionError());
    return error.problem();
  }

  private Problem streamViolation(String stream) {
    SubgroupStreamDecoder decoder = codec.newSubgroupStreamDecoder();
    decoder.feed(ByteBuffer.wrap(hex(stream)));
    MoqtProtocolException error =
        assertThrows(
            MoqtProtocolException.class,
            () -> {
              while (decoder.nextObject() != null) {
                // drain until the bad object
              }
            });
    assertEquals(SessionError.PROTOCOL_VIOLATION, error.sessionError());
    return error.problem();
  }

  private Problem datagramViolation(String datagram) {
    MoqtProtocolException error =
        assertThrows(
            MoqtProtocolException.class,
            () -> codec.decodeDatagram(ByteBuffer.wrap(hex(datagram))));
    assertEquals(SessionError.PROTOCOL_VIOLATION, error.sessionError());
    return error.problem();
  }

  private static byte[] u16(int value) {
    return new byte[] {(byte) (value >>> 8), (byte) value};
  }

  private static long allocatedBytes() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    return threads.getThreadAllocatedBytes(Thread.currentThread().getId());
  }
}
