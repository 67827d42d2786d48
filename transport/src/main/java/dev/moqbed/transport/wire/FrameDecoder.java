package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;

/**
 * Parses the frames of one decrypted packet payload (RFC 9000 §12.4, §19) into a {@link
 * FrameHandler}, without copying data and without allocating per frame.
 *
 * <p>It enforces what the wire format alone decides, with the error codes of RFC 9000:
 *
 * <ul>
 *   <li>FRAME_ENCODING_ERROR (§12.4, §19): unknown frame type, truncated field, a length beyond the
 *       packet, negative ACK packet numbers (§19.3.1), stream or crypto data beyond 2^62-1 (§19.6,
 *       §19.8), an empty NEW_TOKEN (§19.7), MAX_STREAMS / STREAMS_BLOCKED above 2^60 (§19.11,
 *       §19.14), a NEW_CONNECTION_ID with a bad length or Retire Prior To above its Sequence Number
 *       (§19.15);
 *   <li>PROTOCOL_VIOLATION: a frame type the packet type may not carry (§12.4 Table 3), a frame
 *       type not in its shortest encoding (§12.4 allows this), an empty payload (§12.4), a DATAGRAM
 *       that was not negotiated or exceeds our max_datagram_frame_size (RFC 9221 §3), ACK_FREQUENCY
 *       or IMMEDIATE_ACK without the extension negotiated (draft-ietf-quic-ack-frequency-09 §3).
 * </ul>
 *
 * <p>One decoder per connection, reused for every packet; not thread-safe. The extensions it
 * accepts are set from the transport parameters this endpoint sent.
 */
public final class FrameDecoder {
  /** Largest MAX_STREAMS / STREAMS_BLOCKED value: stream IDs are 62 bits (RFC 9000 §19.11). */
  public static final long MAX_STREAM_COUNT = 1L << 60;

  private final QuicWireReader reader = new QuicWireReader(TransportErrorCode.FRAME_ENCODING_ERROR);
  private final AckFrameContent ack = new AckFrameContent();
  private long maxDatagramFrameSize;
  private boolean ackFrequencyAccepted;

  /**
   * Accepts DATAGRAM frames up to {@code maxDatagramFrameSize} bytes including type and length (the
   * max_datagram_frame_size this endpoint advertised, RFC 9221 §3); 0 refuses them.
   */
  public FrameDecoder acceptDatagrams(long maxDatagramFrameSize) {
    if (maxDatagramFrameSize < 0) {
      throw new IllegalArgumentException("max_datagram_frame_size " + maxDatagramFrameSize);
    }
    this.maxDatagramFrameSize = maxDatagramFrameSize;
    return this;
  }

  /**
   * Accepts ACK_FREQUENCY and IMMEDIATE_ACK, once this endpoint has sent min_ack_delay
   * (draft-ietf-quic-ack-frequency-09 §3).
   */
  public FrameDecoder acceptAckFrequency(boolean accepted) {
    this.ackFrequencyAccepted = accepted;
    return this;
  }

  /**
   * Parses every frame of {@code buffer[start, end)}, a packet of {@code packetType}, in order.
   *
   * @throws QuicWireException for malformed or misplaced frames (see the class comment), or as
   *     thrown by {@code handler}; frames before the bad one have been delivered, and the packet as
   *     a whole must then be treated as the connection error (RFC 9000 §12.4, §11).
   */
  public void decode(
      ByteBuffer buffer, int start, int end, PacketType packetType, FrameHandler handler)
      throws QuicWireException {
    if (!packetType.carriesFrames()) {
      throw new IllegalArgumentException(packetType + " packets carry no frames");
    }
    reader.reset(buffer, start, end);
    if (!reader.hasRemaining()) {
      throw reader.fail(TransportErrorCode.PROTOCOL_VIOLATION, "packet without frames");
    }
    while (reader.hasRemaining()) {
      decodeFrame(packetType, handler);
    }
  }

  private void decodeFrame(PacketType packetType, FrameHandler handler) throws QuicWireException {
    int typeLength = reader.peekVarIntLength();
    long type = readFrameType(packetType);
    if (FrameType.isStream(type)) {
      decodeStream((int) type, handler);
      return;
    }
    decodeOtherFrame(type, typeLength, handler);
  }

  /** Reads a frame's type and checks it: known, minimally encoded, allowed in this packet type. */
  private long readFrameType(PacketType packetType) throws QuicWireException {
    reader.frameType(QuicWireException.NO_FRAME);
    int typeLength = reader.peekVarIntLength();
    long type = reader.readVarInt();
    reader.frameType(type);
    if (!FrameType.isKnown(type)) {
      throw reader.fail("unknown frame type 0x" + Long.toHexString(type));
    }
    if (!VarInt.isMinimal(type, typeLength)) {
      throw reader.fail(
          TransportErrorCode.PROTOCOL_VIOLATION, "frame type in " + typeLength + " bytes");
    }
    if (!FrameType.isAllowedIn(type, packetType)) {
      throw reader.fail(
          TransportErrorCode.PROTOCOL_VIOLATION,
          "frame type 0x" + Long.toHexString(type) + " in a " + packetType + " packet");
    }
    return type;
  }

  /** Every frame but STREAM, whose type {@code type} took {@code typeLength} bytes. */
  private void decodeOtherFrame(long type, int typeLength, FrameHandler handler)
      throws QuicWireException {
    switch ((int) type) {
      case (int) FrameType.PADDING -> decodePadding(handler);
      case (int) FrameType.PING -> handler.onPing();
      case (int) FrameType.ACK, (int) FrameType.ACK_ECN ->
          decodeAck(type == FrameType.ACK_ECN, handler);
      case (int) FrameType.RESET_STREAM ->
          handler.onResetStream(reader.readVarInt(), reader.readVarInt(), reader.readVarInt());
      case (int) FrameType.STOP_SENDING ->
          handler.onStopSending(reader.readVarInt(), reader.readVarInt());
      case (int) FrameType.CRYPTO -> decodeCrypto(handler);
      case (int) FrameType.NEW_TOKEN -> decodeNewToken(handler);
      case (int) FrameType.MAX_DATA -> handler.onMaxData(reader.readVarInt());
      case (int) FrameType.MAX_STREAM_DATA ->
          handler.onMaxStreamData(reader.readVarInt(), reader.readVarInt());
      case (int) FrameType.MAX_STREAMS_BIDI, (int) FrameType.MAX_STREAMS_UNI ->
          handler.onMaxStreams(type == FrameType.MAX_STREAMS_BIDI, readStreamCount());
      case (int) FrameType.DATA_BLOCKED -> handler.onDataBlocked(reader.readVarInt());
      case (int) FrameType.STREAM_DATA_BLOCKED ->
          handler.onStreamDataBlocked(reader.readVarInt(), reader.readVarInt());
      case (int) FrameType.STREAMS_BLOCKED_BIDI, (int) FrameType.STREAMS_BLOCKED_UNI ->
          handler.onStreamsBlocked(type == FrameType.STREAMS_BLOCKED_BIDI, readStreamCount());
      case (int) FrameType.NEW_CONNECTION_ID -> decodeNewConnectionId(handler);
      case (int) FrameType.RETIRE_CONNECTION_ID ->
          handler.onRetireConnectionId(reader.readVarInt());
      case (int) FrameType.PATH_CHALLENGE -> handler.onPathChallenge(reader.readLong64());
      case (int) FrameType.PATH_RESPONSE -> handler.onPathResponse(reader.readLong64());
      case (int) FrameType.CONNECTION_CLOSE -> decodeTransportClose(handler);
      case (int) FrameType.APPLICATION_CLOSE -> decodeApplicationClose(handler);
      case (int) FrameType.HANDSHAKE_DONE -> handler.onHandshakeDone();
      case (int) FrameType.IMMEDIATE_ACK -> {
        requireAckFrequency();
        handler.onImmediateAck();
      }
      case (int) FrameType.DATAGRAM, (int) FrameType.DATAGRAM_WITH_LENGTH ->
          decodeDatagram(type == FrameType.DATAGRAM_WITH_LENGTH, typeLength, handler);
      case (int) FrameType.ACK_FREQUENCY -> {
        requireAckFrequency();
        handler.onAckFrequency(
            reader.readVarInt(), reader.readVarInt(), reader.readVarInt(), reader.readVarInt());
      }
      default -> {
        // isKnown() and this switch list the same types; reaching here is a bug of this class.
        throw new IllegalStateException("no decoder for frame type 0x" + Long.toHexString(type));
      }
    }
  }

  private void decodePadding(FrameHandler handler) throws QuicWireException {
    // The type byte was PADDING; the run goes on while the next byte is 0x00 (§19.1).
    int count = 1;
    while (reader.hasRemaining() && reader.peekUint8() == 0) {
      reader.readUint8();
      count++;
    }
    handler.onPadding(count);
  }

  private void decodeAck(boolean withEcn, FrameHandler handler) throws QuicWireException {
    long largest = reader.readVarInt();
    long ackDelay = reader.readVarInt();
    long extraRanges = reader.readVarInt();
    long firstRange = reader.readVarInt();
    // Each further range takes at least two bytes: refuse counts the packet cannot hold before
    // looping, so a forged count costs nothing.
    if (extraRanges > reader.remaining() / 2) {
      throw reader.fail("ACK Range Count " + extraRanges + " with " + reader.remaining() + " left");
    }
    if (firstRange > largest) {
      throw reader.fail("First ACK Range " + firstRange + " above Largest " + largest);
    }
    ack.clear();
    long smallest = largest - firstRange;
    ack.appendRange(smallest, largest);
    for (long i = 0; i < extraRanges; i++) {
      long gap = reader.readVarInt();
      long length = reader.readVarInt();
      // §19.3.1: the next range's largest is smallest - gap - 2; negative is FRAME_ENCODING_ERROR.
      long nextLargest = smallest - gap - 2;
      if (nextLargest < 0 || length > nextLargest) {
        throw reader.fail("ACK range below packet number 0");
      }
      smallest = nextLargest - length;
      ack.appendRange(smallest, nextLargest);
    }
    ack.ackDelay(ackDelay);
    if (withEcn) {
      ack.ecnCounts(reader.readVarInt(), reader.readVarInt(), reader.readVarInt());
    }
    handler.onAck(ack);
  }

  private void decodeStream(int type, FrameHandler handler) throws QuicWireException {
    long streamId = reader.readVarInt();
    long offset = (type & FrameType.STREAM_OFF_BIT) != 0 ? reader.readVarInt() : 0;
    int length =
        (type & FrameType.STREAM_LEN_BIT) != 0
            ? reader.readLength("STREAM data")
            : reader.remaining();
    checkStreamEnd(offset, length);
    int dataOffset = reader.skip(length, "STREAM data");
    handler.onStream(
        streamId,
        offset,
        reader.buffer(),
        dataOffset,
        length,
        (type & FrameType.STREAM_FIN_BIT) != 0);
  }

  private void decodeCrypto(FrameHandler handler) throws QuicWireException {
    long offset = reader.readVarInt();
    int length = reader.readLength("CRYPTO data");
    checkStreamEnd(offset, length);
    handler.onCrypto(offset, reader.buffer(), reader.skip(length, "CRYPTO data"), length);
  }

  /** §19.6, §19.8: no byte of a stream may sit beyond offset 2^62 - 1. */
  private void checkStreamEnd(long offset, int length) throws QuicWireException {
    if (offset > VarInt.MAX - length) {
      throw reader.fail("data ends at " + offset + " + " + length + ", beyond 2^62-1");
    }
  }

  private void decodeNewToken(FrameHandler handler) throws QuicWireException {
    int length = reader.readLength("token");
    if (length == 0) {
      throw reader.fail("empty NEW_TOKEN");
    }
    handler.onNewToken(reader.buffer(), reader.skip(length, "token"), length);
  }

  private long readStreamCount() throws QuicWireException {
    long count = reader.readVarInt();
    if (count > MAX_STREAM_COUNT) {
      throw reader.fail("stream count " + count + " above 2^60");
    }
    return count;
  }

  private void decodeNewConnectionId(FrameHandler handler) throws QuicWireException {
    long sequence = reader.readVarInt();
    long retirePriorTo = reader.readVarInt();
    int cidLength = reader.readUint8();
    if (cidLength < 1 || cidLength > ConnectionId.MAX_LENGTH) {
      throw reader.fail("NEW_CONNECTION_ID length " + cidLength);
    }
    if (retirePriorTo > sequence) {
      throw reader.fail("Retire Prior To " + retirePriorTo + " above sequence " + sequence);
    }
    int cidOffset = reader.skip(cidLength, "connection ID");
    int tokenOffset = reader.skip(StatelessResetToken.LENGTH, "stateless reset token");
    handler.onNewConnectionId(
        sequence, retirePriorTo, reader.buffer(), cidOffset, cidLength, tokenOffset);
  }

  private void decodeTransportClose(FrameHandler handler) throws QuicWireException {
    long errorCode = reader.readVarInt();
    long frameType = reader.readVarInt();
    int reasonLength = reader.readLength("reason phrase");
    handler.onTransportClose(
        errorCode,
        frameType,
        reader.buffer(),
        reader.skip(reasonLength, "reason phrase"),
        reasonLength);
  }

  private void decodeApplicationClose(FrameHandler handler) throws QuicWireException {
    long errorCode = reader.readVarInt();
    int reasonLength = reader.readLength("reason phrase");
    handler.onApplicationClose(
        errorCode, reader.buffer(), reader.skip(reasonLength, "reason phrase"), reasonLength);
  }

  private void decodeDatagram(boolean withLength, int typeLength, FrameHandler handler)
      throws QuicWireException {
    if (maxDatagramFrameSize == 0) {
      throw reader.fail(TransportErrorCode.PROTOCOL_VIOLATION, "DATAGRAM not negotiated");
    }
    int fieldsStart = reader.position();
    int length = withLength ? reader.readLength("DATAGRAM data") : reader.remaining();
    long frameSize = (long) typeLength + (reader.position() - fieldsStart) + length;
    if (frameSize > maxDatagramFrameSize) {
      throw reader.fail(
          TransportErrorCode.PROTOCOL_VIOLATION,
          "DATAGRAM frame of " + frameSize + " bytes, limit " + maxDatagramFrameSize);
    }
    handler.onDatagram(reader.buffer(), reader.skip(length, "DATAGRAM data"), length);
  }

  private void requireAckFrequency() throws QuicWireException {
    if (!ackFrequencyAccepted) {
      throw reader.fail(TransportErrorCode.PROTOCOL_VIOLATION, "ack frequency not negotiated");
    }
  }
}
