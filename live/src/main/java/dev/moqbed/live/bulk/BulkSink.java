package dev.moqbed.live.bulk;

import dev.moqbed.live.stack.LiveConnection;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerEndpoint;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.TransportListener;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * The receiving end of a {@link BulkUpload}: a QUIC server that reads every unidirectional stream
 * to its end and counts the bytes. The first stream to finish completes {@link #received()} with
 * its byte count; a connection that closes first completes it with what had arrived. Anything else
 * a peer sends (bidirectional streams, datagrams) is refused or ignored: nothing is buffered.
 */
public final class BulkSink implements AutoCloseable {
  private final ServerEndpoint server;
  private final CompletableFuture<Long> received = new CompletableFuture<>();
  private volatile long finishedMicros = -1;
  private volatile long bytesSoFar;

  private BulkSink(LiveStack stack, InetSocketAddress address, ServerCertificate certificate)
      throws IOException {
    this.server = stack.listen(address, certificate, BulkUpload.ALPN, this::accept);
  }

  /** Listens on {@code address} (port 0: any free one). */
  public static BulkSink start(
      LiveStack stack, InetSocketAddress address, ServerCertificate certificate)
      throws IOException {
    return new BulkSink(stack, address, certificate);
  }

  public InetSocketAddress address() {
    return server.localAddress();
  }

  /** The bytes of the first upload, once its stream ended (or its connection closed). */
  public CompletableFuture<Long> received() {
    return received;
  }

  /** The bytes received so far on every stream (what a run cut short did get through). */
  public long bytesSoFar() {
    return bytesSoFar;
  }

  /** When the first upload ended, on the loops' clock; -1 before. */
  public long finishedMicros() {
    return finishedMicros;
  }

  private void finish(LiveConnection connection, long bytes) {
    if (finishedMicros < 0) {
      finishedMicros = connection.scheduler().nowMicros();
    }
    received.complete(bytes);
  }

  private void accept(LiveConnection connection) {
    long[] bytes = new long[1];
    connection
        .transport()
        .setListener(
            new TransportListener() {
              @Override
              public void onBidirectionalStream(BidirectionalStream stream) {
                stream.receive().stopSending(0);
                stream.send().reset(0);
              }

              @Override
              public void onUnidirectionalStream(ReceiveStream stream) {
                stream.setListener(
                    new ReceiveStreamListener() {
                      @Override
                      public void onData(ByteBuffer data) {
                        bytes[0] += data.remaining();
                        bytesSoFar += data.remaining();
                        data.position(data.limit());
                      }

                      @Override
                      public void onFinished() {
                        finish(connection, bytes[0]);
                      }

                      @Override
                      public void onReset(long errorCode) {
                        finish(connection, bytes[0]);
                      }
                    });
              }

              @Override
              public void onDatagram(ByteBuffer payload) {}

              @Override
              public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
                finish(connection, bytes[0]);
              }
            });
  }

  @Override
  public void close() {
    server.close();
  }
}
