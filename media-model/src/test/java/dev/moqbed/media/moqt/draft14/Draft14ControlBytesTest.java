package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.WireBytes.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GoAway;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.MaxRequestId;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceCancel;
import dev.moqbed.media.moqt.PublishNamespaceDone;
import dev.moqbed.media.moqt.PublishNamespaceError;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.RequestsBlocked;
import dev.moqbed.media.moqt.ServerSetup;
import dev.moqbed.media.moqt.SetupParameter;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.UnsupportedControlMessage;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every draft-14 control message against a hand-built frame: {@code Type (i), Length (16),
 * payload}. Each expected frame is laid out one field per group, in the order of the draft's
 * message figure (§9).
 */
class Draft14ControlBytesTest {
  private final MoqtCodec codec = MoqtCodecs.create(MoqtVersion.DRAFT_14, MoqtLimits.DEFAULT);

  /** Encodes to exactly {@code expected}, and decodes {@code expected} back to the message. */
  private void assertWire(ControlMessage message, String expected) {
    WireWriter out = codec.newWriter();
    codec.encodeControl(message, out);
    assertArrayEquals(hex(expected), out.toByteArray(), "encoding of " + message);
    ByteBuffer frame = ByteBuffer.wrap(hex(expected));
    assertEquals(message, codec.decodeControl(frame));
    assertFalse(frame.hasRemaining(), "the whole frame is consumed");
  }

  static TrackNamespace moqClk() {
    return TrackNamespace.of("moq", "clk");
  }

  @Test
  void shouldMatchDraftLayoutWhenClientSetupOffersDraft14() {
    ClientSetup setup =
        new ClientSetup(
            List.of(0xff00000eL),
            KeyValuePairs.of(
                KeyValuePair.ofBytes(SetupParameter.PATH, ByteString.utf8("/moq")),
                KeyValuePair.ofVarint(SetupParameter.MAX_REQUEST_ID, 100)));
    assertWire(
        setup,
        "20 | 0013" // CLIENT_SETUP, length 19
            + "01 | c0000000ff00000e" // 1 version: 0xff00000e (8-byte varint)
            + "02" // 2 parameters
            + "01 04 2f6d6f71" // PATH (odd: length + bytes) "/moq"
            + "02 4064"); // MAX_REQUEST_ID (even: varint) 100
    assertEquals(100, setup.maxRequestId());
    assertEquals("/moq", setup.path().orElseThrow());
  }

  @Test
  void shouldMatchDraftLayoutWhenServerSetupSelectsDraft14() {
    assertWire(
        new ServerSetup(
            0xff00000eL,
            KeyValuePairs.of(KeyValuePair.ofVarint(SetupParameter.MAX_REQUEST_ID, 100))),
        "21 | 000c" // SERVER_SETUP, length 12
            + "c0000000ff00000e" // selected version
            + "01 | 02 4064"); // 1 parameter: MAX_REQUEST_ID 100
  }

  @Test
  void shouldDefaultMaxRequestIdToZeroWhenSetupOmitsIt() {
    assertEquals(0, new ServerSetup(0xff00000eL, KeyValuePairs.NONE).maxRequestId());
    assertWire(
        new ServerSetup(0xff00000eL, KeyValuePairs.NONE),
        "21 | 0009 | c0000000ff00000e | 00"); // no parameters
  }

  @Test
  void shouldMatchDraftLayoutWhenGoAwayCarriesUri() {
    assertWire(
        new GoAway("moqt://b"),
        "10 | 0009" // GOAWAY, length 9
            + "08 6d6f71743a2f2f62"); // URI length 8, "moqt://b"
    assertWire(new GoAway(""), "10 | 0001 | 00"); // empty URI: reuse the current one
  }

  @Test
  void shouldMatchDraftLayoutWhenMaxRequestIdCrossesTwoByteVarint() {
    assertWire(
        new MaxRequestId(16384),
        "15 | 0004" // MAX_REQUEST_ID, length 4
            + "80004000"); // 16384: smallest 4-byte varint
  }

  @Test
  void shouldMatchDraftLayoutWhenRequestsBlocked() {
    assertWire(new RequestsBlocked(63), "1a | 0001 | 3f"); // REQUESTS_BLOCKED, maximum 63
  }

  @Test
  void shouldMatchDraftLayoutWhenSubscribeUsesAbsoluteRange() {
    Subscribe subscribe =
        new Subscribe(
            2,
            moqClk(),
            ByteString.utf8("v"),
            0x80,
            GroupOrder.ASCENDING,
            true,
            SubscribeFilter.absoluteRange(new Location(5, 0), 9),
            KeyValuePairs.of(KeyValuePair.ofVarint(Draft14Codes.PARAMETER_DELIVERY_TIMEOUT, 500)));
    assertWire(
        subscribe,
        "03 | 0017" // SUBSCRIBE, length 23
            + "02" // Request ID 2
            + "02 | 03 6d6f71 | 03 636c6b" // namespace tuple (moq, clk)
            + "01 76" // track name "v"
            + "80" // subscriber priority 128
            + "01" // group order ascending
            + "01" // forward
            + "04" // filter AbsoluteRange
            + "05 00" // start location {5, 0}
            + "09" // end group 9
            + "01 | 02 41f4"); // 1 parameter: DELIVERY_TIMEOUT 500 ms
  }

  @Test
  void shouldOmitLocationsWhenSubscribeUsesLargestObject() {
    assertWire(
        new Subscribe(
            0,
            TrackNamespace.of("a"),
            ByteString.utf8("b"),
            0,
            GroupOrder.PUBLISHER_DEFAULT,
            false,
            SubscribeFilter.largestObject(),
            KeyValuePairs.NONE),
        "03 | 000b" // SUBSCRIBE, length 11
            + "00" // Request ID 0
            + "01 | 01 61" // namespace (a)
            + "01 62" // track name "b"
            + "00 | 00 | 00" // priority 0, publisher's group order, forward 0
            + "02" // filter Largest Object: no start, no end
            + "00"); // no parameters
  }

  @Test
  void shouldCarryOnlyStartWhenSubscribeUsesAbsoluteStart() {
    assertWire(
        new Subscribe(
            4,
            TrackNamespace.of("a"),
            ByteString.utf8("b"),
            255,
            GroupOrder.DESCENDING,
            true,
            SubscribeFilter.absoluteStart(new Location(64, 1)),
            KeyValuePairs.NONE),
        "03 | 000e" // SUBSCRIBE, length 14
            + "04 | 01 01 61 | 01 62" // Request ID 4, namespace (a), name "b"
            + "ff | 02 | 01" // priority 255, descending, forward
            + "03" // filter AbsoluteStart
            + "4040 01" // start {64, 1}: 64 is a 2-byte varint
            + "00"); // no parameters
  }

  @Test
  void shouldMatchDraftLayoutWhenSubscribeOkHasContent() {
    assertWire(
        new SubscribeOk(
            2,
            7,
            0,
            GroupOrder.DESCENDING,
            new Location(4, 17),
            KeyValuePairs.of(
                KeyValuePair.ofVarint(Draft14Codes.PARAMETER_MAX_CACHE_DURATION, 1000))),
        "04 | 000b" // SUBSCRIBE_OK, length 11
            + "02 | 07 | 00" // Request ID 2, Track Alias 7, Expires 0
            + "02" // group order descending
            + "01 | 04 11" // content exists, largest {4, 17}
            + "01 | 04 43e8"); // MAX_CACHE_DURATION 1000 ms
  }

  @Test
  void shouldOmitLargestWhenSubscribeOkHasNoContent() {
    assertWire(
        new SubscribeOk(2, 7, 0, GroupOrder.ASCENDING, null, KeyValuePairs.NONE),
        "04 | 0006 | 02 | 07 | 00 | 01 | 00 | 00"); // ..., ascending, no content, no parameters
  }

  @Test
  void shouldMatchDraftLayoutWhenSubscribeErrorHasReason() {
    assertWire(
        new SubscribeError(2, Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST, "gone"),
        "05 | 0007" // SUBSCRIBE_ERROR, length 7
            + "02" // Request ID 2
            + "04" // TRACK_DOES_NOT_EXIST
            + "04 676f6e65"); // reason "gone"
  }

  @Test
  void shouldMatchDraftLayoutWhenUnsubscribe() {
    assertWire(new Unsubscribe(2), "0a | 0001 | 02");
  }

  @Test
  void shouldMatchDraftLayoutWhenPublishDoneHasUnknownStreamCount() {
    assertWire(
        new PublishDone(
            2, Draft14Codes.DONE_TRACK_ENDED, Draft14Codes.DONE_STREAM_COUNT_UNKNOWN, ""),
        "0b | 000b" // PUBLISH_DONE, length 11
            + "02" // Request ID 2
            + "02" // TRACK_ENDED
            + "ffffffffffffffff" // stream count 2^62 - 1
            + "00"); // empty reason
  }

  @Test
  void shouldMatchDraftLayoutWhenPublishNamespaceHasToken() {
    assertWire(
        new PublishNamespace(
            1,
            moqClk(),
            KeyValuePairs.of(
                KeyValuePair.ofBytes(
                    Draft14Codes.PARAMETER_AUTHORIZATION_TOKEN, ByteString.utf8("t")))),
        "06 | 000e" // PUBLISH_NAMESPACE, length 14
            + "01" // Request ID 1
            + "02 | 03 6d6f71 | 03 636c6b" // (moq, clk)
            + "01 | 03 01 74"); // AUTHORIZATION_TOKEN "t"
  }

  @Test
  void shouldMatchDraftLayoutWhenPublishNamespaceIsAnswered() {
    assertWire(new PublishNamespaceOk(1), "07 | 0001 | 01");
    assertWire(
        new PublishNamespaceError(1, Draft14Codes.NAMESPACE_UNINTERESTED, "no"),
        "08 | 0005 | 01 | 04 | 02 6e6f"); // Request ID 1, UNINTERESTED, reason "no"
  }

  @Test
  void shouldMatchDraftLayoutWhenNamespaceIsWithdrawnOrCancelled() {
    assertWire(
        new PublishNamespaceDone(TrackNamespace.of("moq")),
        "09 | 0005 | 01 | 03 6d6f71"); // PUBLISH_NAMESPACE_DONE (moq)
    assertWire(
        new PublishNamespaceCancel(TrackNamespace.of("moq"), 1, ""),
        "0c | 0007 | 01 03 6d6f71 | 01 | 00"); // (moq), UNAUTHORIZED, empty reason
  }

  @Test
  void shouldPassPayloadThroughWhenMessageIsDefinedButNotParsed() {
    // FETCH_CANCEL 0x17 with Request ID 4: a draft-14 message this codec hands over raw.
    assertWire(
        new UnsupportedControlMessage(0x17, ByteString.copyOf(new byte[] {4})), "17 | 0001 | 04");
  }
}
