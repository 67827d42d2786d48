package dev.moqbed.transport.quic;

import java.util.TreeMap;

/**
 * The receiving half of a stream: reassembles STREAM frames and hands the application its bytes
 * exactly once and in order, whatever the losses, duplicates and retransmissions. While paused by
 * the application it delivers nothing and keeps what arrives; stream credit follows delivery, so
 * what it keeps is bounded by the window it had advertised.
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
  private final TreeMap<Long, Frame.Stream> pending = new TreeMap<>();
  private boolean stopSendingRequested;
  private boolean resetReceived;
  private boolean paused;

  StreamReceiveState(long id) {
    this.id = id;
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

  void requestStopSending() {
    stopSendingRequested = true;
  }

  void onReset(long finalSize) {
    resetReceived = true;
    this.finalSize = finalSize;
    pending.clear();
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
      Frame.Stream existing = pending.get(frame.offset());
      if (existing == null || existing.length() < frame.length() || frame.fin()) {
        pending.put(frame.offset(), frame);
      }
      deliverInOrder(consumer);
    }
    return newBytes;
  }

  private void deliverInOrder(Consumer consumer) {
    while (!pending.isEmpty() && !paused) {
      var entry = pending.firstEntry();
      Frame.Stream frame = entry.getValue();
      if (frame.offset() > deliveredOffset) {
        return;
      }
      pending.pollFirstEntry();
      long end = frame.offset() + frame.length();
      if (end < deliveredOffset || (end == deliveredOffset && !(frame.fin() && !finDelivered))) {
        continue; // a duplicate of delivered bytes
      }
      int skip = (int) (deliveredOffset - frame.offset());
      int length = frame.length() - skip;
      byte[] array = frame.dataArray();
      ByteSlice data =
          array == null ? null : new ByteSlice(array, frame.dataOffset() + skip, length);
      long offset = deliveredOffset;
      deliveredOffset = end;
      boolean fin = finalSize >= 0 && deliveredOffset == finalSize;
      if (fin) {
        finDelivered = true;
        pending.clear();
      }
      consumer.onData(id, offset, length, data, fin);
    }
  }
}
