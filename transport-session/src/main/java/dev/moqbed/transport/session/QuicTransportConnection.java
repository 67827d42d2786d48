package dev.moqbed.transport.session;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.BufferingReceiveStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * The MoQ session's {@link TransportConnection} over the project's sans-IO {@link QuicConnection}:
 * it is the connection's {@link ConnectionHandler} and turns its stream, datagram and close events
 * into the session interface's.
 *
 * <p>Urgency u becomes picoquic priority {@code 2u + 1}: lower values are served first, and an odd
 * priority is served first-opened-first (picoquic's FIFO class), as the interface asks of equal
 * urgencies. A stream is writable while fewer than {@link #WRITABLE_LIMIT_BYTES} of its bytes wait
 * in the connection unsent, counted from the connection's {@code onStreamBytesSent} reports, so a
 * sender that respects it keeps its backlog in its own queues, as over the in-memory transport.
 */
public final class QuicTransportConnection implements TransportConnection, ConnectionHandler {
  /** Bytes a stream may hold unsent in the connection before it stops being writable. */
  static final int WRITABLE_LIMIT_BYTES = 64 * 1024;

  /**
   * DATAGRAM frame room the connection keeps in a packet: it drops a frame larger than the MTU
   * minus 30 bytes, and the frame adds a type byte and a two-byte length.
   */
  private static final int DATAGRAM_OVERHEAD_BYTES = 33;

  private final QuicConnection connection;
  private final String peerName;
  // Streams stay in these maps once ended, so late bytes of a stopped stream are not taken for a
  // new stream of the peer.
  private final Map<Long, OutStream> sending = new HashMap<>();
  private final Map<Long, InStream> receiving = new HashMap<>();
  private TransportListener listener;
  private Runnable readyAction = () -> {};
  private boolean open = true;
  private boolean closedByUs;
  private String closeReason = "";

  /** Becomes {@code connection}'s handler. */
  public QuicTransportConnection(QuicConnection connection, String peerName) {
    this.connection = connection;
    this.peerName = peerName;
    connection.setHandler(this);
  }

  /** Runs {@code action} once the connection may carry application data. */
  public void whenReady(Runnable action) {
    this.readyAction = action;
  }

  public QuicConnection connection() {
    return connection;
  }

  static int priorityOf(int urgency) {
    return 2 * urgency + 1;
  }

  @Override
  public void setListener(TransportListener listener) {
    this.listener = listener;
  }

  @Override
  public BidirectionalStream openBidirectionalStream() {
    long id = connection.openBidirectionalStream(priorityOf(0));
    OutStream out = new OutStream(id);
    InStream in = new InStream(id);
    sending.put(id, out);
    receiving.put(id, in);
    return new BidirectionalStream(out, in);
  }

  @Override
  public SendStream openUnidirectionalStream(int urgency) {
    long id = connection.openUnidirectionalStream(priorityOf(urgency));
    OutStream out = new OutStream(id);
    sending.put(id, out);
    return out;
  }

  /**
   * Whether the peer's stream limit (initial_max_streams_uni from a real handshake, raised by its
   * MAX_STREAMS frames; none in the model) lets one more open, so a relay waits instead of failing;
   * {@link TransportListener#onUnidirectionalStreamCredit()} says when it may try again.
   */
  @Override
  public boolean canOpenUnidirectionalStream() {
    return connection.canOpenUnidirectionalStream();
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    if (!open || payload.length > maxDatagramBytes()) {
      return false;
    }
    connection.sendDatagram(payload.clone(), payload.length);
    return true;
  }

  @Override
  public int maxDatagramBytes() {
    return Math.max(0, connection.path().maxDatagramSizeBytes() - DATAGRAM_OVERHEAD_BYTES);
  }

  @Override
  public PathStats pathStats() {
    return new PathStats(
        connection.path().smoothedRttMicros(),
        connection.controller().congestionWindowBytes(),
        connection.path().deliveryRateBytesPerSecond(),
        connection.stats().datagramsSent(),
        connection.stats().packetsLost(),
        connection.stats().bytesSent(),
        connection.controller().pacingRateBytesPerSecond(),
        connection.path().minRttMicros(),
        connection.path().latestRttMicros(),
        connection.path().bytesInFlight(),
        ControllerStates.of(connection.controller()));
  }

  @Override
  public void close(long applicationErrorCode, String reason) {
    if (!open) {
      return;
    }
    open = false;
    closedByUs = true;
    closeReason = reason;
    connection.close(applicationErrorCode, true, reason); // the peer can say why
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public String peerDescription() {
    return peerName;
  }

  // ---------------------------------------------------------------------------------------------
  // Connection events

  @Override
  public void onReady(QuicConnection quic, long nowMicros) {
    Runnable action = readyAction;
    readyAction = () -> {};
    action.run();
  }

  @Override
  public void onStreamData(
      QuicConnection quic,
      long nowMicros,
      long streamId,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {
    InStream in = receiveStream(streamId);
    if (in != null) {
      // In place: the listener reads during the call (the stream keeps a copy only if it waits).
      in.deliver(
          data == null
              ? ByteBuffer.wrap(new byte[length])
              : ByteBuffer.wrap(data.array(), data.offset(), data.length()),
          fin);
    }
  }

  @Override
  public void onStreamBytesSent(
      QuicConnection quic, long nowMicros, long streamId, long sentBytes) {
    OutStream out = sending.get(streamId);
    if (out != null) {
      out.onBytesSent(sentBytes);
    }
  }

  @Override
  public void onStreamCredit(QuicConnection quic, long nowMicros, boolean bidirectional) {
    if (!bidirectional && open && listener != null) {
      listener.onUnidirectionalStreamCredit();
    }
  }

  @Override
  public void onStopSending(QuicConnection quic, long nowMicros, long streamId, long errorCode) {
    OutStream out = sending.get(streamId);
    if (out != null) {
      out.onStopSending(errorCode);
    }
  }

  @Override
  public void onStreamReset(QuicConnection quic, long nowMicros, long streamId, long errorCode) {
    InStream in = receiveStream(streamId);
    if (in != null) {
      in.onReset(errorCode);
    }
  }

  @Override
  public void onDatagram(QuicConnection quic, long nowMicros, Object payload, int length) {
    if (open && listener != null) {
      listener.onDatagram(ByteBuffer.wrap((byte[]) payload, 0, length));
    }
  }

  @Override
  public void onClosed(QuicConnection quic, long nowMicros, long errorCode) {
    open = false;
    if (listener != null) {
      String reason =
          closedByUs
              ? closeReason
              : errorCode == QuicConnection.STATELESS_RESET
                  ? "stateless reset"
                  : quic.peerCloseReason().isEmpty() ? "closed" : quic.peerCloseReason();
      listener.onClosed(errorCode, reason, !closedByUs);
    }
  }

  /** The receiving half of {@code streamId}; a stream the peer opens is announced first. */
  private InStream receiveStream(long streamId) {
    InStream in = receiving.get(streamId);
    if (in != null || !open || listener == null) {
      return in;
    }
    in = new InStream(streamId);
    receiving.put(streamId, in);
    boolean unidirectional = (streamId & 2) != 0;
    if (unidirectional) {
      listener.onUnidirectionalStream(in);
    } else {
      OutStream out = new OutStream(streamId);
      sending.put(streamId, out);
      listener.onBidirectionalStream(new BidirectionalStream(out, in));
    }
    return in;
  }

  /** The sending half of a stream. */
  private final class OutStream implements SendStream {
    private final long id;
    private SendStreamListener streamListener;
    private long writtenBytes;
    private long sentBytes;
    private boolean finishing;
    private boolean resetSent;
    private boolean stoppedByPeer;
    private boolean wasUnwritable;

    OutStream(long id) {
      this.id = id;
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
      if (isClosed() || !open) {
        bytes.position(bytes.limit());
        return;
      }
      byte[] copy = new byte[bytes.remaining()];
      bytes.get(copy);
      queue(copy);
    }

    @Override
    public void writeShared(ByteString bytes) {
      if (isClosed() || !open) {
        return;
      }
      queue(bytes.sharedArray()); // the connection reads it, never writes it
    }

    private void queue(byte[] bytes) {
      if (bytes.length == 0) {
        return;
      }
      writtenBytes += bytes.length;
      connection.write(id, ByteSlice.of(bytes));
      if (!isWritable()) {
        wasUnwritable = true;
      }
    }

    @Override
    public void finish() {
      if (isClosed() || !open) {
        return;
      }
      finishing = true;
      connection.finish(id);
    }

    @Override
    public void reset(long errorCode) {
      // Also after STOP_SENDING, which QUIC answers with RESET_STREAM; the connection ignores a
      // stream it has already retired (every byte and the FIN acknowledged).
      if (resetSent || !open) {
        return;
      }
      resetSent = true;
      connection.resetStream(id, errorCode);
    }

    @Override
    public boolean isWritable() {
      return !isClosed() && open && writtenBytes - sentBytes < WRITABLE_LIMIT_BYTES;
    }

    @Override
    public boolean isClosed() {
      return finishing || resetSent || stoppedByPeer;
    }

    @Override
    public void setUrgency(int urgency) {
      // A finished stream may already be retired by the connection; its last bytes keep the
      // urgency they had.
      if (!isClosed() && open) {
        connection.setStreamPriority(id, priorityOf(urgency));
      }
    }

    void onBytesSent(long sentOffset) {
      sentBytes = Math.max(sentBytes, sentOffset);
      if (finishing && sentBytes == writtenBytes) {}
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
  private final class InStream extends BufferingReceiveStream {
    InStream(long id) {
      super(id);
    }

    @Override
    protected void onPause() {
      if (open) {
        connection.setReceivePaused(id(), true);
      }
    }

    @Override
    protected void onResume() {
      if (open) {
        connection.setReceivePaused(id(), false);
      }
    }

    @Override
    protected void sendStopSending(long errorCode) {
      connection.stopSending(id(), errorCode);
    }
  }
}
