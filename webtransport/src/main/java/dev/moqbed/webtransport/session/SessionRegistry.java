package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sessions of one connection by id (the id of their CONNECT stream), and the streams that
 * arrived for a session before it was established. A stream for a session that has ended is refused
 * with WEBTRANSPORT_SESSION_GONE; one for a session not known yet is held, up to {@link
 * WebTransportConfig#maxBufferedStreams()}.
 */
final class SessionRegistry {
  private final Http3Connection connection;
  private final Map<Long, WebTransportSession> sessions = new HashMap<>();
  private final Set<Long> endedSessions = new HashSet<>();
  private final Map<Long, PendingStream> pending = new LinkedHashMap<>();

  SessionRegistry(Http3Connection connection) {
    this.connection = connection;
  }

  /** Adds a session, connecting or established. */
  void add(WebTransportSession session) {
    sessions.put(session.id(), session);
  }

  /** The session with this id, or null. */
  WebTransportSession get(long sessionId) {
    return sessions.get(sessionId);
  }

  /** Sessions not yet closed. */
  int liveCount() {
    int live = 0;
    for (WebTransportSession session : sessions.values()) {
      live += session.state() == WebTransportSession.State.CLOSED ? 0 : 1;
    }
    return live;
  }

  /** Every session not yet closed, for the connection's end. */
  List<WebTransportSession> live() {
    List<WebTransportSession> live = new ArrayList<>();
    for (WebTransportSession session : sessions.values()) {
      if (session.state() != WebTransportSession.State.CLOSED) {
        live.add(session);
      }
    }
    return live;
  }

  /**
   * The handler of a stream the peer opened for session {@code sessionId}.
   *
   * @throws Http3Exception H3_ID_ERROR when the id cannot name a session
   */
  StreamHandler acceptIncoming(long streamId, long sessionId, boolean bidirectional) {
    if (!StreamIds.isSessionId(sessionId)) {
      throw new Http3Exception(
          Http3ErrorCode.H3_ID_ERROR, "stream " + streamId + " names session " + sessionId);
    }
    WebTransportSession session = sessions.get(sessionId);
    if (session != null && session.state() == WebTransportSession.State.OPEN) {
      return session.acceptIncomingStream(streamId, bidirectional);
    }
    if (endedSessions.contains(sessionId)) {
      return connection.refuseStream(streamId, Http3ErrorCode.WEBTRANSPORT_SESSION_GONE);
    }
    if (pending.size() >= connection.config().maxBufferedStreams()) {
      return connection.refuseStream(
          streamId, Http3ErrorCode.WEBTRANSPORT_BUFFERED_STREAM_REJECTED);
    }
    PendingStream held = new PendingStream(connection, streamId, sessionId);
    pending.put(streamId, held);
    return held;
  }

  /** Forgets a held stream that was reset or refused. */
  void dropPending(PendingStream stream) {
    pending.remove(stream.streamId());
  }

  /** A session is established: the streams held for it join it, in the order they arrived. */
  void onEstablished(WebTransportSession session) {
    for (PendingStream held : takePending(session.id())) {
      StreamHandler handler =
          session.acceptIncomingStream(
              held.streamId(), !StreamIds.isUnidirectional(held.streamId()));
      connection.replaceHandler(held.streamId(), handler);
      held.release(handler);
    }
  }

  /**
   * A session was refused (before or after it had a session object) or closed: streams held for it
   * are refused, later ones too.
   */
  void onEnded(long sessionId) {
    endedSessions.add(sessionId);
    sessions.remove(sessionId);
    for (PendingStream held : takePending(sessionId)) {
      connection.refuseStream(held.streamId(), Http3ErrorCode.WEBTRANSPORT_SESSION_GONE);
    }
  }

  private List<PendingStream> takePending(long sessionId) {
    List<PendingStream> taken = new ArrayList<>();
    pending
        .values()
        .removeIf(
            held -> {
              if (held.sessionId() == sessionId) {
                taken.add(held);
                return true;
              }
              return false;
            });
    return taken;
  }
}
