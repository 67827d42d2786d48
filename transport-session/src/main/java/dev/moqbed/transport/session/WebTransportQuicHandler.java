package dev.moqbed.transport.session;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.session.QuicConnectionPort;
import dev.moqbed.webtransport.session.WebTransportClient;
import dev.moqbed.webtransport.session.WebTransportConfig;
import dev.moqbed.webtransport.session.WebTransportEndpoint;
import dev.moqbed.webtransport.session.WebTransportListener;
import dev.moqbed.webtransport.session.WebTransportServer;
import dev.moqbed.webtransport.session.WebTransportSession;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * HTTP/3 and WebTransport on one of the project's QUIC connections (ALPN {@code h3}), carrying one
 * MoQT session: the connection's {@link ConnectionHandler}, feeding its events to the sans-IO
 * {@link WebTransportEndpoint}; the endpoint's {@link QuicConnectionPort}, writing onto the
 * connection; and its {@link WebTransportListener}, turning the session's events into those of a
 * {@link WebTransportMoqConnection}. A browser opens a connection per WebTransport session, and the
 * handler carries one MoQT session: configure one session per connection (the default; a second
 * CONNECT is then answered 429).
 */
public final class WebTransportQuicHandler
    implements ConnectionHandler, QuicConnectionPort, WebTransportListener {
  /** Why a client's session did not open, for its one-line error. */
  public interface Refusal {
    void refused(String why);
  }

  private final QuicConnection connection;
  private final String peerName;
  private final WebTransportEndpoint endpoint;
  private final Consumer<WebTransportMoqConnection> onSession;
  private final Runnable onReadyRequest;
  private final Refusal refusal;
  private WebTransportMoqConnection moq;
  // Bytes written on each client-initiated bidirectional stream (the CONNECT stream among them), so
  // that a session this end closes can end its connection once its close capsule has left.
  private final Map<Long, Long> requestStreamBytes = new HashMap<>();
  private long closingSessionId = -1;
  private String closeReason = "";

  private WebTransportQuicHandler(
      QuicConnection connection,
      String peerName,
      WebTransportConfig config,
      boolean server,
      ClientRequest request,
      Consumer<WebTransportMoqConnection> onSession,
      Refusal refusal) {
    this.connection = connection;
    this.peerName = peerName;
    this.onSession = onSession;
    this.refusal = refusal;
    if (server) {
      this.endpoint = new WebTransportServer(this, this, config);
      this.onReadyRequest = () -> {};
    } else {
      WebTransportClient client = new WebTransportClient(this, this, config);
      this.endpoint = client;
      this.onReadyRequest = () -> client.connect(request.authority(), request.path(), "");
    }
    connection.setHandler(this);
  }

  /** What a client asks for: {@code https://authority/path}. */
  public record ClientRequest(String authority, String path) {}

  /**
   * The server side of an accepted connection whose handshake chose {@code h3}: answers the
   * client's extended CONNECT on the configured path and hands over the MoQT transport.
   */
  public static WebTransportQuicHandler server(
      QuicConnection connection,
      String peerName,
      WebTransportConfig config,
      Consumer<WebTransportMoqConnection> onSession) {
    return new WebTransportQuicHandler(
        connection, peerName, config, true, null, onSession, why -> {});
  }

  /**
   * The client side: once the QUIC handshake is done, opens a session to {@code request} and hands
   * over the MoQT transport when the server answers 2xx; {@code refusal} hears why otherwise.
   */
  public static WebTransportQuicHandler client(
      QuicConnection connection,
      String peerName,
      WebTransportConfig config,
      ClientRequest request,
      Consumer<WebTransportMoqConnection> onSession,
      Refusal refusal) {
    return new WebTransportQuicHandler(
        connection, peerName, config, false, request, onSession, refusal);
  }

  /** The HTTP/3 side, for its counters and the negotiated draft. */
  public WebTransportEndpoint endpoint() {
    return endpoint;
  }

  // ---------------------------------------------------------------------------------------------
  // The QUIC connection's events, to the HTTP/3 endpoint

  @Override
  public void onReady(QuicConnection quic, long nowMicros) {
    endpoint.start();
    onReadyRequest.run();
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
    endpoint.onStreamData(
        streamId,
        data == null
            ? ByteBuffer.wrap(new byte[length])
            : ByteBuffer.wrap(data.array(), data.offset(), data.length()),
        fin);
  }

  @Override
  public void onStreamBytesSent(
      QuicConnection quic, long nowMicros, long streamId, long sentBytes) {
    if (streamId == closingSessionId && sentBytes >= requestStreamBytes.get(streamId)) {
      closingSessionId = -1;
      connection.close(Http3ErrorCode.H3_NO_ERROR, true, closeReason);
    }
    if (moq != null) {
      moq.streams().onBytesSent(streamId, sentBytes);
    }
  }

  @Override
  public void onSendStreamRetired(QuicConnection quic, long streamId) {
    if (moq != null) {
      moq.streams().onSendStreamRetired(streamId);
    }
  }

  /**
   * Closes the QUIC connection once everything written on the session's CONNECT stream (its close
   * capsule and FIN) has been sent: the peer learns the MoQT code and reason from the capsule, and
   * from the CONNECTION_CLOSE's reason phrase if the capsule is lost.
   */
  void closeAfterCapsule(long sessionId, String reason) {
    closeReason = reason;
    closingSessionId = sessionId;
  }

  @Override
  public void onStreamCredit(QuicConnection quic, long nowMicros, boolean bidirectional) {
    if (!bidirectional && moq != null) {
      moq.onUnidirectionalStreamCredit();
    }
  }

  @Override
  public void onStopSending(QuicConnection quic, long nowMicros, long streamId, long errorCode) {
    endpoint.onStopSending(streamId, errorCode);
  }

  @Override
  public void onStreamReset(QuicConnection quic, long nowMicros, long streamId, long errorCode) {
    endpoint.onStreamReset(streamId, errorCode);
  }

  @Override
  public void onDatagram(QuicConnection quic, long nowMicros, DatagramPayload payload) {
    if (payload instanceof DatagramPayload.Bytes bytes) { // always, on a connection that decodes
      endpoint.onDatagram(bytes.buffer());
    } else if (payload instanceof DatagramPayload.Prefixed prefixed) { // a simulated sender's
      endpoint.onDatagram(prefixed.toBytes().buffer());
    }
  }

  @Override
  public void onClosed(QuicConnection quic, long nowMicros, long errorCode) {
    String reason =
        errorCode == QuicConnection.STATELESS_RESET
            ? "stateless reset"
            : quic.peerCloseReason().isEmpty() ? "closed" : quic.peerCloseReason();
    endpoint.onTransportClosed(errorCode, reason);
    if (moq != null) {
      moq.onConnectionEnded(errorCode, reason);
    } else {
      refusal.refused("the connection closed before the WebTransport session opened: " + reason);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The HTTP/3 endpoint's calls, onto the QUIC connection

  @Override
  public long openUnidirectionalStream() {
    return connection.openUnidirectionalStream(QuicStreams.priorityOf(0));
  }

  @Override
  public long openBidirectionalStream() {
    return connection.openBidirectionalStream(QuicStreams.priorityOf(0));
  }

  @Override
  public void write(long streamId, byte[] bytes, boolean fin) {
    if ((streamId & 3) == 0) {
      requestStreamBytes.merge(streamId, (long) bytes.length, Long::sum);
    }
    if (bytes.length > 0) {
      connection.write(streamId, ByteSlice.of(bytes));
    }
    if (fin) {
      connection.finish(streamId);
    }
  }

  @Override
  public void resetStream(long streamId, long errorCode) {
    connection.resetStream(streamId, errorCode);
  }

  @Override
  public void stopSending(long streamId, long errorCode) {
    connection.stopSending(streamId, errorCode);
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    connection.sendDatagram(DatagramPayload.of(payload));
    return true;
  }

  @Override
  public void close(long errorCode, String reason) {
    connection.close(errorCode, true, reason);
  }

  // ---------------------------------------------------------------------------------------------
  // The session's events, to the MoQT transport

  @Override
  public void onSessionOpened(WebTransportSession session) {
    moq = new WebTransportMoqConnection(connection, session, peerName, this);
    onSession.accept(moq);
  }

  @Override
  public void onSessionRefused(WebTransportSession session, int status) {
    refusal.refused(
        status == 0
            ? "the server does not offer WebTransport (its HTTP/3 SETTINGS)"
            : "the server answered "
                + status
                + " to the WebTransport request for "
                + session.path());
    connection.close(Http3ErrorCode.H3_NO_ERROR, true, "WebTransport session refused");
  }

  @Override
  public void onIncomingStream(WebTransportSession session, long streamId, boolean bidirectional) {
    if (moq != null) {
      moq.streams().receiveStream(streamId);
    }
  }

  @Override
  public void onStreamData(
      WebTransportSession session, long streamId, ByteBuffer data, boolean fin) {
    if (moq != null) {
      moq.streams().onData(streamId, data, fin);
    }
  }

  @Override
  public void onStreamReset(WebTransportSession session, long streamId, long errorCode) {
    if (moq != null) {
      moq.streams().onReset(streamId, errorCode);
    }
  }

  @Override
  public void onStopSending(WebTransportSession session, long streamId, long errorCode) {
    if (moq != null) {
      moq.streams().onStopSending(streamId, errorCode);
    }
  }

  @Override
  public void onDatagram(WebTransportSession session, ByteBuffer payload) {
    if (moq != null) {
      moq.onDatagram(payload);
    }
  }

  @Override
  public void onSessionClosed(WebTransportSession session, long errorCode, String reason) {
    if (moq != null) {
      moq.onSessionEnded(errorCode, reason);
    }
  }
}
