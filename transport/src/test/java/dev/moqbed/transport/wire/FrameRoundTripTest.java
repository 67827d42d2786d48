package dev.moqbed.transport.wire;

import static dev.moqbed.transport.wire.TestBytes.bytes;
import static dev.moqbed.transport.wire.TestBytes.counting;
import static dev.moqbed.transport.wire.TestBytes.hex;
import static dev.moqbed.transport.wire.TestBytes.written;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every frame kind: written by FrameWriter at its computed size, then decoded field by field. */
class FrameRoundTripTest {
  private static final StatelessResetToken TOKEN = StatelessResetToken.of(counting(16));
  private static final String TOKEN_HEX = "000102030405060708090a0b0c0d0e0f";

  private static Arguments frame(
      String name, int size, Consumer<ByteBuffer> writer, String expected) {
    return Arguments.of(name, size, writer, expected);
  }

  static Stream<Arguments> frames() {
    AckFrameContent ack =
        new AckFrameContent().addRange(90, 100).addRange(80, 85).addRange(0, 0).ackDelay(1234);
    AckFrameContent ackEcn =
        new AckFrameContent().addRange(5, 5).ackDelay(0).ecnCounts(7, 1, 1L << 40);
    byte[] reason = "flow control".getBytes(StandardCharsets.UTF_8);
    return Stream.of(
        frame("PING", 1, FrameWriter::writePing, "PING"),
        frame("PADDING", 5, b -> FrameWriter.writePadding(b, 5), "PADDING 5"),
        frame(
            "ACK",
            FrameWriter.ackSize(ack),
            b -> FrameWriter.writeAck(b, ack),
            "ACK[90-100,80-85,0-0 delay=1234]"),
        frame(
            "ACK_ECN",
            FrameWriter.ackSize(ackEcn),
            b -> FrameWriter.writeAck(b, ackEcn),
            "ACK_ECN[5-5 delay=0 ect0=7 ect1=1 ce=1099511627776]"),
        frame(
            "RESET_STREAM",
            FrameWriter.resetStreamSize(4, 0x10c, 1L << 40),
            b -> FrameWriter.writeResetStream(b, 4, 0x10c, 1L << 40),
            "RESET_STREAM 4 error=268 final=1099511627776"),
        frame(
            "STOP_SENDING",
            FrameWriter.stopSendingSize(2, 7),
            b -> FrameWriter.writeStopSending(b, 2, 7),
            "STOP_SENDING 2 error=7"),
        frame(
            "CRYPTO",
            FrameWriter.cryptoSize(300, 3),
            b -> FrameWriter.writeCrypto(b, 300, hex("aabbcc")),
            "CRYPTO offset=300 data=aabbcc"),
        frame(
            "NEW_TOKEN",
            FrameWriter.newTokenSize(4),
            b -> FrameWriter.writeNewToken(b, hex("01020304")),
            "NEW_TOKEN 01020304"),
        frame(
            "MAX_DATA",
            FrameWriter.singleValueSize(1L << 50),
            b -> FrameWriter.writeMaxData(b, 1L << 50),
            "MAX_DATA 1125899906842624"),
        frame(
            "MAX_STREAM_DATA",
            FrameWriter.streamValueSize(8, 65536),
            b -> FrameWriter.writeMaxStreamData(b, 8, 65536),
            "MAX_STREAM_DATA 8 65536"),
        frame(
            "MAX_STREAMS bidi",
            FrameWriter.singleValueSize(1L << 60),
            b -> FrameWriter.writeMaxStreams(b, true, 1L << 60),
            "MAX_STREAMS bidi 1152921504606846976"),
        frame(
            "MAX_STREAMS uni",
            2,
            b -> FrameWriter.writeMaxStreams(b, false, 3),
            "MAX_STREAMS uni 3"),
        frame("DATA_BLOCKED", 3, b -> FrameWriter.writeDataBlocked(b, 1000), "DATA_BLOCKED 1000"),
        frame(
            "STREAM_DATA_BLOCKED",
            FrameWriter.streamValueSize(0, 64),
            b -> FrameWriter.writeStreamDataBlocked(b, 0, 64),
            "STREAM_DATA_BLOCKED 0 64"),
        frame(
            "STREAMS_BLOCKED bidi",
            2,
            b -> FrameWriter.writeStreamsBlocked(b, true, 0),
            "STREAMS_BLOCKED bidi 0"),
        frame(
            "STREAMS_BLOCKED uni",
            3,
            b -> FrameWriter.writeStreamsBlocked(b, false, 100),
            "STREAMS_BLOCKED uni 100"),
        frame(
            "NEW_CONNECTION_ID",
            FrameWriter.newConnectionIdSize(7, 5, 8),
            b ->
                FrameWriter.writeNewConnectionId(
                    b, 7, 5, ConnectionId.of(bytes("0102030405060708")), TOKEN),
            "NEW_CONNECTION_ID 7 retire<5 cid=0102030405060708 token=" + TOKEN_HEX),
        frame(
            "RETIRE_CONNECTION_ID",
            2,
            b -> FrameWriter.writeRetireConnectionId(b, 3),
            "RETIRE_CONNECTION_ID 3"),
        frame(
            "PATH_CHALLENGE",
            FrameWriter.PATH_FRAME_SIZE,
            b -> FrameWriter.writePathChallenge(b, 0x0123456789abcdefL),
            "PATH_CHALLENGE 123456789abcdef"),
        frame(
            "PATH_RESPONSE",
            FrameWriter.PATH_FRAME_SIZE,
            b -> FrameWriter.writePathResponse(b, -1L),
            "PATH_RESPONSE ffffffffffffffff"),
        frame(
            "CONNECTION_CLOSE",
            FrameWriter.transportCloseSize(0x3, 0x11, reason.length),
            b -> FrameWriter.writeTransportClose(b, 0x3, 0x11, reason),
            "CONNECTION_CLOSE FLOW_CONTROL_ERROR frame=0x11 reason=666c6f7720636f6e74726f6c"),
        frame(
            "CONNECTION_CLOSE crypto",
            FrameWriter.transportCloseSize(0x128, 0, 0),
            b ->
                FrameWriter.writeTransportClose(
                    b, TransportErrorCode.cryptoError(0x28), 0, new byte[0]),
            "CONNECTION_CLOSE CRYPTO_ERROR(0x28) frame=0x0 reason="),
        frame(
            "APPLICATION_CLOSE",
            FrameWriter.applicationCloseSize(0x4000, 2),
            b -> FrameWriter.writeApplicationClose(b, 0x4000, bytes("6869")),
            "APPLICATION_CLOSE 16384 reason=6869"),
        frame("HANDSHAKE_DONE", 1, FrameWriter::writeHandshakeDone, "HANDSHAKE_DONE"),
        frame(
            "DATAGRAM with length",
            FrameWriter.datagramSize(3, true),
            b -> FrameWriter.writeDatagram(b, hex("0a0b0c"), true),
            "DATAGRAM 0a0b0c"),
        frame(
            "DATAGRAM to the end",
            FrameWriter.datagramSize(3, false),
            b -> FrameWriter.writeDatagram(b, hex("0a0b0c"), false),
            "DATAGRAM 0a0b0c"),
        frame(
            "ACK_FREQUENCY",
            FrameWriter.ackFrequencySize(17, 10, 1056, 5),
            b -> FrameWriter.writeAckFrequency(b, 17, 10, 1056, 5),
            "ACK_FREQUENCY 17 threshold=10 delay=1056us reordering=5"),
        frame("IMMEDIATE_ACK", 1, FrameWriter::writeImmediateAck, "IMMEDIATE_ACK"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("frames")
  void writesItsSizeAndDecodesBack(
      String name, int size, Consumer<ByteBuffer> writer, String expected)
      throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(256);
    writer.accept(buffer);
    assertEquals(size, buffer.position(), "computed size of " + name);
    assertEquals(List.of(expected), decode(buffer, PacketType.ONE_RTT));
  }

  /** The eight STREAM types (§19.8): OFF, LEN and FIN in every combination. */
  @Test
  void streamFramesInAllEightTypes() throws QuicWireException {
    for (int type = 0x08; type <= 0x0f; type++) {
      boolean withOffset = (type & FrameType.STREAM_OFF_BIT) != 0;
      boolean withLength = (type & FrameType.STREAM_LEN_BIT) != 0;
      boolean fin = (type & FrameType.STREAM_FIN_BIT) != 0;
      long offset = withOffset ? 1_000_000 : 0;
      ByteBuffer buffer = ByteBuffer.allocate(64);
      FrameWriter.writeStream(buffer, 4, offset, hex("c0ffee"), withLength, fin);
      assertEquals(FrameWriter.streamSize(4, offset, 3, withLength), buffer.position());
      assertEquals(type, buffer.get(0), "type byte");
      assertEquals(
          List.of("STREAM 4 offset=" + offset + " fin=" + fin + " data=c0ffee"),
          decode(buffer, PacketType.ONE_RTT));
    }
  }

  @Test
  void explicitZeroOffsetAndEmptyFinFrameDecode() throws QuicWireException {
    // type 0x0f with Offset 0 (allowed, not what the writer emits) and an empty FIN frame 0x0b
    ByteBuffer buffer = hex("0f 04 00 02 abcd  0b 08 00");
    assertEquals(
        List.of("STREAM 4 offset=0 fin=true data=abcd", "STREAM 8 offset=0 fin=true data="),
        decode(buffer.position(buffer.limit()), PacketType.ONE_RTT));
  }

  @Test
  void aPacketOfSeveralFramesDecodesInOrder() throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(128);
    FrameWriter.writeAck(buffer, new AckFrameContent().addRange(0, 3).ackDelay(9));
    FrameWriter.writeMaxData(buffer, 4096);
    FrameWriter.writePadding(buffer, 2);
    FrameWriter.writePing(buffer);
    FrameWriter.writeStream(buffer, 0, 10, hex("01"), false, true);
    assertEquals(
        List.of(
            "ACK[0-3 delay=9]",
            "MAX_DATA 4096",
            "PADDING 2",
            "PING",
            "STREAM 0 offset=10 fin=true data=01"),
        decode(buffer, PacketType.ONE_RTT));
  }

  /** RFC 9001 A.3: the server Initial's payload starts with an ACK of packet 0 and CRYPTO. */
  @Test
  void rfc9001ServerInitialPayloadPrefix() throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(100);
    buffer.put(bytes("02000000000600405a"));
    buffer.put(new byte[90]);
    assertEquals(
        List.of("ACK[0-0 delay=0]", "CRYPTO offset=0 data=" + "00".repeat(90)),
        decode(buffer, PacketType.INITIAL));
  }

  /** RFC 9001 A.2: the client Initial's CRYPTO frame header for its 241-byte ClientHello. */
  @Test
  void rfc9001ClientInitialCryptoHeader() {
    ByteBuffer buffer = ByteBuffer.allocate(8);
    FrameWriter.writeCryptoHeader(buffer, 0, 241);
    assertEquals("060040f1", written(buffer));
    assertEquals(4, FrameWriter.cryptoHeaderSize(0, 241));
  }

  /** picoquic's ACK_FREQUENCY and IMMEDIATE_ACK bytes (draft -09 code points). */
  @Test
  void ackFrequencyUsesTheDraft09CodePoints() {
    ByteBuffer buffer = ByteBuffer.allocate(16);
    FrameWriter.writeAckFrequency(buffer, 17, 10, 1056, 0);
    FrameWriter.writeImmediateAck(buffer);
    assertEquals("40af" + "11" + "0a" + "4420" + "00" + "1f", written(buffer));
  }

  @Test
  void capacityHelpersFillTheSpaceExactly() {
    for (int space = 0; space < 20_000; space += 7) {
      int stream = FrameWriter.streamDataCapacity(space, 4, 1000);
      if (stream >= 0) {
        assertTrue(FrameWriter.streamSize(4, 1000, stream, true) <= space, "fits " + space);
        assertTrue(FrameWriter.streamSize(4, 1000, stream + 1, true) > space, "maximal " + space);
      } else {
        assertTrue(FrameWriter.streamSize(4, 1000, 0, true) > space);
      }
      int crypto = FrameWriter.cryptoDataCapacity(space, 0);
      if (crypto >= 0) {
        assertTrue(FrameWriter.cryptoSize(0, crypto) <= space);
        assertTrue(FrameWriter.cryptoSize(0, crypto + 1) > space);
      }
    }
  }

  /** RFC 9000 §13.2.1: all frames but ACK, PADDING and CONNECTION_CLOSE elicit an ACK. */
  @Test
  void ackElicitingFrames() {
    for (long type : new long[] {0x00, 0x02, 0x03, 0x1c, 0x1d}) {
      assertTrue(!FrameType.isAckEliciting(type), "0x" + Long.toHexString(type));
    }
    for (long type : new long[] {0x01, 0x06, 0x08, 0x0f, 0x1e, 0x1f, 0x30, 0x31, 0xaf}) {
      assertTrue(FrameType.isAckEliciting(type), "0x" + Long.toHexString(type));
    }
  }

  private static List<String> decode(ByteBuffer written, PacketType type) throws QuicWireException {
    RecordingFrameHandler handler = new RecordingFrameHandler();
    new FrameDecoder()
        .acceptDatagrams(65_535)
        .acceptAckFrequency(true)
        .decode(written, 0, written.position(), type, handler);
    return handler.events;
  }
}
