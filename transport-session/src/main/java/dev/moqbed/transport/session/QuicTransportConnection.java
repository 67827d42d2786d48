package dev.moqbed.transport.session;

import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.QuicConnection;
import java.nio.ByteBuffer;

/**
 * The MoQ session's {@link TransportConnection} over the project's sans-IO {@link QuicConnection}
 * (MoQT over raw QUIC, ALPN {@code moq-00}): it is the connection's {@link ConnectionHandler} and
 * turns its stream, datagram and close events into the session interface's. Streams, their
 * urgencies and writability: {@link QuicStreams}.
 */
public final class QuicTransportConnection implements TransportConnection, ConnectionHandler {
  /**
   * DATAGRAM frame room the connection keeps in a packet: it drops a frame larger than the MTU
   * minus 30 bytes, and the frame adds a type byte and a two-byte length.
   */
  static final int DATAGRAM_OVERHEAD_BYTES = 33;

  private final QuicConnection connection;
  private final String peerName;
  private final QuicStreams streams;
  private final DeliveryView deliveries = new DeliveryView();
  private TransportListener listener;
  private Runnable readyAction = () -> {};
  private boolean open = true;
  private boolean closedByUs;
  private String closeReason = "";

  /** Becomes {@code connection}'s handler. */
  public QuicTransportConnection(QuicConnection connection, String peerName) {
    this.connection = connection;
    this.peerName = peerName;
    this.streams = new QuicStreams(connection, new RawWire(), () -> open, () -> listener);
    connection.setHandler(this);
  }

  /** Runs {@code action} once the connection may carry application data. */
  public void whenReady(Runnable action) {
    this.readyAction = action;
  }

  /** Sending halves kept: this end's streams the connection has not retired yet. */
  public int sendStreamsKept() {
    return streams.sendingStreams();
  }

  public QuicConnection connection() {
    return connection;
  }

  @Override
  public void setListener(TransportListener listener) {
    this.listener = listener;
  }

  @Override
  public BidirectionalStream openBidirectionalStream() {
    return streams.openedBidirectional(
        connection.openBidirectionalStream(QuicStreams.priorityOf(0)), 0);
  }

  @Override
  public SendStream openUnidirectionalStream(int urgency) {
    return streams.openedUnidirectional(
        connection.openUnidirectionalStream(QuicStreams.priorityOf(urgency)), 0);
  }

  /**
   * Whether the peer's stream limit (initial_max_streams_uni from a real handshake, raised by its
   * MAX_STREAMS frames; none in the stack) lets one more open, so a relay waits instead of failing;
   * {@link TransportListener#onUnidirectionalStreamCredit()} says when it may try again.
   */
  @Override
  public boolean canOpenUnidirectionalStream() {
    return connection.canOpenUnidirectionalStream();
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    return handOverDatagram(payload.clone());
  }

  /** The connection queues the caller's array itself until a packet carries it: no copy. */
  @Override
  public boolean handOverDatagram(byte[] payload) {
    if (!open || payload.length > maxDatagramBytes()) {
      return false;
    }
    connection.sendDatagram(DatagramPayload.of(payload));
    return true;
  }

  /** The connection queues the prefix in a record and the rest as it is: nothing copied. */
  @Override
  public boolean handOverDatagram(long prefix, int prefixLength, byte[] rest) {
    if (!open || prefixLength + rest.length > maxDatagramBytes()) {
      return false;
    }
    connection.sendDatagram(new DatagramPayload.Prefixed(prefix, prefixLength, rest));
    return true;
  }

  @Override
  public int maxDatagramBytes() {
    return Math.max(0, connection.path().maxDatagramSizeBytes() - DATAGRAM_OVERHEAD_BYTES);
  }

  @Override
  public PathStats pathStats() {
    return PathStatistics.of(connection);
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
    // In place: the listener reads during the call (the stream keeps a copy only if it waits).
    if (data == null) {
      streams.onData(streamId, ByteBuffer.wrap(new byte[length]), fin);
      return;
    }
    ByteBuffer bytes = deliveries.over(data.array(), data.offset(), data.length());
    try {
      streams.onData(streamId, bytes, fin);
    } finally {
      deliveries.done(bytes);
    }
  }

  @Override
  public void onStreamBytesSent(
      QuicConnection quic, long nowMicros, long streamId, long sentBytes) {
    streams.onBytesSent(streamId, sentBytes);
  }

  @Override
  public void onSendStreamRetired(QuicConnection quic, long streamId) {
    streams.onSendStreamRetired(streamId);
  }

  @Override
  public void onStreamCredit(QuicConnection quic, long nowMicros, boolean bidirectional) {
    if (!bidirectional && open && listener != null) {
      listener.onUnidirectionalStreamCredit();
    }
  }

  @Override
  public void onStopSending(QuicConnection quic, long nowMicros, long streamId, long errorCode) {
    streams.onStopSending(streamId, errorCode);
  }

  @Override
  public void onStreamReset(QuicConnection quic, long nowMicros, long streamId, long errorCode) {
    streams.onReset(streamId, errorCode);
  }

  @Override
  public void onDatagram(QuicConnection quic, long nowMicros, DatagramPayload payload) {
    // Bytes always, on a connection that decodes; a simulated sender's message is not MoQT. In a
    // simulation the sender's frame arrives itself, so a relay's prefixed payload comes whole.
    if (open && listener != null) {
      if (payload instanceof DatagramPayload.Bytes bytes) {
        ByteSlice slice = bytes.bytes();
        ByteBuffer buffer = deliveries.over(slice.array(), slice.offset(), slice.length());
        try {
          listener.onDatagram(buffer);
        } finally {
          deliveries.done(buffer);
        }
      } else if (payload instanceof DatagramPayload.Prefixed prefixed) {
        listener.onDatagram(prefixed.toBytes().buffer());
      }
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

  /** Straight onto the connection's streams. */
  private final class RawWire implements StreamWire {
    @Override
    public void write(long streamId, byte[] bytes) {
      connection.write(streamId, ByteSlice.of(bytes));
    }

    /** The slice itself: the connection keeps it, reads it, never writes it. */
    @Override
    public void writeShared(long streamId, ByteSlice bytes) {
      connection.write(streamId, bytes);
    }

    @Override
    public void finish(long streamId) {
      connection.finish(streamId);
    }

    @Override
    public void reset(long streamId, long errorCode) {
      connection.resetStream(streamId, errorCode);
    }

    @Override
    public void stopSending(long streamId, long errorCode) {
      connection.stopSending(streamId, errorCode);
    }
  }
}
