package dev.moqbed.live.stack;

import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.session.QuicTransportConnection;
import dev.moqbed.transport.session.WebTransportQuicHandler;
import dev.moqbed.webtransport.session.WebTransportConfig;
import java.util.function.Consumer;

/**
 * The handler of a connection a relay accepted while it offers two application protocols on one
 * port: at the connection's first event, when TLS has chosen, it hands the connection to MoQT over
 * raw QUIC ({@code moq-00}) or to HTTP/3 and WebTransport ({@code h3}), which take every event from
 * then on. A connection that reaches neither (no ALPN yet) is MoQT's, as before.
 */
final class AlpnDispatch implements ConnectionHandler {
  /** HTTP/3's ALPN (RFC 9114 §3.1). */
  static final String HTTP3 = "h3";

  private final String peerName;
  private final WebTransportConfig webTransport;
  private final EventLoopScheduler loop;
  private final Consumer<LiveConnection> onConnection;
  private ConnectionHandler chosen;

  AlpnDispatch(
      String peerName,
      WebTransportConfig webTransport,
      EventLoopScheduler loop,
      Consumer<LiveConnection> onConnection) {
    this.peerName = peerName;
    this.webTransport = webTransport;
    this.loop = loop;
    this.onConnection = onConnection;
  }

  private ConnectionHandler chosen(QuicConnection quic) {
    if (chosen != null) {
      return chosen;
    }
    if (quic.applicationProtocol().filter(HTTP3::equals).isPresent()) {
      chosen =
          WebTransportQuicHandler.server(
              quic,
              peerName,
              webTransport,
              session -> onConnection.accept(new LiveConnection(session, loop)));
    } else {
      QuicTransportConnection transport = new QuicTransportConnection(quic, peerName);
      transport.whenReady(() -> onConnection.accept(new LiveConnection(transport, loop)));
      chosen = transport;
    }
    return chosen;
  }

  @Override
  public void onReady(QuicConnection connection, long nowMicros) {
    chosen(connection).onReady(connection, nowMicros);
  }

  @Override
  public void onStreamData(
      QuicConnection connection,
      long nowMicros,
      long streamId,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {
    chosen(connection).onStreamData(connection, nowMicros, streamId, offset, length, data, fin);
  }

  @Override
  public void onStreamBytesSent(
      QuicConnection connection, long nowMicros, long streamId, long sentBytes) {
    chosen(connection).onStreamBytesSent(connection, nowMicros, streamId, sentBytes);
  }

  @Override
  public void onStreamCredit(QuicConnection connection, long nowMicros, boolean bidirectional) {
    chosen(connection).onStreamCredit(connection, nowMicros, bidirectional);
  }

  @Override
  public void onSendStreamRetired(QuicConnection connection, long streamId) {
    chosen(connection).onSendStreamRetired(connection, streamId);
  }

  @Override
  public void onStopSending(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {
    chosen(connection).onStopSending(connection, nowMicros, streamId, errorCode);
  }

  @Override
  public void onStreamReset(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {
    chosen(connection).onStreamReset(connection, nowMicros, streamId, errorCode);
  }

  @Override
  public void onDatagram(QuicConnection connection, long nowMicros, DatagramPayload payload) {
    chosen(connection).onDatagram(connection, nowMicros, payload);
  }

  @Override
  public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
    chosen(connection).onClosed(connection, nowMicros, errorCode);
  }
}
