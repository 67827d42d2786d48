package dev.moqbed.transport.wire;

import static dev.moqbed.transport.wire.TestBytes.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Malformed and misplaced frames, each with the error code and frame type RFC 9000 asks for. */
class FrameDecoderErrorTest {
  private static final String TOKEN = "00".repeat(16);
  private static final TransportErrorCode FEE = TransportErrorCode.FRAME_ENCODING_ERROR;
  private static final TransportErrorCode PV = TransportErrorCode.PROTOCOL_VIOLATION;

  private static Arguments bad(String name, String payload, TransportErrorCode error, long type) {
    return Arguments.of(name, payload, error, type);
  }

  static Stream<Arguments> malformed() {
    return Stream.of(
        bad("empty payload", "", PV, 0),
        bad("truncated frame type", "40", FEE, 0),
        bad("unknown frame type", "21", FEE, 0x21),
        bad("unknown two-byte frame type", "4040", FEE, 0x40),
        bad("unknown eight-byte frame type", "c000000100000001", FEE, 0x100000001L),
        bad("PING in two bytes", "4001", PV, 0x01),
        bad("ACK_FREQUENCY in four bytes", "800000af 00 01 02 03", PV, 0xaf),
        bad("MAX_DATA without value", "10", FEE, 0x10),
        bad("MAX_DATA truncated varint", "10 8000", FEE, 0x10),
        bad("RESET_STREAM truncated", "04 01 02", FEE, 0x04),
        bad("STOP_SENDING truncated", "05 01", FEE, 0x05),
        bad("ACK first range above largest", "02 05 00 00 06", FEE, 0x02),
        bad("ACK gap below zero", "02 05 00 01 00 04 00", FEE, 0x02),
        bad("ACK range length below zero", "02 05 00 01 00 00 04", FEE, 0x02),
        bad("ACK range count beyond packet", "02 05 00 bfffffff 00", FEE, 0x02),
        bad("ACK ranges truncated", "02 40 64 00 02 00 01 01", FEE, 0x02),
        bad("ACK_ECN without counts", "03 00 00 00 00 01 02", FEE, 0x03),
        bad("STREAM length beyond packet", "0a 04 05 aabb", FEE, 0x0a),
        bad("STREAM offset truncated", "0c 04 80", FEE, 0x0c),
        bad("STREAM beyond 2^62-1", "0e 04 ffffffffffffffff 01 aa", FEE, 0x0e),
        bad("STREAM without LEN beyond 2^62-1", "0c 04 ffffffffffffffff aa", FEE, 0x0c),
        bad("CRYPTO length beyond packet", "06 00 05 aa", FEE, 0x06),
        bad("CRYPTO beyond 2^62-1", "06 ffffffffffffffff 01 aa", FEE, 0x06),
        bad("NEW_TOKEN empty", "07 00", FEE, 0x07),
        bad("NEW_TOKEN beyond packet", "07 04 aabb", FEE, 0x07),
        bad("MAX_STREAMS above 2^60", "12 d000000000000001", FEE, 0x12),
        bad("MAX_STREAMS uni above 2^60", "13 d000000000000001", FEE, 0x13),
        bad("STREAMS_BLOCKED above 2^60", "16 d000000000000001", FEE, 0x16),
        bad("STREAMS_BLOCKED uni above 2^60", "17 ffffffffffffffff", FEE, 0x17),
        bad("NEW_CONNECTION_ID of length 0", "18 01 00 00" + TOKEN, FEE, 0x18),
        bad("NEW_CONNECTION_ID of length 21", "18 01 00 15" + "aa".repeat(21) + TOKEN, FEE, 0x18),
        bad("NEW_CONNECTION_ID retire above sequence", "18 01 02 04 01020304" + TOKEN, FEE, 0x18),
        bad("NEW_CONNECTION_ID short token", "18 01 00 04 01020304 0001", FEE, 0x18),
        bad("NEW_CONNECTION_ID without length", "18 01 00", FEE, 0x18),
        bad("RETIRE_CONNECTION_ID truncated", "19", FEE, 0x19),
        bad("PATH_CHALLENGE short", "1a 0102", FEE, 0x1a),
        bad("PATH_RESPONSE short", "1b 01020304050607", FEE, 0x1b),
        bad("CONNECTION_CLOSE reason beyond packet", "1c 00 00 05 aa", FEE, 0x1c),
        bad("CONNECTION_CLOSE without frame type", "1c 01", FEE, 0x1c),
        bad("APPLICATION_CLOSE reason beyond packet", "1d 00 05", FEE, 0x1d),
        bad("DATAGRAM length beyond packet", "31 05 aa", FEE, 0x31),
        bad("DATAGRAM above max_datagram_frame_size", "30" + "00".repeat(100), PV, 0x30),
        bad("ACK_FREQUENCY truncated", "40af 01 02 03", FEE, 0xaf),
        bad("error after good frames", "01 00 00 21", FEE, 0x21));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void rejects(String name, String payload, TransportErrorCode error, long frameType) {
    FrameDecoder decoder = new FrameDecoder().acceptDatagrams(100).acceptAckFrequency(true);
    QuicWireException thrown =
        assertThrows(QuicWireException.class, () -> decode(decoder, payload, PacketType.ONE_RTT));
    assertEquals(error, thrown.error(), thrown.getMessage());
    assertEquals(frameType, thrown.frameType(), thrown.getMessage());
  }

  static Stream<Arguments> notNegotiated() {
    return Stream.of(
        Arguments.of("DATAGRAM", "30 aa", 0x30L),
        Arguments.of("DATAGRAM with length", "31 01 aa", 0x31L),
        Arguments.of("ACK_FREQUENCY", "40af 00 01 02 03", 0xafL),
        Arguments.of("IMMEDIATE_ACK", "1f", 0x1fL));
  }

  /** RFC 9221 §3 and draft-ietf-quic-ack-frequency-09 §3: extensions must be negotiated first. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("notNegotiated")
  void extensionFramesNeedNegotiation(String name, String payload, long frameType) {
    QuicWireException thrown =
        assertThrows(
            QuicWireException.class, () -> decode(new FrameDecoder(), payload, PacketType.ONE_RTT));
    assertEquals(PV, thrown.error());
    assertEquals(frameType, thrown.frameType());
  }

  /**
   * RFC 9000 §12.4 Table 3 (I = Initial, 0 = 0-RTT, H = Handshake, 1 = 1-RTT), written out here
   * independently of FrameType's table, plus RFC 9221 DATAGRAM and the ack-frequency frames.
   */
  static Stream<Arguments> table3() {
    return Stream.of(
        Arguments.of(0x00L, "IH01"), // PADDING
        Arguments.of(0x01L, "IH01"), // PING
        Arguments.of(0x02L, "IH_1"), // ACK
        Arguments.of(0x03L, "IH_1"),
        Arguments.of(0x04L, "__01"), // RESET_STREAM
        Arguments.of(0x05L, "__01"), // STOP_SENDING
        Arguments.of(0x06L, "IH_1"), // CRYPTO
        Arguments.of(0x07L, "___1"), // NEW_TOKEN
        Arguments.of(0x08L, "__01"), // STREAM
        Arguments.of(0x0fL, "__01"),
        Arguments.of(0x10L, "__01"), // MAX_DATA
        Arguments.of(0x11L, "__01"),
        Arguments.of(0x12L, "__01"),
        Arguments.of(0x13L, "__01"),
        Arguments.of(0x14L, "__01"),
        Arguments.of(0x15L, "__01"),
        Arguments.of(0x16L, "__01"),
        Arguments.of(0x17L, "__01"),
        Arguments.of(0x18L, "__01"), // NEW_CONNECTION_ID
        Arguments.of(0x19L, "__01"), // RETIRE_CONNECTION_ID
        Arguments.of(0x1aL, "__01"), // PATH_CHALLENGE
        Arguments.of(0x1bL, "___1"), // PATH_RESPONSE
        Arguments.of(0x1cL, "IH01"), // CONNECTION_CLOSE (transport)
        Arguments.of(0x1dL, "__01"), // CONNECTION_CLOSE (application)
        Arguments.of(0x1eL, "___1"), // HANDSHAKE_DONE
        Arguments.of(0x1fL, "___1"), // IMMEDIATE_ACK
        Arguments.of(0x30L, "__01"), // DATAGRAM
        Arguments.of(0x31L, "__01"),
        Arguments.of(0xafL, "___1")); // ACK_FREQUENCY
  }

  @ParameterizedTest(name = "0x{0}: {1}")
  @MethodSource("table3")
  void packetTypesFollowTable3(long type, String columns) {
    PacketType[] order = {
      PacketType.INITIAL, PacketType.HANDSHAKE, PacketType.ZERO_RTT, PacketType.ONE_RTT
    };
    for (int i = 0; i < order.length; i++) {
      boolean expected = columns.charAt(i) != '_';
      assertEquals(expected, FrameType.isAllowedIn(type, order[i]), order[i] + " 0x" + type);
    }
  }

  /** A frame in the wrong packet type is PROTOCOL_VIOLATION (§12.4), named by its type. */
  @Test
  void misplacedFramesAreProtocolViolations() {
    String[][] cases = {
      {"08 00", "INITIAL"},
      {"0a 00 00", "HANDSHAKE"},
      {"02 00 00 00 00", "ZERO_RTT"},
      {"06 00 00", "ZERO_RTT"},
      {"07 01 aa", "HANDSHAKE"},
      {"1e", "ZERO_RTT"},
      {"1d 00 00", "INITIAL"},
      {"1b 0000000000000000", "ZERO_RTT"},
      {"30 aa", "HANDSHAKE"},
      {"40af 00 01 02 03", "ZERO_RTT"},
    };
    FrameDecoder decoder = new FrameDecoder().acceptDatagrams(1000).acceptAckFrequency(true);
    for (String[] c : cases) {
      QuicWireException thrown =
          assertThrows(
              QuicWireException.class, () -> decode(decoder, c[0], PacketType.valueOf(c[1])));
      assertEquals(PV, thrown.error(), c[0] + " in " + c[1]);
    }
  }

  @Test
  void framesBeforeTheErrorAreDelivered() {
    RecordingFrameHandler handler = new RecordingFrameHandler();
    ByteBuffer payload = hex("01 10 05 21");
    assertThrows(
        QuicWireException.class,
        () -> new FrameDecoder().decode(payload, 0, 4, PacketType.ONE_RTT, handler));
    assertEquals(List.of("PING", "MAX_DATA 5"), handler.events);
  }

  @Test
  void handlerExceptionsPassThrough() {
    QuicWireException fromHandler =
        new QuicWireException(TransportErrorCode.STREAM_STATE_ERROR, 0x08, "send-only stream");
    RecordingFrameHandler handler =
        new RecordingFrameHandler() {
          @Override
          public void onStream(
              long streamId, long offset, ByteBuffer b, int dataOffset, int length, boolean fin)
              throws QuicWireException {
            throw fromHandler;
          }
        };
    ByteBuffer payload = hex("08 03 aa");
    QuicWireException thrown =
        assertThrows(
            QuicWireException.class,
            () -> new FrameDecoder().decode(payload, 0, 3, PacketType.ONE_RTT, handler));
    assertSame(fromHandler, thrown);
  }

  @Test
  void decodesOnlyTheGivenRegion() throws QuicWireException {
    // A STREAM frame without Length ends at the region's end, not the buffer's.
    RecordingFrameHandler handler = new RecordingFrameHandler();
    new FrameDecoder().decode(hex("ff 08 04 aabb ff"), 1, 5, PacketType.ONE_RTT, handler);
    assertEquals(List.of("STREAM 4 offset=0 fin=false data=aabb"), handler.events);
  }

  private static void decode(FrameDecoder decoder, String payload, PacketType type)
      throws QuicWireException {
    ByteBuffer buffer = hex(payload);
    decoder.decode(buffer, 0, buffer.limit(), type, new RecordingFrameHandler());
  }
}
