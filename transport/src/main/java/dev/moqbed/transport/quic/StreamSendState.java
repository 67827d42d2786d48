package dev.moqbed.transport.quic;

import java.util.Arrays;

/**
 * The sending half of a stream: what the application wrote, what was sent, what the peer
 * acknowledged (so whether lost data must be sent again: {@link StreamRepeats} keeps the lost
 * packets), and the peer's flow-control limit.
 *
 * <p>Data is kept as the application's slices (never copied). An application that only needs counts
 * (bulk transfers, the draft's media frames) writes lengths and no bytes.
 */
final class StreamSendState {
  final long id;
  int priority;

  /** When data of this stream last left, for round-robin at equal even priority. */
  long lastSentMicros = Long.MIN_VALUE;

  private final StreamSegments segments = new StreamSegments();
  private long writtenBytes;
  private boolean finWritten;
  private long nextNewOffset;
  private boolean finSent;
  private boolean finAcked;
  private final RangeSet acknowledged = new RangeSet();
  long peerMaxStreamData;

  /** Set when the application reset the stream or the peer asked us to stop. */
  private boolean reset;

  private long resetErrorCode;
  private boolean resetFrameSent;
  private boolean resetAcknowledged;

  StreamSendState(long id, int priority, long peerMaxStreamData) {
    this.id = id;
    this.priority = priority;
    this.peerMaxStreamData = peerMaxStreamData;
  }

  /** Appends bytes ({@code data} non-null) or a count of bytes without content. */
  void write(ByteSlice data, int length) {
    if (data == null) {
      write(null, 0, length);
    } else {
      write(data.array(), data.offset(), length);
    }
  }

  /**
   * Appends {@code length} bytes of {@code array} from {@code offset}, kept and never copied
   * ({@code array} null: a count of bytes without content).
   */
  void write(byte[] array, int offset, int length) {
    if (finWritten) {
      throw new IllegalStateException("stream " + id + " is finished");
    }
    if (reset) {
      return; // the peer asked us to stop, or we reset: data goes nowhere, as in picoquic
    }
    if (array != null) {
      segments.add(array, offset, length, writtenBytes);
    }
    writtenBytes += length;
  }

  void finish() {
    finWritten = true;
  }

  long writtenBytes() {
    return writtenBytes;
  }

  boolean isReset() {
    return reset;
  }

  /** Stops sending: queued and future data are dropped; RESET_STREAM is due. */
  void reset(long errorCode) {
    if (!reset) {
      reset = true;
      resetErrorCode = errorCode;
    }
  }

  boolean resetFrameDue() {
    return reset && !resetFrameSent;
  }

  Frame.ResetStream takeResetFrame() {
    resetFrameSent = true;
    return new Frame.ResetStream(id, resetErrorCode, nextNewOffset);
  }

  void onResetFrameAcknowledged() {
    resetAcknowledged = true;
  }

  boolean isResetAcknowledged() {
    return resetAcknowledged;
  }

  /** The RESET_STREAM was lost: send it again. */
  void onResetFrameLost() {
    resetFrameSent = false;
  }

  /** New bytes the application wrote and flow control allows, not counting the connection. */
  long sendableNewBytes() {
    if (reset) {
      return 0;
    }
    return Math.max(0, Math.min(writtenBytes, peerMaxStreamData) - nextNewOffset);
  }

  /** Whether a FIN alone (no more data) can go out now. */
  boolean finOnlyDue() {
    return !reset && finWritten && !finSent && nextNewOffset == writtenBytes;
  }

  boolean hasNewData() {
    return sendableNewBytes() > 0 || finOnlyDue();
  }

  /** Whether new data is blocked by the peer's stream limit. */
  boolean blockedByStreamLimit() {
    return !reset && writtenBytes > nextNewOffset && nextNewOffset >= peerMaxStreamData;
  }

  long nextNewOffset() {
    return nextNewOffset;
  }

  /**
   * Whether the peer still lacks part of {@code [offset, offset + length)}, or the FIN when {@code
   * fin}, and the stream was not reset: lost data to send again ({@link StreamRepeats}).
   */
  boolean needsRepeat(long offset, int length, boolean fin) {
    return !reset && !(acknowledged.containsAll(offset, offset + length) && (!fin || finAcked));
  }

  /** The STREAM frame that sends {@code [offset, offset + length)} again. */
  Frame.Stream repeatFrame(
      long offset, int length, boolean fin, boolean explicitLength, OutputRecycling output) {
    return frame(output.streamFrame(), offset, length, fin, explicitLength);
  }

  /**
   * Takes up to {@code maxBytes} of new data (the caller applied connection flow control), in a
   * frame sized for {@code room} bytes: one that runs to the packet's end has no Length field
   * ({@link Frame.Stream#needsLength}).
   */
  Frame.Stream takeNew(int maxBytes, int room, OutputRecycling output) {
    int length = (int) Math.min(maxBytes, sendableNewBytes());
    long start = nextNewOffset;
    nextNewOffset += length;
    boolean fin = finWritten && nextNewOffset == writtenBytes && !finSent;
    if (fin) {
      finSent = true;
    }
    if (length == 0 && !fin) {
      return null;
    }
    boolean explicitLength = Frame.Stream.needsLength(id, start, length, room);
    return frame(output.streamFrame(), start, length, fin, explicitLength);
  }

  void onFrameAcknowledged(Frame.Stream frame) {
    acknowledged.add(frame.offset(), frame.offset() + frame.length());
    if (frame.fin()) {
      finAcked = true;
    }
    releaseAcknowledgedPrefix();
  }

  /** Everything written, FIN included, was acknowledged. */
  boolean isFullyAcknowledged() {
    return finAcked && acknowledged.containsAll(0, writtenBytes);
  }

  /** The end of the bytes acknowledged from offset 0: those below it are released. */
  long acknowledgedPrefix() {
    return acknowledged.isEmpty() || acknowledged.first() > 0 ? 0 : acknowledged.end(0);
  }

  /** Frees application slices that were entirely acknowledged. */
  private void releaseAcknowledgedPrefix() {
    segments.releaseBefore(acknowledgedPrefix());
  }

  /**
   * Fills {@code frame} with the STREAM frame of {@code [offset, offset + length)}, with a Length
   * field or not. Its data: none when the application wrote counts only there, in place in the
   * application's array when the bytes sit in one write (no copy, no slice made), else a copy
   * (zeros where counts were written).
   */
  private Frame.Stream frame(
      Frame.Stream frame, long offset, int length, boolean fin, boolean explicitLength) {
    if (segments.isEmpty() || length == 0) {
      return frame.set(id, offset, length, fin, explicitLength, null, 0, 0);
    }
    long end = offset + length;
    int index = segments.indexOf(offset);
    long segmentStart = segments.start(index);
    if (segmentStart <= offset && end <= segmentStart + segments.length(index)) {
      int from = segments.offset(index) + (int) (offset - segmentStart);
      return frame.set(
          id, offset, length, fin, explicitLength, segments.array(index), from, length);
    }
    byte[] copy = null; // spans writes: once per object at most, so a copy, not a list of slices
    int filled = 0; // the frame's bytes copied or zeroed so far (its buffer may hold old data)
    for (int i = index; i < segments.size() && segments.start(i) < end; i++) {
      long from = Math.max(offset, segments.start(i));
      long to = Math.min(end, segments.start(i) + segments.length(i));
      if (from < to) {
        if (copy == null) {
          copy = frame.gatherBuffer(length);
        }
        int at = (int) (from - offset);
        Arrays.fill(copy, filled, at, (byte) 0);
        System.arraycopy(
            segments.array(i),
            segments.offset(i) + (int) (from - segments.start(i)),
            copy,
            at,
            (int) (to - from));
        filled = (int) (to - offset);
      }
    }
    if (copy == null) {
      return frame.set(id, offset, length, fin, explicitLength, null, 0, 0);
    }
    Arrays.fill(copy, filled, length, (byte) 0);
    return frame.set(id, offset, length, fin, explicitLength, copy, 0, length);
  }
}
