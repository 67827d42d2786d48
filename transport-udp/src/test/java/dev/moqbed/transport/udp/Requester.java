package dev.moqbed.transport.udp;

import dev.moqbed.transport.quic.QuicConnection;

/**
 * A client that, once ready, sends {@code request} on one bidirectional stream and finishes it:
 * what {@link UdpEndpointNetworkTest.EchoServer} answers.
 */
class Requester extends RecordingHandler {
  final byte[] request;

  Requester(byte[] request) {
    this.request = request;
  }

  @Override
  public void onReady(QuicConnection connection, long nowMicros) {
    super.onReady(connection, nowMicros);
    Loopback.writeAndFinish(connection, connection.openBidirectionalStream(9), request);
  }
}
