package dev.moqbed.transport.session;

import dev.moqbed.transport.quic.ByteSlice;

/**
 * How the streams of a {@link QuicStreams} reach the peer: straight onto the QUIC connection (MoQT
 * over raw QUIC), or through a WebTransport session, which frames nothing on a stream but must know
 * when one ends. Stream ids are QUIC's either way.
 */
interface StreamWire {
  /** Queues bytes on a stream; the wire reads {@code bytes}, never writes them. */
  void write(long streamId, byte[] bytes);

  /** Queues bytes on a stream that other streams share; nobody writes them. */
  default void writeShared(long streamId, ByteSlice bytes) {
    boolean whole = bytes.offset() == 0 && bytes.length() == bytes.array().length;
    write(streamId, whole ? bytes.array() : bytes.toArray());
  }

  /** Ends this side of a stream after what was written (FIN). */
  void finish(long streamId);

  /** Abandons this side of a stream (RESET_STREAM) with the application's code. */
  void reset(long streamId, long errorCode);

  /** Asks the peer to stop sending on a stream (STOP_SENDING) with the application's code. */
  void stopSending(long streamId, long errorCode);
}
