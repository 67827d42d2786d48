package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;

/**
 * Writes frames (RFC 9000 §19, RFC 9221 §4, draft-ietf-quic-ack-frequency-09 §4–5) at a buffer's
 * position, in their minimal encoding, and computes their exact encoded size without allocating.
 *
 * <p>Each {@code xxxSize} method returns exactly the number of bytes the matching {@code writeXxx}
 * puts, so a packet builder can decide what fits before writing. Writers throw {@link
 * java.nio.BufferOverflowException} when the buffer is too small and {@link
 * IllegalArgumentException} for values the wire cannot carry: both are local bugs.
 *
 * <p>For STREAM, CRYPTO and DATAGRAM there are header-only writers ({@code writeStreamHeader} ...)
 * so the caller can copy the data straight from its send buffer after them.
 */
public final class FrameWriter {
  private FrameWriter() {}

  /** {@code count} PADDING bytes (§19.1). */
  public static void writePadding(ByteBuffer buffer, int count) {
    for (int i = 0; i < count; i++) {
      buffer.put((byte) 0);
    }
  }

  /** PING (§19.2), one byte. */
  public static void writePing(ByteBuffer buffer) {
    buffer.put((byte) FrameType.PING);
  }

  /** HANDSHAKE_DONE (§19.20), one byte. */
  public static void writeHandshakeDone(ByteBuffer buffer) {
    buffer.put((byte) FrameType.HANDSHAKE_DONE);
  }

  /** IMMEDIATE_ACK (draft-ietf-quic-ack-frequency-09 §5), one byte. */
  public static void writeImmediateAck(ByteBuffer buffer) {
    buffer.put((byte) FrameType.IMMEDIATE_ACK);
  }

  // ---- ACK (§19.3) ----

  /** Encoded size of {@code ack} as ACK, or ACK_ECN when it has ECN counts. */
  public static int ackSize(AckFrameContent ack) {
    checkAck(ack);
    long largest = ack.rangeLargest(0);
    int size =
        1
            + VarInt.encodedSize(largest)
            + VarInt.encodedSize(ack.ackDelay())
            + VarInt.encodedSize(ack.rangeCount() - 1)
            + VarInt.encodedSize(largest - ack.rangeSmallest(0));
    for (int i = 1; i < ack.rangeCount(); i++) {
      size += VarInt.encodedSize(gapBelow(ack, i)) + VarInt.encodedSize(lengthOf(ack, i));
    }
    if (ack.hasEcn()) {
      size +=
          VarInt.encodedSize(ack.ect0())
              + VarInt.encodedSize(ack.ect1())
              + VarInt.encodedSize(ack.ecnCe());
    }
    return size;
  }

  /** Writes {@code ack} as ACK (0x02), or ACK_ECN (0x03) when it has ECN counts. */
  public static void writeAck(ByteBuffer buffer, AckFrameContent ack) {
    checkAck(ack);
    buffer.put((byte) (ack.hasEcn() ? FrameType.ACK_ECN : FrameType.ACK));
    long largest = ack.rangeLargest(0);
    VarInt.write(buffer, largest);
    VarInt.write(buffer, ack.ackDelay());
    VarInt.write(buffer, ack.rangeCount() - 1);
    VarInt.write(buffer, largest - ack.rangeSmallest(0));
    for (int i = 1; i < ack.rangeCount(); i++) {
      VarInt.write(buffer, gapBelow(ack, i));
      VarInt.write(buffer, lengthOf(ack, i));
    }
    if (ack.hasEcn()) {
      VarInt.write(buffer, ack.ect0());
      VarInt.write(buffer, ack.ect1());
      VarInt.write(buffer, ack.ecnCe());
    }
  }

  private static void checkAck(AckFrameContent ack) {
    if (ack.rangeCount() == 0) {
      throw new IllegalArgumentException("ACK frame without ranges");
    }
  }

  /** The Gap field before range {@code i}: unacknowledged packets between the ranges, minus 1. */
  private static long gapBelow(AckFrameContent ack, int i) {
    return ack.rangeSmallest(i - 1) - ack.rangeLargest(i) - 2;
  }

  /** The ACK Range Length field of range {@code i}: its packets minus 1. */
  private static long lengthOf(AckFrameContent ack, int i) {
    return ack.rangeLargest(i) - ack.rangeSmallest(i);
  }

  // ---- stream control (§19.4, §19.5, §19.9–§19.14, §19.16) ----

  public static int resetStreamSize(long streamId, long errorCode, long finalSize) {
    return 1
        + VarInt.encodedSize(streamId)
        + VarInt.encodedSize(errorCode)
        + VarInt.encodedSize(finalSize);
  }

  /** RESET_STREAM (§19.4). */
  public static void writeResetStream(
      ByteBuffer buffer, long streamId, long errorCode, long finalSize) {
    buffer.put((byte) FrameType.RESET_STREAM);
    VarInt.write(buffer, streamId);
    VarInt.write(buffer, errorCode);
    VarInt.write(buffer, finalSize);
  }

  public static int stopSendingSize(long streamId, long errorCode) {
    return 1 + VarInt.encodedSize(streamId) + VarInt.encodedSize(errorCode);
  }

  /** STOP_SENDING (§19.5). */
  public static void writeStopSending(ByteBuffer buffer, long streamId, long errorCode) {
    buffer.put((byte) FrameType.STOP_SENDING);
    VarInt.write(buffer, streamId);
    VarInt.write(buffer, errorCode);
  }

  /**
   * Size of the one-varint frames: MAX_DATA, MAX_STREAMS, DATA_BLOCKED, STREAMS_BLOCKED,
   * RETIRE_CONNECTION_ID.
   */
  public static int singleValueSize(long value) {
    return 1 + VarInt.encodedSize(value);
  }

  /** MAX_DATA (§19.9). */
  public static void writeMaxData(ByteBuffer buffer, long maximumData) {
    writeSingleValue(buffer, FrameType.MAX_DATA, maximumData);
  }

  /** DATA_BLOCKED (§19.12). */
  public static void writeDataBlocked(ByteBuffer buffer, long maximumData) {
    writeSingleValue(buffer, FrameType.DATA_BLOCKED, maximumData);
  }

  /** MAX_STREAMS (§19.11), bidirectional (0x12) or unidirectional (0x13), at most 2^60. */
  public static void writeMaxStreams(ByteBuffer buffer, boolean bidirectional, long maximum) {
    checkStreamCount(maximum);
    writeSingleValue(
        buffer, bidirectional ? FrameType.MAX_STREAMS_BIDI : FrameType.MAX_STREAMS_UNI, maximum);
  }

  /** STREAMS_BLOCKED (§19.14), bidirectional (0x16) or unidirectional (0x17), at most 2^60. */
  public static void writeStreamsBlocked(ByteBuffer buffer, boolean bidirectional, long maximum) {
    checkStreamCount(maximum);
    writeSingleValue(
        buffer,
        bidirectional ? FrameType.STREAMS_BLOCKED_BIDI : FrameType.STREAMS_BLOCKED_UNI,
        maximum);
  }

  /** RETIRE_CONNECTION_ID (§19.16). */
  public static void writeRetireConnectionId(ByteBuffer buffer, long sequenceNumber) {
    writeSingleValue(buffer, FrameType.RETIRE_CONNECTION_ID, sequenceNumber);
  }

  /** Size of MAX_STREAM_DATA and STREAM_DATA_BLOCKED. */
  public static int streamValueSize(long streamId, long value) {
    return 1 + VarInt.encodedSize(streamId) + VarInt.encodedSize(value);
  }

  /** MAX_STREAM_DATA (§19.10). */
  public static void writeMaxStreamData(ByteBuffer buffer, long streamId, long maximum) {
    buffer.put((byte) FrameType.MAX_STREAM_DATA);
    VarInt.write(buffer, streamId);
    VarInt.write(buffer, maximum);
  }

  /** STREAM_DATA_BLOCKED (§19.13). */
  public static void writeStreamDataBlocked(ByteBuffer buffer, long streamId, long maximum) {
    buffer.put((byte) FrameType.STREAM_DATA_BLOCKED);
    VarInt.write(buffer, streamId);
    VarInt.write(buffer, maximum);
  }

  private static void writeSingleValue(ByteBuffer buffer, long type, long value) {
    buffer.put((byte) type);
    VarInt.write(buffer, value);
  }

  private static void checkStreamCount(long maximum) {
    if (maximum < 0 || maximum > FrameDecoder.MAX_STREAM_COUNT) {
      throw new IllegalArgumentException("stream count " + maximum + " beyond 2^60");
    }
  }

  // ---- STREAM (§19.8) and CRYPTO (§19.6) ----

  /**
   * Size of a STREAM frame carrying {@code length} bytes at {@code offset}: the Offset field is
   * present only when {@code offset > 0}, the Length field when {@code withLength} (a frame that
   * ends the packet may omit it).
   */
  public static int streamSize(long streamId, long offset, int length, boolean withLength) {
    return streamHeaderSize(streamId, offset, length, withLength) + length;
  }

  /** Size of a STREAM frame's type and fields, without the data. */
  public static int streamHeaderSize(long streamId, long offset, int length, boolean withLength) {
    return 1
        + VarInt.encodedSize(streamId)
        + (offset > 0 ? VarInt.encodedSize(offset) : 0)
        + (withLength ? VarInt.encodedSize(length) : 0);
  }

  /**
   * Writes a STREAM frame's type and fields; the caller writes the {@code length} data bytes next.
   */
  public static void writeStreamHeader(
      ByteBuffer buffer, long streamId, long offset, int length, boolean withLength, boolean fin) {
    checkStreamEnd(offset, length);
    int type = (int) FrameType.STREAM;
    type |= offset > 0 ? FrameType.STREAM_OFF_BIT : 0;
    type |= withLength ? FrameType.STREAM_LEN_BIT : 0;
    type |= fin ? FrameType.STREAM_FIN_BIT : 0;
    buffer.put((byte) type);
    VarInt.write(buffer, streamId);
    if (offset > 0) {
      VarInt.write(buffer, offset);
    }
    if (withLength) {
      VarInt.write(buffer, length);
    }
  }

  /** Writes a whole STREAM frame whose data is {@code data}'s remaining bytes (not consumed). */
  public static void writeStream(
      ByteBuffer buffer,
      long streamId,
      long offset,
      ByteBuffer data,
      boolean withLength,
      boolean fin) {
    writeStreamHeader(buffer, streamId, offset, data.remaining(), withLength, fin);
    copyRemaining(buffer, data);
  }

  /**
   * How many data bytes a STREAM frame with a Length field can carry in {@code space} bytes, or -1
   * when not even an empty frame fits. The Length field's own size depends on the answer, hence the
   * search over its four sizes.
   */
  public static int streamDataCapacity(int space, long streamId, long offset) {
    int fixed = 1 + VarInt.encodedSize(streamId) + (offset > 0 ? VarInt.encodedSize(offset) : 0);
    return capacityWithLengthField(space - fixed, offset);
  }

  public static int cryptoSize(long offset, int length) {
    return cryptoHeaderSize(offset, length) + length;
  }

  public static int cryptoHeaderSize(long offset, int length) {
    return 1 + VarInt.encodedSize(offset) + VarInt.encodedSize(length);
  }

  /** Writes a CRYPTO frame's type and fields; the caller writes the data next. */
  public static void writeCryptoHeader(ByteBuffer buffer, long offset, int length) {
    checkStreamEnd(offset, length);
    buffer.put((byte) FrameType.CRYPTO);
    VarInt.write(buffer, offset);
    VarInt.write(buffer, length);
  }

  /** Writes a whole CRYPTO frame whose data is {@code data}'s remaining bytes (not consumed). */
  public static void writeCrypto(ByteBuffer buffer, long offset, ByteBuffer data) {
    writeCryptoHeader(buffer, offset, data.remaining());
    copyRemaining(buffer, data);
  }

  /** How many data bytes a CRYPTO frame at {@code offset} can carry in {@code space}, or -1. */
  public static int cryptoDataCapacity(int space, long offset) {
    return capacityWithLengthField(space - 1 - VarInt.encodedSize(offset), offset);
  }

  /**
   * Largest n with encodedSize(n) + n <= room (the writer's minimal Length field only gets shorter
   * for smaller n, so the best of the four field sizes is the answer), capped so that offset + n
   * stays a valid stream offset; -1 when not even a 1-byte Length fits.
   */
  private static int capacityWithLengthField(int room, long offset) {
    long best = -1;
    for (int fieldSize = 1; fieldSize <= 4; fieldSize *= 2) {
      best = Math.max(best, Math.min(room - fieldSize, VarInt.maxValue(fieldSize)));
    }
    return best < 0 ? -1 : (int) Math.min(best, VarInt.MAX - offset);
  }

  private static void checkStreamEnd(long offset, int length) {
    if (offset < 0 || length < 0 || offset > VarInt.MAX - length) {
      throw new IllegalArgumentException("stream data [" + offset + ", +" + length + ")");
    }
  }

  // ---- NEW_TOKEN (§19.7) ----

  public static int newTokenSize(int tokenLength) {
    return 1 + VarInt.encodedSize(tokenLength) + tokenLength;
  }

  /** NEW_TOKEN with {@code token}'s remaining bytes (not consumed), which must not be empty. */
  public static void writeNewToken(ByteBuffer buffer, ByteBuffer token) {
    if (!token.hasRemaining()) {
      throw new IllegalArgumentException("NEW_TOKEN needs a token (§19.7)");
    }
    buffer.put((byte) FrameType.NEW_TOKEN);
    VarInt.write(buffer, token.remaining());
    copyRemaining(buffer, token);
  }

  // ---- connection IDs (§19.15) and paths (§19.17, §19.18) ----

  public static int newConnectionIdSize(long sequenceNumber, long retirePriorTo, int cidLength) {
    return 1
        + VarInt.encodedSize(sequenceNumber)
        + VarInt.encodedSize(retirePriorTo)
        + 1
        + cidLength
        + StatelessResetToken.LENGTH;
  }

  /** NEW_CONNECTION_ID (§19.15): a 1–20 byte ID; retirePriorTo at most sequenceNumber. */
  public static void writeNewConnectionId(
      ByteBuffer buffer,
      long sequenceNumber,
      long retirePriorTo,
      ConnectionId connectionId,
      StatelessResetToken resetToken) {
    if (connectionId.length() == 0 || retirePriorTo > sequenceNumber) {
      throw new IllegalArgumentException(
          "NEW_CONNECTION_ID " + sequenceNumber + "/" + retirePriorTo + "/" + connectionId);
    }
    buffer.put((byte) FrameType.NEW_CONNECTION_ID);
    VarInt.write(buffer, sequenceNumber);
    VarInt.write(buffer, retirePriorTo);
    buffer.put((byte) connectionId.length());
    connectionId.writeTo(buffer);
    resetToken.writeTo(buffer);
  }

  /** Size of PATH_CHALLENGE and PATH_RESPONSE: type and 8 bytes. */
  public static final int PATH_FRAME_SIZE = 9;

  /** PATH_CHALLENGE (§19.17) with 8 bytes of (unpredictable) data. */
  public static void writePathChallenge(ByteBuffer buffer, long data) {
    buffer.put((byte) FrameType.PATH_CHALLENGE);
    buffer.putLong(data);
  }

  /** PATH_RESPONSE (§19.18), echoing a challenge's data. */
  public static void writePathResponse(ByteBuffer buffer, long data) {
    buffer.put((byte) FrameType.PATH_RESPONSE);
    buffer.putLong(data);
  }

  // ---- CONNECTION_CLOSE (§19.19) ----

  public static int transportCloseSize(long errorCode, long frameType, int reasonLength) {
    return 1
        + VarInt.encodedSize(errorCode)
        + VarInt.encodedSize(frameType)
        + VarInt.encodedSize(reasonLength)
        + reasonLength;
  }

  /** CONNECTION_CLOSE 0x1c: transport error, offending frame type (0 if none), UTF-8 reason. */
  public static void writeTransportClose(
      ByteBuffer buffer, long errorCode, long frameType, byte[] reason) {
    buffer.put((byte) FrameType.CONNECTION_CLOSE);
    VarInt.write(buffer, errorCode);
    VarInt.write(buffer, frameType);
    VarInt.write(buffer, reason.length);
    buffer.put(reason);
  }

  public static int applicationCloseSize(long errorCode, int reasonLength) {
    return 1 + VarInt.encodedSize(errorCode) + VarInt.encodedSize(reasonLength) + reasonLength;
  }

  /** CONNECTION_CLOSE 0x1d: application error and UTF-8 reason; only in 0-RTT and 1-RTT. */
  public static void writeApplicationClose(ByteBuffer buffer, long errorCode, byte[] reason) {
    buffer.put((byte) FrameType.APPLICATION_CLOSE);
    VarInt.write(buffer, errorCode);
    VarInt.write(buffer, reason.length);
    buffer.put(reason);
  }

  // ---- DATAGRAM (RFC 9221 §4) ----

  /** Size of a DATAGRAM frame: type 0x31 with a Length field, or 0x30 ending the packet. */
  public static int datagramSize(int length, boolean withLength) {
    return 1 + (withLength ? VarInt.encodedSize(length) : 0) + length;
  }

  /** Writes a DATAGRAM frame's type and Length (if any); the caller writes the data next. */
  public static void writeDatagramHeader(ByteBuffer buffer, int length, boolean withLength) {
    if (length < 0) {
      throw new IllegalArgumentException("datagram of " + length + " bytes");
    }
    buffer.put((byte) (withLength ? FrameType.DATAGRAM_WITH_LENGTH : FrameType.DATAGRAM));
    if (withLength) {
      VarInt.write(buffer, length);
    }
  }

  /** Writes a whole DATAGRAM frame whose data is {@code data}'s remaining bytes (not consumed). */
  public static void writeDatagram(ByteBuffer buffer, ByteBuffer data, boolean withLength) {
    writeDatagramHeader(buffer, data.remaining(), withLength);
    copyRemaining(buffer, data);
  }

  // ---- ACK_FREQUENCY (draft-ietf-quic-ack-frequency-09 §4) ----

  public static int ackFrequencySize(
      long sequenceNumber, long ackElicitingThreshold, long maxAckDelayMicros, long reordering) {
    return VarInt.encodedSize(FrameType.ACK_FREQUENCY)
        + VarInt.encodedSize(sequenceNumber)
        + VarInt.encodedSize(ackElicitingThreshold)
        + VarInt.encodedSize(maxAckDelayMicros)
        + VarInt.encodedSize(reordering);
  }

  /**
   * ACK_FREQUENCY in the layout of draft-ietf-quic-ack-frequency-09 §4, as picoquic sends it: type
   * 0xaf (2-byte varint), Sequence Number, Ack-Eliciting Threshold, Request Max Ack Delay (µs),
   * Reordering Threshold (0 = do not ack out-of-order packets at once), all varints.
   */
  public static void writeAckFrequency(
      ByteBuffer buffer,
      long sequenceNumber,
      long ackElicitingThreshold,
      long maxAckDelayMicros,
      long reordering) {
    VarInt.write(buffer, FrameType.ACK_FREQUENCY);
    VarInt.write(buffer, sequenceNumber);
    VarInt.write(buffer, ackElicitingThreshold);
    VarInt.write(buffer, maxAckDelayMicros);
    VarInt.write(buffer, reordering);
  }

  /** Copies {@code source}'s remaining bytes without moving its position or allocating a view. */
  private static void copyRemaining(ByteBuffer target, ByteBuffer source) {
    int length = source.remaining();
    target.put(target.position(), source, source.position(), length);
    target.position(target.position() + length);
  }
}
