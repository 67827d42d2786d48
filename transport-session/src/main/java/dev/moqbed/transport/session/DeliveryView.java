package dev.moqbed.transport.session;

import java.nio.ByteBuffer;

/**
 * The buffer over received bytes that a connection hands to its session: one, moved from delivery
 * to delivery, where a new buffer for every stream piece and every datagram was garbage per packet
 * (a subscriber of the fan-out swarm receives hundreds a second). The session reads it during the
 * call only. A delivery made while the buffer is still being read (a listener that resumes a paused
 * stream gets that stream's bytes at once) gets a buffer of its own.
 */
final class DeliveryView {
  private ByteBuffer view;
  private boolean inUse;

  /**
   * A buffer over {@code length} bytes of {@code array} from {@code offset}; {@link #done} after.
   */
  ByteBuffer over(byte[] array, int offset, int length) {
    if (inUse) {
      return ByteBuffer.wrap(array, offset, length);
    }
    inUse = true;
    if (view == null || view.array() != array) {
      view = ByteBuffer.wrap(array);
    }
    view.clear();
    view.limit(offset + length).position(offset);
    return view;
  }

  /** The delivery that got {@code buffer} is over. */
  void done(ByteBuffer buffer) {
    if (buffer == view) {
      inUse = false;
    }
  }
}
