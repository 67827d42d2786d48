package dev.moqbed.session.transport;

import dev.moqbed.media.moqt.ByteString;
import java.nio.ByteBuffer;

/** The sending half of a stream. Calls after {@link #finish()} or {@link #reset} are ignored. */
public interface SendStream {

  /** The QUIC stream id, for logs. */
  long id();

  /** Sets who hears about STOP_SENDING and writability. */
  void setListener(SendStreamListener listener);

  /**
   * Queues the remaining bytes of {@code bytes} (the buffer is copied or consumed during the call).
   * Never blocks; {@link #isWritable()} tells whether the sender should hold further bytes back.
   */
  void write(ByteBuffer bytes);

  /**
   * Queues {@code bytes}, which never change: a transport may keep a reference instead of a copy
   * (the relay writes each object's payload to every subscriber's stream). By default it is copied
   * as {@link #write} copies.
   */
  default void writeShared(ByteString bytes) {
    write(ByteBuffer.wrap(bytes.sharedArray()).asReadOnlyBuffer());
  }

  /** Ends the stream after the bytes written so far (FIN). */
  void finish();

  /** Abandons the stream (RESET_STREAM with {@code errorCode}); unsent bytes are dropped. */
  void reset(long errorCode);

  /**
   * True while the stream accepts more bytes without growing a backlog: the transport has room for
   * them (flow control, congestion window, its own buffer). A sender that respects it keeps its
   * data in its own queues, where it can still choose what to send.
   */
  boolean isWritable();

  /** True once the stream is finished, reset, or stopped by the peer. */
  boolean isClosed();

  /** Changes the stream's urgency (0 = most urgent). */
  void setUrgency(int urgency);
}
