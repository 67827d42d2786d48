package dev.moqbed.media.moqt;

import java.nio.ByteBuffer;

/**
 * Turns the bytes of a control stream, in whatever chunks they arrive, into control messages. Feed
 * bytes with {@link #feed}, then call {@link #next()} until it returns null. A frame whose type or
 * length breaks the rules is rejected as soon as its header is readable, before its payload is
 * buffered.
 */
public interface ControlStreamDecoder {
  /** Buffers the remaining bytes of {@code bytes} (advancing its position to its limit). */
  void feed(ByteBuffer bytes);

  /** The next complete message, or null when more bytes are needed. */
  ControlMessage next();

  /** Bytes buffered that do not yet form a complete message. */
  int bufferedBytes();

  /** Called when the stream ends; throws if it ended inside a message. */
  void onEndOfStream();
}
