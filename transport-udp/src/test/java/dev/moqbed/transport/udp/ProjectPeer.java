package dev.moqbed.transport.udp;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.QuicConnection;
import java.util.concurrent.CompletableFuture;

/**
 * The project's end of an interop test with {@link QuichePeer}: once ready it sends a bidirectional
 * stream to be echoed, a second one the peer stops, a unidirectional stream, one it resets with
 * {@link #RESET_CODE}, and three DATAGRAMs.
 */
class ProjectPeer extends RecordingHandler {
  static final long RESET_CODE = 0x21;

  final byte[] request;
  final byte[] upload;
  final CompletableFuture<Long> stopSeen = new CompletableFuture<>();
  final CompletableFuture<Long> resetSeen = new CompletableFuture<>();

  ProjectPeer(byte[] request, byte[] upload) {
    this.request = request;
    this.upload = upload;
  }

  /** Sends everything; the client calls it once ready, the server once the peer's streams came. */
  void start(QuicConnection connection) {
    Loopback.writeAndFinish(connection, connection.openBidirectionalStream(9), request);
    long stopped = connection.openBidirectionalStream(9);
    connection.write(stopped, ByteSlice.of(new byte[5_000]));
    Loopback.writeAndFinish(connection, connection.openUnidirectionalStream(9), upload);
    long abandoned = connection.openUnidirectionalStream(9);
    connection.write(abandoned, ByteSlice.of(new byte[1_000]));
    connection.resetStream(abandoned, RESET_CODE);
    for (int i = 0; i < 3; i++) {
      byte[] datagram = Loopback.bytes(300 + i, 40 + i);
      connection.sendDatagram(DatagramPayload.of(datagram));
    }
  }

  @Override
  public void onStopSending(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {
    stopSeen.complete(errorCode);
  }

  @Override
  public void onStreamReset(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {
    resetSeen.complete(errorCode);
  }
}
