package dev.moqbed.transport.session;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.runtime.LongKeyMap;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.BufferingReceiveStream;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import dev.moqbed.session.transport.TransportListener;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.QuicConnection;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The MoQ session's streams over one QUIC connection, whichever way they reach it ({@link
 * StreamWire}): each stream's two halves, writability from the connection's sent-bytes reports, and
 * STOP_SENDING and resets both ways.
 *
 * <p>A stream is writable while fewer than {@link #WRITABLE_LIMIT_BYTES} of its bytes wait in the
 * connection unsent, counted from the connection's {@code onStreamBytesSent} reports, so a sender
 * that respects it keeps its backlog in its own queues, as over the in-memory transport. Urgency u
 * becomes picoquic priority {@code 2u + 1}: lower values are served first, and an odd priority is
 * served first-opened-first (picoquic's FIFO class), as the session interface asks of equal
 * urgencies.
 */
final class QuicStreams {
  /** Bytes a stream may hold unsent in the connection before it stops being writable. */
  static final int WRITABLE_LIMIT_BYTES = 64 * 1024;

  private final QuicConnection connection;
  private final StreamWire wire;
  private final BooleanSupplier open;
  private final Supplier<TransportListener> listener;
  // A sending half leaves when the connection retires its stream (no callback names it after).
  // Receiving halves stay once ended, so late bytes of a stopped stream are not taken for a new
  // stream of the peer.
  // Primitive keys: the connection names a stream here for every STREAM frame it sends, and a
  // HashMap<Long, _> boxed the id and followed the node and the key's box, each cold by the time
  // the relay comes back to a subscriber (3.4 % of the virtual-time fan-out's samples).
  private final LongKeyMap<OutStream> sending = new LongKeyMap<>(0);
  private final Map<Long, InStream> receiving = new HashMap<>();

  /**
   * @param open whether the transport above is still open (writes after its end are dropped)
   * @param listener the transport's listener, null until set (streams are announced to it)
   */
  QuicStreams(
      QuicConnection connection,
      StreamWire wire,
      BooleanSupplier open,
      Supplier<TransportListener> listener) {
    this.connection = connection;
    this.wire = wire;
    this.open = open;
    this.listener = listener;
  }

  static int priorityOf(int urgency) {
    return 2 * urgency + 1;
  }

  /**
   * Both halves of a bidirectional stream this end opened.
   *
   * @param headerBytes bytes the wire wrote on the stream before the application's (WebTransport's
   *     stream signal), which the connection's sent-bytes reports include
   */
  BidirectionalStream openedBidirectional(long id, int headerBytes) {
    OutStream out = new OutStream(id, headerBytes);
    InStream in = new InStream(id);
    sending.put(id, out);
    receiving.put(id, in);
    return new BidirectionalStream(out, in);
  }

  /**
   * The sending half of a unidirectional stream this end opened (see {@code headerBytes} above).
   */
  SendStream openedUnidirectional(long id, int headerBytes) {
    OutStream out = new OutStream(id, headerBytes);
    sending.put(id, out);
    return out;
  }

  /** Bytes of a stream, in place: the listener reads during the call. */
  void onData(long streamId, ByteBuffer data, boolean fin) {
    InStream in = receiveStream(streamId);
    if (in != null) {
      in.deliver(data, fin);
    }
  }

  /** The connection sent a stream's bytes up to {@code sentOffset}. */
  void onBytesSent(long streamId, long sentOffset) {
    OutStream out = sending.get(streamId);
    if (out != null) {
      out.onBytesSent(sentOffset - out.headerBytes);
    }
  }

  /**
   * The connection forgot the stream: its sending half goes. A relay opens a stream per subgroup
   * and subscriber (two a second per subscriber with the draft's media); kept, they made this map
   * grow for the connection's life.
   */
  void onSendStreamRetired(long streamId) {
    sending.remove(streamId);
  }

  /** Sending halves the connection has not retired yet. */
  int sendingStreams() {
    return sending.size();
  }

  void onStopSending(long streamId, long errorCode) {
    OutStream out = sending.get(streamId);
    if (out != null) {
      out.onStopSending(errorCode);
    }
  }

  void onReset(long streamId, long errorCode) {
    InStream in = receiveStream(streamId);
    if (in != null) {
      in.onReset(errorCode);
    }
  }

  /** The receiving half of {@code streamId}; a stream the peer opens is announced first. */
  InStream receiveStream(long streamId) {
    InStream in = receiving.get(streamId);
    TransportListener heard = listener.get();
    if (in != null || !open.getAsBoolean() || heard == null) {
      return in;
    }
    in = new InStream(streamId);
    receiving.put(streamId, in);
    boolean unidirectional = (streamId & 2) != 0;
    if (unidirectional) {
      heard.onUnidirectionalStream(in);
    } else {
      OutStream out = new OutStream(streamId, 0);
      sending.put(streamId, out);
      heard.onBidirectionalStream(new BidirectionalStream(out, in));
    }
    return in;
  }

  /** The sending half of a stream. */
  private final class OutStream implements SendStream {
    private final long id;
    private final int headerBytes;
    private SendStreamListener streamListener;
    private long writtenBytes;
    private long sentBytes;
    private boolean finishing;
    private boolean resetSent;
    private boolean stoppedByPeer;
    private boolean wasUnwritable;

    OutStream(long id, int headerBytes) {
      this.id = id;
      this.headerBytes = headerBytes;
    }

    @Override
    public long id() {
      return id;
    }

    @Override
    public void setListener(SendStreamListener listener) {
      this.streamListener = listener;
    }

    @Override
    public void write(ByteBuffer bytes) {
      if (isClosed() || !open.getAsBoolean()) {
        bytes.position(bytes.limit());
        return;
      }
      byte[] copy = new byte[bytes.remaining()];
      bytes.get(copy);
      queue(copy);
    }

    @Override
    public void writeShared(ByteString bytes) {
      if (isClosed() || !open.getAsBoolean()) {
        return;
      }
      // The connection reads the bytes, never writes them; their slice is made once for every
      // stream they go to (a relay's object to each subscriber).
      ByteSlice slice = bytes.sharedView(ByteSlice.class, ByteSlice::of);
      if (slice.length() > 0) {
        writtenBytes += slice.length();
        wire.writeShared(id, slice);
        noteWritable();
      }
    }

    private void queue(byte[] bytes) {
      if (bytes.length > 0) {
        writtenBytes += bytes.length;
        wire.write(id, bytes);
        noteWritable();
      }
    }

    private void noteWritable() {
      if (!isWritable()) {
        wasUnwritable = true;
      }
    }

    @Override
    public void finish() {
      if (isClosed() || !open.getAsBoolean()) {
        return;
      }
      finishing = true;
      wire.finish(id);
    }

    @Override
    public void reset(long errorCode) {
      // Also after STOP_SENDING, which QUIC answers with RESET_STREAM; the connection ignores a
      // stream it has already retired (every byte and the FIN acknowledged).
      if (resetSent || !open.getAsBoolean()) {
        return;
      }
      resetSent = true;
      wire.reset(id, errorCode);
    }

    @Override
    public boolean isWritable() {
      return !isClosed() && open.getAsBoolean() && writtenBytes - sentBytes < WRITABLE_LIMIT_BYTES;
    }

    @Override
    public boolean isClosed() {
      return finishing || resetSent || stoppedByPeer;
    }

    @Override
    public void setUrgency(int urgency) {
      // A finished stream may already be retired by the connection; its last bytes keep the
      // urgency they had.
      if (!isClosed() && open.getAsBoolean()) {
        connection.setStreamPriority(id, priorityOf(urgency));
      }
    }

    void onBytesSent(long sentOffset) {
      sentBytes = Math.max(sentBytes, sentOffset);
      if (wasUnwritable && isWritable() && writtenBytes - sentBytes < WRITABLE_LIMIT_BYTES / 2) {
        wasUnwritable = false;
        if (streamListener != null) {
          streamListener.onWritable();
        }
      }
    }

    void onStopSending(long errorCode) {
      if (stoppedByPeer || resetSent) {
        return;
      }
      stoppedByPeer = true;
      if (streamListener != null) {
        streamListener.onStopSending(errorCode);
      }
    }
  }

  /**
   * The receiving half of a stream; bytes that arrive before its listener is set wait. Paused, it
   * has the connection hold the stream's bytes, so the peer gets no credit for them.
   */
  final class InStream extends BufferingReceiveStream {
    InStream(long id) {
      super(id);
    }

    @Override
    protected void onPause() {
      if (open.getAsBoolean()) {
        connection.setReceivePaused(id(), true);
      }
    }

    @Override
    protected void onResume() {
      if (open.getAsBoolean()) {
        connection.setReceivePaused(id(), false);
      }
    }

    @Override
    protected void sendStopSending(long errorCode) {
      wire.stopSending(id(), errorCode);
    }
  }
}
