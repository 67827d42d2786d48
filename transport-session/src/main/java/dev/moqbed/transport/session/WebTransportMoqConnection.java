package dev.moqbed.transport.session;

import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.session.WebTransportSession;
import java.nio.ByteBuffer;

/**
 * The MoQ session's {@link TransportConnection} over one WebTransport session (MoQT over
 * WebTransport, ALPN {@code h3}): its streams are the session's, their bytes and urgencies QUIC's
 * as over raw QUIC ({@link QuicStreams}); its datagrams carry the session's quarter stream id. The
 * session does not see how its streams arrived.
 *
 * <p>Closing sends CLOSE_WEBTRANSPORT_SESSION with the MoQT code and reason, then, once it has
 * left, closes the QUIC connection (H3_NO_ERROR, the same reason): a browser opens a connection per
 * WebTransport session, and a relay must not keep a connection whose session it ended. A peer that
 * ends the session is answered the same way.
 */
public final class WebTransportMoqConnection implements TransportConnection {
  private final QuicConnection connection;
  private final WebTransportSession session;
  private final String peerName;
  private final QuicStreams streams;
  private final WebTransportQuicHandler handler;
  private TransportListener listener;
  private boolean open = true;
  private boolean closedByUs;
  private boolean reported;
  private long closeCode;
  private String closeReason = "";

  WebTransportMoqConnection(
      QuicConnection connection,
      WebTransportSession session,
      String peerName,
      WebTransportQuicHandler handler) {
    this.connection = connection;
    this.handler = handler;
    this.session = session;
    this.peerName = peerName;
    this.streams = new QuicStreams(connection, new SessionWire(), () -> open, () -> listener);
  }

  /** The WebTransport session under the MoQT session. */
  public WebTransportSession session() {
    return session;
  }

  QuicStreams streams() {
    return streams;
  }

  @Override
  public void setListener(TransportListener listener) {
    this.listener = listener;
  }

  @Override
  public BidirectionalStream openBidirectionalStream() {
    long id = session.openBidirectionalStream();
    return streams.openedBidirectional(id, signalBytes(id));
  }

  @Override
  public SendStream openUnidirectionalStream(int urgency) {
    long id = session.openUnidirectionalStream();
    connection.setStreamPriority(id, QuicStreams.priorityOf(urgency));
    return streams.openedUnidirectional(id, signalBytes(id));
  }

  @Override
  public boolean canOpenUnidirectionalStream() {
    return open && connection.canOpenUnidirectionalStream();
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    if (!open || payload.length > maxDatagramBytes()) {
      return false;
    }
    return session.sendDatagram(payload);
  }

  @Override
  public int maxDatagramBytes() {
    int quarterIdBytes = QuicVarint.INSTANCE.encodedLength(session.id() / 4);
    return Math.max(
        0,
        connection.path().maxDatagramSizeBytes()
            - QuicTransportConnection.DATAGRAM_OVERHEAD_BYTES
            - quarterIdBytes);
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
    closeCode = applicationErrorCode;
    closeReason = reason;
    session.close(Math.min(applicationErrorCode, 0xffff_ffffL), reason);
    handler.closeAfterCapsule(session.id(), reason);
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public String peerDescription() {
    return peerName + " (WebTransport)";
  }

  /** The peer's datagram of this session, without its quarter stream id. */
  void onDatagram(ByteBuffer payload) {
    if (open && listener != null) {
      listener.onDatagram(payload);
    }
  }

  void onUnidirectionalStreamCredit() {
    if (open && listener != null) {
      listener.onUnidirectionalStreamCredit();
    }
  }

  /**
   * The peer ended the session (its capsule, or the end of the CONNECT stream): reported as the
   * peer's close, and the QUIC connection, which carried only this session, closes too.
   */
  void onSessionEnded(long errorCode, String reason) {
    if (closedByUs || reported) {
      return;
    }
    open = false;
    report(errorCode, reason.isEmpty() ? "closed" : reason, true);
    connection.close(Http3ErrorCode.H3_NO_ERROR, true, "");
  }

  /** The QUIC connection ended: this end's close completes, or the peer's or the network's. */
  void onConnectionEnded(long errorCode, String reason) {
    open = false;
    if (closedByUs) {
      report(closeCode, closeReason, false);
    } else {
      report(errorCode, reason, true);
    }
  }

  private void report(long errorCode, String reason, boolean byPeer) {
    if (!reported && listener != null) {
      reported = true;
      listener.onClosed(errorCode, reason, byPeer);
    }
  }

  /**
   * The bytes WebTransport writes first on a stream this end opens: its signal (two bytes) and the
   * session id.
   */
  private int signalBytes(long streamId) {
    return 2 + QuicVarint.INSTANCE.encodedLength(session.id());
  }

  /** Through the session, which frames nothing but tracks each stream's end. */
  private final class SessionWire implements StreamWire {
    @Override
    public void write(long streamId, byte[] bytes) {
      session.write(streamId, bytes, false);
    }

    @Override
    public void finish(long streamId) {
      session.write(streamId, new byte[0], true);
    }

    @Override
    public void reset(long streamId, long errorCode) {
      session.resetStream(streamId, errorCode);
    }

    @Override
    public void stopSending(long streamId, long errorCode) {
      session.stopSending(streamId, errorCode);
    }
  }
}
