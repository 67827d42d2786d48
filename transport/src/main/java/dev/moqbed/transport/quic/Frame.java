package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.recovery.AckTracker;
import dev.moqbed.transport.wire.VarInt;
import java.util.Arrays;

/**
 * A QUIC frame as the stack carries it: its fields and its encoded size. The stack never encodes
 * bytes on the wire; sizes follow RFC 9000 §19 with picoquic's choices (for instance a STREAM frame
 * that fills its packet has no length field).
 */
public sealed interface Frame
    permits Frame.Stream,
        Frame.Ack,
        Frame.Datagram,
        Frame.ResetStream,
        Frame.StopSending,
        Frame.MaxData,
        Frame.MaxStreamData,
        Frame.DataBlocked,
        Frame.StreamDataBlocked,
        Frame.MaxStreams,
        Frame.StreamsBlocked,
        Frame.Ping,
        Frame.Padding,
        Frame.HandshakeDone,
        Frame.PathChallenge,
        Frame.PathResponse,
        Frame.ConnectionClose,
        Frame.AckFrequency,
        Frame.Crypto,
        Frame.NewConnectionId {

  /** Encoded size in bytes. */
  int sizeBytes();

  /** Whether the frame makes its packet ack-eliciting (all but ACK, PADDING, CONNECTION_CLOSE). */
  default boolean ackEliciting() {
    return true;
  }

  /**
   * STREAM: {@code length} bytes of stream {@code streamId} from {@code offset}; {@code data} is
   * the bytes (shared, never copied) or null when the application sent counts only.
   *
   * <p>A class with a record's contract (accessors, value equality, the data compared as a {@link
   * ByteSlice} is: same array, offset and length) rather than a record, so that a connection whose
   * datagrams are encoded at once ({@link OutputRecycling}) can reuse the frame once its packet's
   * record is given back; nothing else ever changes one.
   */
  public static final class Stream implements Frame {
    private long streamId;
    private long offset;
    private int length;
    private boolean fin;
    private boolean explicitLength;
    private byte[] dataArray;
    private int dataOffset;
    private int dataLength;
    private byte[] gatherBuffer;

    /**
     * Whether the bytes are a view of the buffer a datagram was received into ({@link #received}):
     * valid only while that datagram is processed, so whatever keeps them longer copies them
     * ({@link #withOwnBytes}).
     */
    private boolean borrowed;

    /**
     * @param explicitLength false when the frame runs to the end of its packet (no length field)
     */
    public Stream(
        long streamId,
        long offset,
        int length,
        boolean fin,
        boolean explicitLength,
        ByteSlice data) {
      set(
          streamId,
          offset,
          length,
          fin,
          explicitLength,
          data == null ? null : data.array(),
          data == null ? 0 : data.offset(),
          data == null ? 0 : data.length());
    }

    /** A blank frame for {@link OutputRecycling}, filled by {@link #set} before anyone reads it. */
    Stream() {}

    /**
     * A frame as the codec decodes it, its bytes {@code [dataOffset, dataOffset + length)} of the
     * receive buffer {@code dataArray} and not copied: they stay valid only while the datagram is
     * processed, as the receive buffer is reused for the next one (see {@link #borrowed()}).
     */
    public static Stream received(
        long streamId,
        long offset,
        int length,
        boolean fin,
        boolean explicitLength,
        byte[] dataArray,
        int dataOffset) {
      Stream frame = new Stream();
      frame.set(streamId, offset, length, fin, explicitLength, dataArray, dataOffset, length);
      frame.borrowed = true;
      return frame;
    }

    /** Refills a {@link #received} frame for the next datagram, for a codec that reuses them. */
    public void refillReceived(
        long streamId,
        long offset,
        int length,
        boolean fin,
        boolean explicitLength,
        byte[] dataArray,
        int dataOffset) {
      set(streamId, offset, length, fin, explicitLength, dataArray, dataOffset, length);
      borrowed = true;
    }

    /**
     * Whether the bytes are borrowed from a receive buffer: whoever keeps them beyond the
     * datagram's processing (a piece waiting for a gap to fill, a packet held for its keys) copies
     * them first.
     */
    public boolean borrowed() {
      return borrowed;
    }

    /** This frame, or for {@link #borrowed} bytes a copy of it with bytes of its own. */
    Stream withOwnBytes() {
      if (!borrowed) {
        return this;
      }
      byte[] own = Arrays.copyOfRange(dataArray, dataOffset, dataOffset + dataLength);
      return new Stream().set(streamId, offset, length, fin, explicitLength, own, 0, own.length);
    }

    /**
     * An array of at least {@code length} bytes that belongs to this frame, for data gathered from
     * several of the application's writes (a relay writes each object's head and payload apart). A
     * recycled frame keeps it for its next use, so the copy allocates nothing once warm; nothing
     * else holds it, and the frame is not refilled before its packet was encoded.
     */
    byte[] gatherBuffer(int length) {
      if (gatherBuffer == null || gatherBuffer.length < length) {
        // A packet's worth at least: a frame of the next packet may be longer than this one.
        gatherBuffer = new byte[Math.max(length, 1_500)];
      }
      return gatherBuffer;
    }

    /** Fills the frame; {@code dataArray} null for counts only (then offset and length are 0). */
    Stream set(
        long streamId,
        long offset,
        int length,
        boolean fin,
        boolean explicitLength,
        byte[] dataArray,
        int dataOffset,
        int dataLength) {
      this.streamId = streamId;
      this.offset = offset;
      this.length = length;
      this.fin = fin;
      this.explicitLength = explicitLength;
      this.dataArray = dataArray;
      this.dataOffset = dataOffset;
      this.dataLength = dataLength;
      this.borrowed = false;
      return this;
    }

    public long streamId() {
      return streamId;
    }

    public long offset() {
      return offset;
    }

    public int length() {
      return length;
    }

    public boolean fin() {
      return fin;
    }

    public boolean explicitLength() {
      return explicitLength;
    }

    /**
     * The bytes as a new slice, or null for counts only; {@link #dataArray} reads them in place.
     */
    public ByteSlice data() {
      return dataArray == null ? null : new ByteSlice(dataArray, dataOffset, dataLength);
    }

    /** The array holding the bytes, null for counts only: the encoder's way, with no slice made. */
    public byte[] dataArray() {
      return dataArray;
    }

    public int dataOffset() {
      return dataOffset;
    }

    public int dataLength() {
      return dataLength;
    }

    @Override
    public int sizeBytes() {
      return headerSize(streamId, offset, length, explicitLength) + length;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Stream that
          && streamId == that.streamId
          && offset == that.offset
          && length == that.length
          && fin == that.fin
          && explicitLength == that.explicitLength
          && dataArray == that.dataArray
          && dataOffset == that.dataOffset
          && dataLength == that.dataLength;
    }

    @Override
    public int hashCode() {
      int hash = Long.hashCode(streamId);
      hash = 31 * hash + Long.hashCode(offset);
      hash = 31 * hash + length;
      hash = 31 * hash + (fin ? 1 : 0);
      hash = 31 * hash + (explicitLength ? 1 : 0);
      return 31 * hash + System.identityHashCode(dataArray) + dataOffset + dataLength;
    }

    @Override
    public String toString() {
      return "Stream[streamId="
          + streamId
          + ", offset="
          + offset
          + ", length="
          + length
          + ", fin="
          + fin
          + ", explicitLength="
          + explicitLength
          + ", data="
          + data()
          + "]";
    }

    /**
     * Whether a frame of these fields, placed in the {@code room} bytes left of its packet, keeps
     * its Length field: picoquic drops it when the frame runs to the packet's end, that is when at
     * most one byte would be left after a frame without it.
     */
    static boolean needsLength(long streamId, long offset, int length, int room) {
      return room - (headerSize(streamId, offset, length, false) + length) > 1;
    }

    static int headerSize(long streamId, long offset, int length, boolean explicitLength) {
      return 1
          + VarInt.encodedSize(streamId)
          + (offset > 0 ? VarInt.encodedSize(offset) : 0)
          + (explicitLength ? VarInt.encodedSize(length) : 0);
    }
  }

  /**
   * ACK, or ACK_ECN when {@code ecnCounts} (ECT(0), ECT(1), CE totals) is non-null. The ranges and
   * delay come from the receiver's {@link AckTracker}.
   */
  record Ack(AckFrame frame, long[] ecnCounts) implements Frame {
    @Override
    public int sizeBytes() {
      int size =
          1
              + VarInt.encodedSize(frame.largestAcknowledged())
              + VarInt.encodedSize(frame.encodedAckDelay())
              + VarInt.encodedSize(frame.rangeCount() - 1)
              + VarInt.encodedSize(frame.rangeLargest(0) - frame.rangeSmallest(0));
      for (int i = 1; i < frame.rangeCount(); i++) {
        long gap = frame.rangeSmallest(i - 1) - frame.rangeLargest(i) - 2;
        size +=
            VarInt.encodedSize(gap)
                + VarInt.encodedSize(frame.rangeLargest(i) - frame.rangeSmallest(i));
      }
      if (ecnCounts != null) {
        for (long count : ecnCounts) {
          size += VarInt.encodedSize(count);
        }
      }
      return size;
    }

    @Override
    public boolean ackEliciting() {
      return false;
    }
  }

  /** DATAGRAM (RFC 9221) with its length field. */
  record Datagram(DatagramPayload payload) implements Frame {
    public int length() {
      return payload.length();
    }

    @Override
    public int sizeBytes() {
      int length = payload.length();
      return 1 + VarInt.encodedSize(length) + length;
    }
  }

  record ResetStream(long streamId, long errorCode, long finalSize) implements Frame {
    @Override
    public int sizeBytes() {
      return 1
          + VarInt.encodedSize(streamId)
          + VarInt.encodedSize(errorCode)
          + VarInt.encodedSize(finalSize);
    }
  }

  record StopSending(long streamId, long errorCode) implements Frame {
    @Override
    public int sizeBytes() {
      return 1 + VarInt.encodedSize(streamId) + VarInt.encodedSize(errorCode);
    }
  }

  record MaxData(long maximum) implements Frame {
    @Override
    public int sizeBytes() {
      return 1 + VarInt.encodedSize(maximum);
    }
  }

  record MaxStreamData(long streamId, long maximum) implements Frame {
    @Override
    public int sizeBytes() {
      return 1 + VarInt.encodedSize(streamId) + VarInt.encodedSize(maximum);
    }
  }

  record DataBlocked(long limit) implements Frame {
    @Override
    public int sizeBytes() {
      return 1 + VarInt.encodedSize(limit);
    }
  }

  record StreamDataBlocked(long streamId, long limit) implements Frame {
    @Override
    public int sizeBytes() {
      return 1 + VarInt.encodedSize(streamId) + VarInt.encodedSize(limit);
    }
  }

  /**
   * MAX_STREAMS (RFC 9000 §19.11): the peer may open streams of this kind up to {@code maximum}.
   */
  record MaxStreams(boolean bidirectional, long maximum) implements Frame {
    @Override
    public int sizeBytes() {
      return 1 + VarInt.encodedSize(maximum);
    }
  }

  /** STREAMS_BLOCKED (§19.14): the sender wanted to open more streams than {@code limit}. */
  record StreamsBlocked(boolean bidirectional, long limit) implements Frame {
    @Override
    public int sizeBytes() {
      return 1 + VarInt.encodedSize(limit);
    }
  }

  record Ping() implements Frame {
    @Override
    public int sizeBytes() {
      return 1;
    }
  }

  record Padding(int length) implements Frame {
    @Override
    public int sizeBytes() {
      return length;
    }

    @Override
    public boolean ackEliciting() {
      return false;
    }
  }

  record HandshakeDone() implements Frame {
    @Override
    public int sizeBytes() {
      return 1;
    }
  }

  /** PATH_CHALLENGE (§19.17): a peer checks that this end is reachable on the path. */
  record PathChallenge(long data) implements Frame {
    @Override
    public int sizeBytes() {
      return 9;
    }
  }

  /**
   * PATH_RESPONSE (§19.18): the answer to a challenge, echoing its 8 bytes; never retransmitted
   * (§13.3), as a lost one is answered by the peer's next challenge.
   */
  record PathResponse(long data) implements Frame {
    @Override
    public int sizeBytes() {
      return 9;
    }
  }

  /** CONNECTION_CLOSE, transport (0x1c) or application (0x1d), with a reason phrase or none. */
  record ConnectionClose(long errorCode, boolean application, byte[] reason) implements Frame {
    /** The longest reason phrase sent, in UTF-8 bytes: a close must fit any packet. */
    public static final int MAX_REASON_BYTES = 200;

    private static final byte[] NO_REASON = new byte[0];

    /** A close without a reason phrase. */
    public ConnectionClose(long errorCode, boolean application) {
      this(errorCode, application, NO_REASON);
    }

    /** A close whose reason phrase is {@code reason}, cut to {@link #MAX_REASON_BYTES}. */
    public static ConnectionClose withReason(long errorCode, boolean application, String reason) {
      if (reason == null || reason.isEmpty()) {
        return new ConnectionClose(errorCode, application);
      }
      byte[] bytes = reason.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      if (bytes.length > MAX_REASON_BYTES) {
        // cut at a character boundary: no continuation byte (10xxxxxx) may start the cut-off part
        int end = MAX_REASON_BYTES;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
          end--;
        }
        bytes = java.util.Arrays.copyOf(bytes, end);
      }
      return new ConnectionClose(errorCode, application, bytes);
    }

    /** Equal when code, kind and the reason's bytes are: a record compares arrays by identity. */
    @Override
    public boolean equals(Object other) {
      return other instanceof ConnectionClose that
          && errorCode == that.errorCode
          && application == that.application
          && java.util.Arrays.equals(reason, that.reason);
    }

    @Override
    public int hashCode() {
      return java.util.Objects.hash(errorCode, application, java.util.Arrays.hashCode(reason));
    }

    @Override
    public String toString() {
      return "ConnectionClose[errorCode="
          + errorCode
          + ", application="
          + application
          + ", reason="
          + reasonText()
          + "]";
    }

    /** The reason phrase as text (a peer's bytes decoded leniently). */
    public String reasonText() {
      return new String(reason, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public int sizeBytes() {
      return 1
          + VarInt.encodedSize(errorCode)
          + (application ? 0 : 1)
          + VarInt.encodedSize(reason.length)
          + reason.length;
    }

    @Override
    public boolean ackEliciting() {
      return false;
    }
  }

  /** ACK_FREQUENCY (draft-ietf-quic-ack-frequency), type 0xaf. */
  record AckFrequency(long sequence, long ackElicitingThreshold, long maxAckDelayMicros)
      implements Frame {
    @Override
    public int sizeBytes() {
      return 2
          + VarInt.encodedSize(sequence)
          + VarInt.encodedSize(ackElicitingThreshold)
          + VarInt.encodedSize(maxAckDelayMicros)
          + 1;
    }
  }

  /**
   * CRYPTO data at {@code offset} of its space's stream: the modelled handshake's byte counts
   * ({@code data} null, written as zeros), or a real TLS handshake's bytes.
   */
  record Crypto(long offset, int length, ByteSlice data) implements Frame {
    public Crypto {
      if (data != null && data.length() != length) {
        throw new IllegalArgumentException(data.length() + " bytes for a length of " + length);
      }
    }

    /** Modelled CRYPTO data: a count without bytes. */
    public Crypto(long offset, int length) {
      this(offset, length, null);
    }

    @Override
    public int sizeBytes() {
      return 1 + VarInt.encodedSize(offset) + VarInt.encodedSize(length) + length;
    }
  }

  /**
   * NEW_CONNECTION_ID with an 8-byte id, as picoquic sends seven of them after the handshake.
   *
   * @param retirePriorTo the peer retires its ids of lower sequence numbers (0 from the stack's own
   *     peers; a foreign peer's value as decoded)
   */
  record NewConnectionId(long sequence, long retirePriorTo) implements Frame {
    /** An id retiring none. */
    public NewConnectionId(long sequence) {
      this(sequence, 0);
    }

    @Override
    public int sizeBytes() {
      return 28;
    }
  }
}
