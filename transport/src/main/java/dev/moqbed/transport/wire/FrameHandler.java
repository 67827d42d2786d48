package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;

/**
 * Receives the frames {@link FrameDecoder} parses from one packet payload, in order, one call per
 * frame (consecutive PADDING bytes are one call).
 *
 * <p>Fields arrive as primitives; variable-length data (stream and crypto data, tokens, reason
 * phrases, datagrams, connection IDs) as an absolute offset and a length into the packet buffer,
 * valid until the handler returns — the buffer belongs to the caller, who may reuse it for the next
 * datagram. Nothing is copied unless the handler copies it.
 *
 * <p>The decoder has checked everything the wire format fixes (lengths, ranges, limits of §19, and
 * the packet types of §12.4). What needs connection state — stream direction and limits, flow
 * control, whether this endpoint is a client (a server must not receive NEW_TOKEN or
 * HANDSHAKE_DONE, §19.7 and §19.20) — is the handler's job; it reports violations by throwing
 * {@link QuicWireException}, which the decoder lets through.
 */
public interface FrameHandler {
  /** {@code length} consecutive PADDING bytes (RFC 9000 §19.1). */
  void onPadding(int length) throws QuicWireException;

  /** PING (§19.2). */
  void onPing() throws QuicWireException;

  /**
   * ACK or ACK_ECN (§19.3). {@code ack} is the decoder's reusable instance, valid during the call;
   * {@link AckFrameContent#copy()} keeps it.
   */
  void onAck(AckFrameContent ack) throws QuicWireException;

  /** RESET_STREAM (§19.4). */
  void onResetStream(long streamId, long applicationErrorCode, long finalSize)
      throws QuicWireException;

  /** STOP_SENDING (§19.5). */
  void onStopSending(long streamId, long applicationErrorCode) throws QuicWireException;

  /**
   * CRYPTO (§19.6): {@code length} bytes of the TLS stream at {@code streamOffset}, found at {@code
   * buffer[dataOffset, dataOffset + length)}.
   */
  void onCrypto(long streamOffset, ByteBuffer buffer, int dataOffset, int length)
      throws QuicWireException;

  /** NEW_TOKEN (§19.7): a non-empty token at {@code buffer[tokenOffset, tokenOffset + length)}. */
  void onNewToken(ByteBuffer buffer, int tokenOffset, int length) throws QuicWireException;

  /**
   * STREAM (§19.8): {@code length} bytes of stream {@code streamId} at {@code streamOffset} (0 when
   * the frame has no Offset field), found at {@code buffer[dataOffset, dataOffset + length)}.
   */
  void onStream(
      long streamId, long streamOffset, ByteBuffer buffer, int dataOffset, int length, boolean fin)
      throws QuicWireException;

  /** MAX_DATA (§19.9). */
  void onMaxData(long maximumData) throws QuicWireException;

  /** MAX_STREAM_DATA (§19.10). */
  void onMaxStreamData(long streamId, long maximumStreamData) throws QuicWireException;

  /** MAX_STREAMS (§19.11), at most 2^60. */
  void onMaxStreams(boolean bidirectional, long maximumStreams) throws QuicWireException;

  /** DATA_BLOCKED (§19.12). */
  void onDataBlocked(long maximumData) throws QuicWireException;

  /** STREAM_DATA_BLOCKED (§19.13). */
  void onStreamDataBlocked(long streamId, long maximumStreamData) throws QuicWireException;

  /** STREAMS_BLOCKED (§19.14), at most 2^60. */
  void onStreamsBlocked(boolean bidirectional, long maximumStreams) throws QuicWireException;

  /**
   * NEW_CONNECTION_ID (§19.15): a 1–20 byte connection ID at {@code buffer[cidOffset, cidOffset +
   * cidLength)} and its 16-byte reset token at {@code buffer[resetTokenOffset, ...)}; {@code
   * retirePriorTo <= sequenceNumber} has been checked.
   */
  void onNewConnectionId(
      long sequenceNumber,
      long retirePriorTo,
      ByteBuffer buffer,
      int cidOffset,
      int cidLength,
      int resetTokenOffset)
      throws QuicWireException;

  /** RETIRE_CONNECTION_ID (§19.16). */
  void onRetireConnectionId(long sequenceNumber) throws QuicWireException;

  /** PATH_CHALLENGE (§19.17): the 8 opaque bytes as a long. */
  void onPathChallenge(long data) throws QuicWireException;

  /** PATH_RESPONSE (§19.18): the 8 opaque bytes as a long. */
  void onPathResponse(long data) throws QuicWireException;

  /**
   * CONNECTION_CLOSE of type 0x1c (§19.19): a transport error, the type of the frame that caused it
   * (0 when unknown), and a UTF-8 reason at {@code buffer[reasonOffset, ...)}.
   */
  void onTransportClose(
      long errorCode, long frameType, ByteBuffer buffer, int reasonOffset, int reasonLength)
      throws QuicWireException;

  /** CONNECTION_CLOSE of type 0x1d (§19.19): an application error and a UTF-8 reason. */
  void onApplicationClose(long errorCode, ByteBuffer buffer, int reasonOffset, int reasonLength)
      throws QuicWireException;

  /** HANDSHAKE_DONE (§19.20). */
  void onHandshakeDone() throws QuicWireException;

  /**
   * DATAGRAM of type 0x30 or 0x31 (RFC 9221 §4), at {@code buffer[dataOffset, dataOffset +
   * length)}; the decoder has checked the frame against the max_datagram_frame_size it accepts.
   */
  void onDatagram(ByteBuffer buffer, int dataOffset, int length) throws QuicWireException;

  /**
   * ACK_FREQUENCY (draft-ietf-quic-ack-frequency-09 §4): Ack-Eliciting Threshold in packets,
   * Request Max Ack Delay in microseconds, Reordering Threshold in packets (0: ignore order).
   * Comparing the delay with our min_ack_delay (PROTOCOL_VIOLATION when below, §4) and the sequence
   * number with the last one seen is the handler's job.
   */
  void onAckFrequency(
      long sequenceNumber,
      long ackElicitingThreshold,
      long requestMaxAckDelayMicros,
      long reorderingThreshold)
      throws QuicWireException;

  /** IMMEDIATE_ACK (draft-ietf-quic-ack-frequency-09 §5). */
  void onImmediateAck() throws QuicWireException;
}
