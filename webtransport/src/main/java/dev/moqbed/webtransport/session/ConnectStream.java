package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.capsule.Capsule;
import dev.moqbed.webtransport.capsule.CapsuleReader;
import dev.moqbed.webtransport.capsule.CapsuleType;
import dev.moqbed.webtransport.capsule.CloseSessionCapsule;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import dev.moqbed.webtransport.http3.Http3Frame;
import dev.moqbed.webtransport.http3.Http3FrameReader;
import dev.moqbed.webtransport.http3.Http3FrameType;
import dev.moqbed.webtransport.qpack.HeaderField;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The stream of one extended CONNECT request, from either side: the request (read by the server) or
 * the response (read by the client) in a HEADERS frame, then, for an established session, the
 * capsules of its DATA frames: close, drain and datagrams. The server holds a request that arrives
 * before the client's SETTINGS until they do, since only they say which draft the client speaks.
 */
final class ConnectStream implements StreamHandler {
  private final Http3Connection connection;
  private final long streamId;
  private final Http3FrameReader frames;
  private final CapsuleReader capsules;
  private WebTransportSession session;
  private boolean headersReceived;
  private boolean refused;

  /**
   * @param session the client's session waiting for its response; null on the server, which creates
   *     the session when it accepts the request
   */
  ConnectStream(Http3Connection connection, long streamId, WebTransportSession session) {
    this.connection = connection;
    this.streamId = streamId;
    this.session = session;
    this.frames = new Http3FrameReader(connection.config().frameLimits());
    this.capsules = new CapsuleReader(connection.config().maxCapsuleBytes());
  }

  @Override
  public void onData(ByteBuffer data, boolean fin) {
    if (refused) {
      data.position(data.limit());
      return;
    }
    frames.append(data);
    for (Http3Frame frame = frames.next(); frame != null && !refused; frame = frames.next()) {
      onFrame(frame);
    }
    if (fin && !refused) {
      onFin();
    }
  }

  @Override
  public void onReset(long errorCode) {
    connection.removeHandler(streamId);
    if (session != null) {
      session.onConnectStreamReset();
    }
  }

  private void onFrame(Http3Frame frame) {
    if (frame.type() == Http3FrameType.HEADERS && !headersReceived) {
      List<HeaderField> fields = connection.qpackDecoder().decode(frame.payload());
      if (connection.isServer()) {
        onRequest(fields);
      } else {
        onResponse(fields);
      }
    } else if (frame.type() == Http3FrameType.DATA && headersReceived) {
      capsules.append(ByteBuffer.wrap(frame.payload()));
      readCapsules();
    } else {
      throw new Http3Exception(
          Http3ErrorCode.H3_FRAME_UNEXPECTED,
          "frame 0x" + Long.toHexString(frame.type()) + " on CONNECT stream " + streamId);
    }
  }

  private void onRequest(List<HeaderField> fields) {
    headersReceived = true;
    if (connection.peerSettings() == null) {
      connection.whenPeerSettings(() -> answer(fields));
    } else {
      answer(fields);
    }
  }

  private void answer(List<HeaderField> fields) {
    ExtendedConnect request =
        ExtendedConnect.evaluate(
            fields,
            connection.config().path(),
            connection.negotiatedDraft() != null,
            connection.sessions().liveCount() >= connection.config().maxSessions());
    if (!request.accepted()) {
      refused = true;
      connection.writeHeaders(streamId, responseFields(request.status(), null), true);
      // The response is complete; the rest of the request is not wanted (RFC 9114 §4.1.1).
      connection.port().stopSending(streamId, Http3ErrorCode.H3_NO_ERROR);
      connection.removeHandler(streamId);
      connection.sessions().onEnded(streamId);
      return;
    }
    WebTransportDraft draft = connection.negotiatedDraft();
    session =
        new WebTransportSession(
            connection, streamId, request.authority(), request.path(), request.origin());
    connection.sessions().add(session);
    connection.writeHeaders(streamId, responseFields(200, draft), false);
    session.onEstablished(draft);
    readCapsules();
  }

  /** {@code :status}, and for draft-02 the header that quiche servers add to a 200. */
  static List<HeaderField> responseFields(int status, WebTransportDraft draft) {
    List<HeaderField> fields = new ArrayList<>();
    fields.add(new HeaderField(":status", Integer.toString(status)));
    if (draft == WebTransportDraft.DRAFT_02) {
      fields.add(new HeaderField("sec-webtransport-http3-draft", "draft02"));
    }
    return fields;
  }

  private void onResponse(List<HeaderField> fields) {
    int status = statusOf(fields);
    if (status >= 100 && status < 200) {
      return; // An interim response; the final one follows.
    }
    headersReceived = true;
    if (status >= 200 && status < 300) {
      session.onEstablished(connection.negotiatedDraft());
      readCapsules();
    } else {
      refused = true;
      connection.removeHandler(streamId);
      session.onRefused(status);
    }
  }

  private static int statusOf(List<HeaderField> fields) {
    for (HeaderField field : fields) {
      if (field.name().equals(":status")) {
        try {
          return Integer.parseInt(field.value());
        } catch (NumberFormatException e) {
          break;
        }
      }
    }
    throw new Http3Exception(Http3ErrorCode.H3_MESSAGE_ERROR, "response without a valid :status");
  }

  private void readCapsules() {
    if (session == null || session.state() != WebTransportSession.State.OPEN) {
      if (capsules.bufferedBytes() > connection.config().maxCapsuleBytes()) {
        throw new Http3Exception(
            Http3ErrorCode.H3_EXCESSIVE_LOAD, "capsules held before the session was established");
      }
      return;
    }
    for (Capsule capsule = capsules.next(); capsule != null; capsule = capsules.next()) {
      onCapsule(capsule);
      if (session.state() != WebTransportSession.State.OPEN) {
        return;
      }
    }
  }

  private void onCapsule(Capsule capsule) {
    if (capsule.type() == CapsuleType.CLOSE_WEBTRANSPORT_SESSION) {
      CloseSessionCapsule close = CloseSessionCapsule.decode(capsule.value());
      session.onCloseReceived(close.errorCode(), close.reason());
    } else if (capsule.type() == CapsuleType.DRAIN_WEBTRANSPORT_SESSION) {
      session.listener().onSessionDraining(session);
    } else if (capsule.type() == CapsuleType.DATAGRAM) {
      session.listener().onDatagram(session, ByteBuffer.wrap(capsule.value()));
    }
    // Capsules of other types are skipped (RFC 9297 §3.2).
  }

  private void onFin() {
    frames.finish();
    connection.removeHandler(streamId);
    if (!headersReceived) {
      refused = true;
      if (connection.isServer()) {
        connection.port().stopSending(streamId, Http3ErrorCode.H3_REQUEST_INCOMPLETE);
        connection.port().resetStream(streamId, Http3ErrorCode.H3_REQUEST_INCOMPLETE);
      } else {
        session.onRefused(0);
      }
      return;
    }
    if (session != null && session.state() == WebTransportSession.State.OPEN) {
      capsules.finish();
      session.onConnectStreamFinished();
    }
  }
}
