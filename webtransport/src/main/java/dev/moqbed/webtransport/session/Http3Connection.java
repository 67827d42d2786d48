package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.BufferVarints;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import dev.moqbed.webtransport.http3.Http3FrameWriter;
import dev.moqbed.webtransport.http3.Http3Settings;
import dev.moqbed.webtransport.http3.UnidirectionalStreamType;
import dev.moqbed.webtransport.qpack.HeaderField;
import dev.moqbed.webtransport.qpack.QpackDecoder;
import dev.moqbed.webtransport.qpack.QpackEncoder;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One HTTP/3 connection carrying WebTransport, either side: its own control and QPACK streams, the
 * peer's (each at most once), every other stream routed by id to the handler its first bytes chose,
 * and datagrams routed to sessions by their quarter stream id. A peer's protocol error closes the
 * connection with its HTTP/3 code; after that every input is ignored.
 */
final class Http3Connection {
  /** Stream ids stop at 2^62 - 1, so a quarter stream id stops at a quarter of that. */
  private static final long QUARTER_ID_LIMIT = ((1L << 62) - 1) / 4;

  private final boolean server;
  private final QuicConnectionPort port;
  private final WebTransportListener listener;
  private final WebTransportConfig config;
  private final QpackDecoder qpackDecoder;
  private final SessionRegistry sessions = new SessionRegistry(this);
  private final Map<Long, StreamHandler> streams = new HashMap<>();
  private final long[] highestPeerStream = {-1, -1, -1, -1};
  // Peer stream ids below the highest whose bytes have not come yet (QUIC opened them with a
  // higher one): their first bytes still create their handler. At most the peer's stream credit.
  private final Set<Long> peerStreamsNotYetSeen = new HashSet<>();
  private final List<Runnable> waitingForSettings = new ArrayList<>();
  private final boolean[] criticalStreamSeen = new boolean[4];
  private Http3Settings peerSettings;
  private WebTransportDraft negotiatedDraft;
  private long goawayId = -1;
  private long droppedDatagrams;
  private boolean started;
  private boolean closed;

  Http3Connection(
      boolean server,
      QuicConnectionPort port,
      WebTransportListener listener,
      WebTransportConfig config) {
    this.server = server;
    this.port = Objects.requireNonNull(port, "port");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.config = Objects.requireNonNull(config, "config");
    this.qpackDecoder = new QpackDecoder(config.maxFieldSectionBytes());
  }

  /** Opens this side's control stream (with SETTINGS) and its two QPACK streams. */
  void start() {
    if (started) {
      throw new IllegalStateException("already started");
    }
    started = true;
    long control = port.openUnidirectionalStream();
    port.write(
        control,
        Http3FrameWriter.controlStreamOpening(WebTransportSettings.local(server, config)),
        false);
    // The QPACK streams carry only their type: with no dynamic table there is nothing to say.
    port.write(
        port.openUnidirectionalStream(),
        BufferVarints.encode(UnidirectionalStreamType.QPACK_ENCODER),
        false);
    port.write(
        port.openUnidirectionalStream(),
        BufferVarints.encode(UnidirectionalStreamType.QPACK_DECODER),
        false);
  }

  void onStreamData(long streamId, ByteBuffer data, boolean fin) {
    if (closed) {
      return;
    }
    try {
      StreamHandler handler = handlerFor(streamId);
      if (handler != null) {
        handler.onData(data, fin);
      }
    } catch (Http3Exception e) {
      fail(e);
    }
  }

  void onStreamReset(long streamId, long errorCode) {
    if (closed) {
      return;
    }
    try {
      StreamHandler handler = handlerFor(streamId);
      if (handler != null) {
        handler.onReset(errorCode);
      }
    } catch (Http3Exception e) {
      fail(e);
    }
  }

  void onStopSending(long streamId, long errorCode) {
    if (closed) {
      return;
    }
    StreamHandler handler = streams.get(streamId);
    if (handler != null) {
      handler.onStopSending(errorCode);
    }
  }

  void onDatagram(ByteBuffer datagram) {
    if (closed) {
      return;
    }
    try {
      long quarterId =
          BufferVarints.read(datagram, Http3ErrorCode.H3_DATAGRAM_ERROR, "quarter stream id");
      if (quarterId > QUARTER_ID_LIMIT) {
        throw new Http3Exception(
            Http3ErrorCode.H3_DATAGRAM_ERROR, "quarter stream id " + quarterId);
      }
      WebTransportSession session = sessions.get(quarterId * 4);
      if (session == null || session.state() != WebTransportSession.State.OPEN) {
        droppedDatagrams++; // late, early or for a session that never was: datagrams may be lost
        return;
      }
      listener.onDatagram(session, datagram);
    } catch (Http3Exception e) {
      fail(e);
    }
  }

  void onTransportClosed(long errorCode, String reason) {
    if (!closed) {
      closed = true;
      endSessions(errorCode, reason);
      listener.onConnectionClosed(errorCode, reason);
    }
  }

  /** Closes the connection for the peer's protocol error. */
  void fail(Http3Exception error) {
    if (closed) {
      return;
    }
    closed = true;
    port.close(error.errorCode(), error.getMessage());
    endSessions(error.errorCode(), error.getMessage());
    listener.onConnectionClosed(error.errorCode(), error.getMessage());
  }

  private void endSessions(long errorCode, String reason) {
    for (WebTransportSession session : sessions.live()) {
      session.onConnectionEnded(errorCode, reason);
    }
    streams.clear();
  }

  /**
   * The handler of a stream: the one registered, a new {@link StreamStart} for a stream the peer
   * just opened, or null for a stream that is done (its late bytes are dropped).
   */
  private StreamHandler handlerFor(long streamId) {
    StreamHandler handler = streams.get(streamId);
    if (handler != null || !StreamIds.isPeerInitiated(streamId, server)) {
      return handler;
    }
    int kind = (int) (streamId & 0x3);
    if (streamId <= highestPeerStream[kind] && !peerStreamsNotYetSeen.remove(streamId)) {
      return null; // a stream whose handler is gone: closed, refused or reset
    }
    // QUIC opens a peer's streams of one kind in order, but their bytes come in any order (a more
    // urgent stream's first): ids skipped here are opened too, and their bytes, when they come,
    // create their handler. Dropping them lost a whole group of video (vmid's group 1 in
    // WebTransportChainNetworkTest whenever vlow's group 1 arrived first).
    for (long skipped = highestPeerStream[kind] < 0 ? kind : highestPeerStream[kind] + 4;
        skipped < streamId;
        skipped += 4) {
      peerStreamsNotYetSeen.add(skipped);
    }
    highestPeerStream[kind] = Math.max(highestPeerStream[kind], streamId);
    StreamStart start = new StreamStart(this, streamId);
    streams.put(streamId, start);
    return start;
  }

  /** The handler of a unidirectional stream the peer opened with type {@code type}. */
  StreamHandler unidirectionalStream(long streamId, long type) {
    if (type == UnidirectionalStreamType.CONTROL) {
      claimCriticalStream((int) type, "control");
      return new ControlStreamReceiver(this);
    }
    if (type == UnidirectionalStreamType.QPACK_ENCODER) {
      claimCriticalStream((int) type, "QPACK encoder");
      return QpackStreamHandler.encoder();
    }
    if (type == UnidirectionalStreamType.QPACK_DECODER) {
      claimCriticalStream((int) type, "QPACK decoder");
      return QpackStreamHandler.decoder();
    }
    if (type == UnidirectionalStreamType.PUSH) {
      // A client never receives a push without MAX_PUSH_ID, a server never receives one.
      throw new Http3Exception(
          server ? Http3ErrorCode.H3_STREAM_CREATION_ERROR : Http3ErrorCode.H3_ID_ERROR,
          "push stream " + streamId);
    }
    // Unknown and grease types are not errors: the stream is refused and its bytes dropped.
    return refuseStream(streamId, Http3ErrorCode.H3_STREAM_CREATION_ERROR);
  }

  private void claimCriticalStream(int type, String name) {
    if (criticalStreamSeen[type]) {
      throw new Http3Exception(
          Http3ErrorCode.H3_STREAM_CREATION_ERROR, "second " + name + " stream");
    }
    criticalStreamSeen[type] = true;
  }

  /**
   * Refuses a stream the peer opened: STOP_SENDING, and on a bidirectional stream RESET_STREAM,
   * with {@code errorCode}; its further bytes are dropped.
   */
  StreamHandler refuseStream(long streamId, long errorCode) {
    port.stopSending(streamId, errorCode);
    if (!StreamIds.isUnidirectional(streamId)) {
      port.resetStream(streamId, errorCode);
    }
    DiscardedStream discarded = new DiscardedStream(this, streamId);
    streams.put(streamId, discarded);
    return discarded;
  }

  void onPeerSettings(Http3Settings settings) {
    peerSettings = settings;
    negotiatedDraft = WebTransportSettings.negotiate(settings, server);
    List<Runnable> waiting = new ArrayList<>(waitingForSettings);
    waitingForSettings.clear();
    waiting.forEach(Runnable::run);
  }

  void onGoaway(long id) {
    goawayId = id;
  }

  /** Runs {@code action} once the peer's SETTINGS have arrived. */
  void whenPeerSettings(Runnable action) {
    if (peerSettings != null) {
      action.run();
    } else {
      waitingForSettings.add(action);
    }
  }

  /** Writes a HEADERS frame with {@code fields}, QPACK-encoded with the static table. */
  void writeHeaders(long streamId, List<HeaderField> fields, boolean fin) {
    port.write(streamId, Http3FrameWriter.headers(QpackEncoder.encode(fields)), fin);
  }

  void replaceHandler(long streamId, StreamHandler handler) {
    streams.put(streamId, handler);
  }

  void removeHandler(long streamId) {
    streams.remove(streamId);
  }

  boolean isServer() {
    return server;
  }

  boolean isClosed() {
    return closed;
  }

  QuicConnectionPort port() {
    return port;
  }

  WebTransportListener listener() {
    return listener;
  }

  WebTransportConfig config() {
    return config;
  }

  QpackDecoder qpackDecoder() {
    return qpackDecoder;
  }

  SessionRegistry sessions() {
    return sessions;
  }

  /** The peer's SETTINGS, or null before they arrived. */
  Http3Settings peerSettings() {
    return peerSettings;
  }

  /** The draft both sides' SETTINGS agree on, or null (not yet, or none). */
  WebTransportDraft negotiatedDraft() {
    return negotiatedDraft;
  }

  /** The id of the peer's last GOAWAY, or -1. */
  long goawayId() {
    return goawayId;
  }

  long droppedDatagrams() {
    return droppedDatagrams;
  }

  /** Streams with a handler: for tests that check nothing is held after streams end. */
  int trackedStreamCount() {
    return streams.size();
  }
}
