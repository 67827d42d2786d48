package dev.moqbed.transport.quic;

import java.util.Map;
import java.util.TreeMap;

/**
 * The receiving half of a stream: reassembles STREAM frames and hands the application its bytes
 * exactly once and in order, whatever the losses, duplicates and retransmissions. While paused by
 * the application it delivers nothing and keeps what arrives; stream credit follows delivery, so
 * what it keeps is bounded by the window it had advertised. Waiting data is kept as {@link
 * ReceivedPiece}s, frames that arrive back to back joined into one, and counted against the
 * connection's {@link ReassemblyBudget}.
 */
final class StreamReceiveState {
  /** Receives the in-order bytes of a stream. */
  interface Consumer {
    void onData(long streamId, long offset, int length, ByteSlice data, boolean fin);
  }

  final long id;
  private long deliveredOffset;
  private long finalSize = -1;
  private boolean finDelivered;
  private long highestReceivedOffset;
  private final TreeMap<Long, ReceivedPiece> pending = new TreeMap<>();
  private final ReassemblyBudget budget;

  /** Pieces in {@link #pending} that carry bytes: what this stream holds of {@link #budget}. */
  private int piecesWithBytes;

  private boolean stopSendingRequested;
  private boolean resetReceived;
  private boolean paused;

  StreamReceiveState(long id, ReassemblyBudget budget) {
    this.id = id;
    this.budget = budget;
  }

  long deliveredOffset() {
    return deliveredOffset;
  }

  /** Bytes received at the highest offset: what counts against flow control. */
  long highestReceivedOffset() {
    return highestReceivedOffset;
  }

  boolean isFinished() {
    return finDelivered || resetReceived;
  }

  boolean isStopSendingRequested() {
    return stopSendingRequested;
  }

  /** Nothing more is delivered, so nothing waiting is kept. */
  void requestStopSending() {
    stopSendingRequested = true;
    dropPending();
  }

  void onReset(long finalSize) {
    resetReceived = true;
    this.finalSize = finalSize;
    dropPending();
    highestReceivedOffset = Math.max(highestReceivedOffset, finalSize);
  }

  boolean isReset() {
    return resetReceived;
  }

  boolean isPaused() {
    return paused;
  }

  void pause() {
    paused = true;
  }

  /** Delivers what waited, in order, and whatever arrives from now on. */
  void resume(Consumer consumer) {
    paused = false;
    if (!resetReceived && !stopSendingRequested && !finDelivered) {
      deliverInOrder(consumer);
    }
  }

  /**
   * Takes a frame; returns how many bytes beyond the previous highest offset it added (for
   * connection flow control).
   */
  long onFrame(Frame.Stream frame, Consumer consumer) {
    long end = frame.offset() + frame.length();
    long newBytes = Math.max(0, end - highestReceivedOffset);
    highestReceivedOffset = Math.max(highestReceivedOffset, end);
    if (frame.fin()) {
      finalSize = end;
    }
    if (resetReceived || stopSendingRequested || finDelivered) {
      return newBytes;
    }
    if (end > deliveredOffset || (frame.fin() && end == deliveredOffset)) {
      if (pending.isEmpty() && !paused && frame.offset() <= deliveredOffset) {
        deliverAtOnce(frame, consumer);
      } else {
        keep(frame.withOwnBytes()); // it waits: its bytes must outlive the datagram
        deliverInOrder(consumer);
      }
    }
    return newBytes;
  }

  /**
   * The frame continues what was delivered and nothing waits: its bytes go to the application
   * straight from the frame (from a received datagram's buffer, with no copy), exactly as {@link
   * #deliverInOrder} would hand them on after keeping the frame as a piece.
   */
  private void deliverAtOnce(Frame.Stream frame, Consumer consumer) {
    long end = frame.offset() + frame.length();
    int skip = (int) (deliveredOffset - frame.offset());
    int length = frame.length() - skip;
    byte[] array = frame.dataArray();
    ByteSlice data = array == null ? null : new ByteSlice(array, frame.dataOffset() + skip, length);
    long offset = deliveredOffset;
    deliveredOffset = end;
    boolean fin = finalSize >= 0 && deliveredOffset == finalSize;
    if (fin) {
      finDelivered = true;
      dropPending();
    }
    consumer.onData(id, offset, length, data, fin);
  }

  /**
   * Adds a frame to what waits: joined to the piece it continues, or as a piece of its own (which
   * replaces a shorter one at the same offset), then joined with the piece that continues it.
   */
  private void keep(Frame.Stream frame) {
    boolean hasBytes = frame.dataArray() != null;
    Map.Entry<Long, ReceivedPiece> before = pending.floorEntry(frame.offset());
    ReceivedPiece piece;
    if (before != null && before.getKey() == frame.offset()) {
      ReceivedPiece existing = before.getValue();
      if (frame.length() < existing.length()
          || (frame.length() == existing.length() && !frame.fin())) {
        return; // what it brings is already here
      }
      piece = new ReceivedPiece(frame);
      release(existing);
      pending.put(frame.offset(), piece);
      hold(piece);
    } else if (before != null && before.getValue().canJoin(frame.offset(), hasBytes)) {
      piece = before.getValue();
      piece.join(frame);
    } else {
      piece = new ReceivedPiece(frame);
      pending.put(frame.offset(), piece);
      hold(piece);
    }
    ReceivedPiece next = pending.get(piece.end());
    while (next != null && piece.canJoin(next.offset, next.hasBytes())) {
      pending.remove(next.offset);
      release(next);
      piece.join(next);
      next = pending.get(piece.end());
    }
  }

  private void hold(ReceivedPiece piece) {
    if (piece.hasBytes()) {
      piecesWithBytes++;
      budget.hold();
    }
  }

  private void release(ReceivedPiece piece) {
    if (piece.hasBytes()) {
      piecesWithBytes--;
      budget.release(1);
    }
  }

  private void dropPending() {
    pending.clear();
    budget.release(piecesWithBytes);
    piecesWithBytes = 0;
  }

  private void deliverInOrder(Consumer consumer) {
    while (!pending.isEmpty() && !paused) {
      ReceivedPiece piece = pending.firstEntry().getValue();
      if (piece.offset > deliveredOffset) {
        return;
      }
      pending.pollFirstEntry();
      release(piece);
      long end = piece.end();
      if (end < deliveredOffset || (end == deliveredOffset && !(piece.fin() && !finDelivered))) {
        continue; // a duplicate of delivered bytes
      }
      int skip = (int) (deliveredOffset - piece.offset);
      int length = piece.length() - skip;
      ByteSlice data = piece.bytesFrom(skip);
      long offset = deliveredOffset;
      deliveredOffset = end;
      boolean fin = finalSize >= 0 && deliveredOffset == finalSize;
      if (fin) {
        finDelivered = true;
        dropPending();
      }
      consumer.onData(id, offset, length, data, fin);
    }
  }
}
