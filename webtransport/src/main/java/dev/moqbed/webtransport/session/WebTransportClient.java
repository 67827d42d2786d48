package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.qpack.HeaderField;
import java.util.ArrayList;
import java.util.List;

/**
 * The client side: sends extended CONNECT requests and, once the server answers 2xx, serves the
 * session's streams and datagrams as the server does. The request waits for the server's SETTINGS,
 * which say whether it speaks WebTransport and which draft.
 */
public final class WebTransportClient extends WebTransportEndpoint {
  /**
   * @param port the QUIC connection (ALPN {@code h3}) this client speaks through
   * @param listener who hears about sessions, streams and datagrams
   * @param config limits
   */
  public WebTransportClient(
      QuicConnectionPort port, WebTransportListener listener, WebTransportConfig config) {
    super(false, port, listener, config);
  }

  /**
   * Opens a session: a CONNECT request on a new bidirectional stream, sent as soon as the server's
   * SETTINGS have arrived. The listener hears {@link WebTransportListener#onSessionOpened} or
   * {@link WebTransportListener#onSessionRefused}.
   *
   * @param authority host and port of the server, as in the URL
   * @param path the path and query, e.g. {@code /moq}
   * @param origin the page's origin a browser would send, or "" for none
   * @return the session, {@link WebTransportSession.State#CONNECTING} until the response
   */
  public WebTransportSession connect(String authority, String path, String origin) {
    if (connection.isClosed()) {
      throw new IllegalStateException("connection closed");
    }
    long streamId = connection.port().openBidirectionalStream();
    WebTransportSession session =
        new WebTransportSession(connection, streamId, authority, path, origin);
    connection.sessions().add(session);
    connection.replaceHandler(streamId, new ConnectStream(connection, streamId, session));
    connection.whenPeerSettings(() -> sendRequest(session));
    return session;
  }

  private void sendRequest(WebTransportSession session) {
    WebTransportDraft draft = connection.negotiatedDraft();
    if (draft == null) {
      // The server's SETTINGS do not offer WebTransport: nothing was sent on the stream yet.
      connection.port().resetStream(session.id(), Http3ErrorCode.H3_REQUEST_CANCELLED);
      connection.removeHandler(session.id());
      session.onRefused(0);
      return;
    }
    List<HeaderField> request = new ArrayList<>();
    request.add(new HeaderField(":method", "CONNECT"));
    request.add(new HeaderField(":scheme", "https"));
    request.add(new HeaderField(":authority", session.authority()));
    request.add(new HeaderField(":path", session.path()));
    request.add(new HeaderField(":protocol", "webtransport"));
    if (draft == WebTransportDraft.DRAFT_02) {
      request.add(new HeaderField("sec-webtransport-http3-draft02", "1"));
    }
    if (!session.origin().isEmpty()) {
      request.add(new HeaderField("origin", session.origin()));
    }
    connection.writeHeaders(session.id(), request, false);
  }
}
