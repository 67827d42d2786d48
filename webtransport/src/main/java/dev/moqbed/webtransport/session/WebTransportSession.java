package dev.moqbed.webtransport.session;

import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.webtransport.capsule.Capsule;
import dev.moqbed.webtransport.capsule.CapsuleType;
import dev.moqbed.webtransport.capsule.CloseSessionCapsule;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3FrameType;
import dev.moqbed.webtransport.http3.Http3FrameWriter;
import dev.moqbed.webtransport.http3.UnidirectionalStreamType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One WebTransport session (draft-ietf-webtrans-http3): what the application above uses to open
 * streams, write, reset, send datagrams and close, on either side. Its id is the id of the CONNECT
 * stream that opened it. Streams are tracked until both their directions have ended, so a long
 * session with a stream per media group holds only the streams still open.
 */
public final class WebTransportSession {
  /** Where the session is in its life. */
  public enum State {
    /** The client sent (or will send) its CONNECT and waits for the response. */
    CONNECTING,
    /** Established: streams and datagrams flow. */
    OPEN,
    /** Closed by either side, refused, or its connection ended. */
    CLOSED
  }

  private final Http3Connection connection;
  private final long id;
  private final String authority;
  private final String path;
  private final String origin;
  private final Map<Long, StreamDirections> streams = new HashMap<>();
  private WebTransportDraft draft;
  private State state = State.CONNECTING;
  private int incomingOpen;

  WebTransportSession(
      Http3Connection connection, long id, String authority, String path, String origin) {
    this.connection = connection;
    this.id = id;
    this.authority = authority;
    this.path = path;
    this.origin = origin;
  }

  /** The session id: the QUIC stream id of its CONNECT request. */
  public long id() {
    return id;
  }

  /** The request's {@code :authority}. */
  public String authority() {
    return authority;
  }

  /** The request's {@code :path}, with its query if any. */
  public String path() {
    return path;
  }

  /** The request's {@code origin} (a browser's page), or "" when the client sent none. */
  public String origin() {
    return origin;
  }

  /** The draft both sides agreed on, or null before the session is established. */
  public WebTransportDraft draft() {
    return draft;
  }

  /** Where the session is in its life. */
  public State state() {
    return state;
  }

  /** Streams of the session with at least one direction still open. */
  public int openStreamCount() {
    return streams.size();
  }

  /** Opens a unidirectional stream of the session and returns its QUIC stream id. */
  public long openUnidirectionalStream() {
    requireOpen();
    long streamId = connection.port().openUnidirectionalStream();
    connection.port().write(streamId, prefix(UnidirectionalStreamType.WEBTRANSPORT), false);
    streams.put(streamId, new StreamDirections(false, true));
    connection.replaceHandler(streamId, new WebTransportStreamHandler(this, streamId));
    return streamId;
  }

  /** Opens a bidirectional stream of the session and returns its QUIC stream id. */
  public long openBidirectionalStream() {
    requireOpen();
    long streamId = connection.port().openBidirectionalStream();
    connection.port().write(streamId, prefix(Http3FrameType.WEBTRANSPORT_STREAM), false);
    streams.put(streamId, new StreamDirections(true, true));
    connection.replaceHandler(streamId, new WebTransportStreamHandler(this, streamId));
    return streamId;
  }

  /** Writes to a stream of the session; {@code fin} ends this side of it. */
  public void write(long streamId, byte[] bytes, boolean fin) {
    requireOpen();
    requireStream(streamId);
    connection.port().write(streamId, bytes, fin);
    if (fin) {
      outgoingEnded(streamId);
    }
  }

  /** Abandons this side of a stream with an application error code (RESET_STREAM). */
  public void resetStream(long streamId, long applicationErrorCode) {
    requireStream(streamId);
    connection.port().resetStream(streamId, WebTransportErrors.toHttp3(applicationErrorCode));
    outgoingEnded(streamId);
  }

  /** Asks the peer to stop sending on a stream, with an application error code (STOP_SENDING). */
  public void stopSending(long streamId, long applicationErrorCode) {
    requireStream(streamId);
    connection.port().stopSending(streamId, WebTransportErrors.toHttp3(applicationErrorCode));
  }

  /**
   * Sends a datagram of the session: its payload after the quarter stream id (RFC 9297 §2.1).
   * Returns false when the connection could not queue it; datagrams are never retransmitted.
   */
  public boolean sendDatagram(byte[] payload) {
    requireOpen();
    WireWriter datagram = new WireWriter(QuicVarint.INSTANCE, payload.length + 8);
    return connection
        .port()
        .sendDatagram(datagram.writeVarint(id / 4).writeBytes(payload).toByteArray());
  }

  /** Asks the peer to end the session soon (DRAIN_WEBTRANSPORT_SESSION). */
  public void drain() {
    requireOpen();
    Capsule drain = new Capsule(CapsuleType.DRAIN_WEBTRANSPORT_SESSION, new byte[0]);
    connection.port().write(id, Http3FrameWriter.data(drain.encode()), false);
  }

  /**
   * Closes the session (CLOSE_WEBTRANSPORT_SESSION, then FIN on the CONNECT stream); its streams
   * are reset with WEBTRANSPORT_SESSION_GONE. Does nothing when it is already closed.
   */
  public void close(long applicationErrorCode, String reason) {
    if (state != State.OPEN) {
      return;
    }
    Capsule close = new CloseSessionCapsule(applicationErrorCode, reason).toCapsule();
    connection.port().write(id, Http3FrameWriter.data(close.encode()), true);
    end(applicationErrorCode, reason);
  }

  WebTransportListener listener() {
    return connection.listener();
  }

  /** The CONNECT succeeded: the session opens, and streams that waited for it join. */
  void onEstablished(WebTransportDraft agreed) {
    draft = agreed;
    state = State.OPEN;
    connection.listener().onSessionOpened(this);
    connection.sessions().onEstablished(this);
  }

  /** The server answered with another status (or, 0, does not speak WebTransport). */
  void onRefused(int status) {
    state = State.CLOSED;
    connection.sessions().onEnded(id);
    connection.listener().onSessionRefused(this, status);
  }

  /** The handler of a stream the peer opened in this session, or a refusal past the limit. */
  StreamHandler acceptIncomingStream(long streamId, boolean bidirectional) {
    if (incomingOpen >= connection.config().maxIncomingStreamsPerSession()) {
      return connection.refuseStream(streamId, Http3ErrorCode.H3_REQUEST_REJECTED);
    }
    incomingOpen++;
    streams.put(streamId, new StreamDirections(true, bidirectional));
    connection.listener().onIncomingStream(this, streamId, bidirectional);
    return new WebTransportStreamHandler(this, streamId);
  }

  /** The peer ended or reset its side of a stream. */
  void incomingEnded(long streamId) {
    StreamDirections directions = streams.get(streamId);
    if (directions != null && directions.incoming) {
      directions.incoming = false;
      if (StreamIds.isPeerInitiated(streamId, connection.isServer())) {
        incomingOpen--;
      }
      forgetIfDone(streamId, directions);
    }
  }

  /** This side ended (FIN or reset) or was asked to stop its side of a stream. */
  void outgoingEnded(long streamId) {
    StreamDirections directions = streams.get(streamId);
    if (directions != null) {
      directions.outgoing = false;
      forgetIfDone(streamId, directions);
    }
  }

  /** The peer's CLOSE_WEBTRANSPORT_SESSION: answer with FIN, then end. */
  void onCloseReceived(long errorCode, String reason) {
    connection.port().write(id, new byte[0], true);
    end(errorCode, reason);
  }

  /** The peer ended the CONNECT stream without a close capsule: a close with code 0. */
  void onConnectStreamFinished() {
    if (state == State.OPEN) {
      connection.port().write(id, new byte[0], true);
      end(0, "");
    }
  }

  /** The peer reset the CONNECT stream: the session is gone. */
  void onConnectStreamReset() {
    if (state == State.CONNECTING) {
      onRefused(0);
    } else if (state == State.OPEN) {
      connection.port().resetStream(id, Http3ErrorCode.H3_REQUEST_CANCELLED);
      end(0, "CONNECT stream reset");
    }
  }

  /** The connection ended under the session. */
  void onConnectionEnded(long errorCode, String reason) {
    if (state != State.CLOSED) {
      state = State.CLOSED;
      streams.clear();
      connection.listener().onSessionClosed(this, errorCode, reason);
    }
  }

  private void end(long errorCode, String reason) {
    state = State.CLOSED;
    List<Long> ids = new ArrayList<>(streams.keySet());
    for (long streamId : ids) {
      StreamDirections directions = streams.get(streamId);
      if (directions.outgoing) {
        connection.port().resetStream(streamId, Http3ErrorCode.WEBTRANSPORT_SESSION_GONE);
      }
      if (directions.incoming) {
        connection.port().stopSending(streamId, Http3ErrorCode.WEBTRANSPORT_SESSION_GONE);
      }
      connection.removeHandler(streamId);
    }
    streams.clear();
    incomingOpen = 0;
    connection.removeHandler(id);
    connection.sessions().onEnded(id);
    connection.listener().onSessionClosed(this, errorCode, reason);
  }

  private void forgetIfDone(long streamId, StreamDirections directions) {
    if (!directions.incoming && !directions.outgoing) {
      streams.remove(streamId);
      connection.removeHandler(streamId);
    }
  }

  private byte[] prefix(long signal) {
    return new WireWriter(QuicVarint.INSTANCE, 16)
        .writeVarint(signal)
        .writeVarint(id)
        .toByteArray();
  }

  private void requireOpen() {
    if (state != State.OPEN) {
      throw new IllegalStateException("session " + id + " is " + state);
    }
  }

  private void requireStream(long streamId) {
    if (!streams.containsKey(streamId)) {
      throw new IllegalArgumentException("stream " + streamId + " is not open in session " + id);
    }
  }

  @Override
  public String toString() {
    return "WebTransportSession[" + id + " " + state + " " + authority + path + "]";
  }

  /** Which directions of a stream are still open, from this side's point of view. */
  private static final class StreamDirections {
    boolean incoming;
    boolean outgoing;

    StreamDirections(boolean incoming, boolean outgoing) {
      this.incoming = incoming;
      this.outgoing = outgoing;
    }
  }
}
