package dev.moqbed.live.bulk;

import dev.moqbed.live.stack.LiveConnection;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerEndpoint;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import dev.moqbed.session.transport.TransportListener;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * The serving end of a {@link BulkDownload}: a QUIC server that answers a request on a
 * bidirectional stream with a fixed number of bytes on the same stream, as fast as its controller
 * lets it, then ends the stream: quicperf's batch download ({@code =b1:*1:397:15000000;}) on real
 * QUIC, the bulk flow of the fairness scenarios. The size is the server's, not the peer's to
 * choose, and a connection gets one answer: any further stream, and a request longer than {@link
 * #MAX_REQUEST_BYTES}, is refused, so a peer cannot make it send more than one download's bytes.
 */
public final class BulkSource implements AutoCloseable {
  /** The longest request the source reads (quicperf's is 397 bytes). */
  static final int MAX_REQUEST_BYTES = 64 * 1024;

  private static final int CHUNK_BYTES = 16 * 1024;

  private final ServerEndpoint server;
  private final long bytes;

  private BulkSource(
      LiveStack stack, InetSocketAddress address, ServerCertificate certificate, long bytes)
      throws IOException {
    this.bytes = bytes;
    this.server = stack.listen(address, certificate, BulkUpload.ALPN, this::accept);
  }

  /**
   * Listens on {@code address} (port 0: any free one) and answers each connection's request with
   * {@code bytes}.
   */
  public static BulkSource start(
      LiveStack stack, InetSocketAddress address, ServerCertificate certificate, long bytes)
      throws IOException {
    if (bytes <= 0) {
      throw new IllegalArgumentException("a bulk download needs a positive size");
    }
    return new BulkSource(stack, address, certificate, bytes);
  }

  public InetSocketAddress address() {
    return server.localAddress();
  }

  private void accept(LiveConnection connection) {
    boolean[] answered = new boolean[1];
    connection
        .transport()
        .setListener(
            new TransportListener() {
              @Override
              public void onBidirectionalStream(BidirectionalStream stream) {
                if (answered[0]) {
                  refuse(connection, "one bulk download per connection");
                  return;
                }
                answered[0] = true;
                stream.receive().setListener(new Request(connection, stream));
              }

              @Override
              public void onUnidirectionalStream(ReceiveStream stream) {
                stream.stopSending(0);
              }

              @Override
              public void onDatagram(ByteBuffer payload) {}

              @Override
              public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {}
            });
  }

  /**
   * Ends a connection that broke the download's rules, with a reason the peer can log: closing is
   * what leaves it nothing to hold on to (a stream reset would leave the connection open).
   */
  private static void refuse(LiveConnection connection, String reason) {
    if (connection.transport().isOpen()) {
      connection.transport().close(REFUSED, reason);
    }
  }

  /** The application error code of a refused connection. */
  static final long REFUSED = 1;

  /** Reads the request to its end, then sends the answer on the same stream. */
  private final class Request implements ReceiveStreamListener {
    private final LiveConnection connection;
    private final BidirectionalStream stream;
    private long requestBytes;
    private long written;

    Request(LiveConnection connection, BidirectionalStream stream) {
      this.connection = connection;
      this.stream = stream;
    }

    @Override
    public void onData(ByteBuffer data) {
      requestBytes += data.remaining();
      data.position(data.limit());
      if (requestBytes > MAX_REQUEST_BYTES) {
        refuse(connection, "bulk request over " + MAX_REQUEST_BYTES + " bytes");
      }
    }

    @Override
    public void onFinished() {
      if (requestBytes > MAX_REQUEST_BYTES) {
        return;
      }
      SendStream send = stream.send();
      send.setListener(
          new SendStreamListener() {
            @Override
            public void onStopSending(long errorCode) {
              written = bytes; // the client gave up: stop writing
            }

            @Override
            public void onWritable() {
              fill(send);
            }
          });
      fill(send);
    }

    @Override
    public void onReset(long errorCode) {
      stream.send().reset(0);
    }

    /** Writes while the stream takes more, then ends it once every byte is written. */
    private void fill(SendStream send) {
      while (written < bytes && !send.isClosed() && send.isWritable()) {
        int size = (int) Math.min(CHUNK_BYTES, bytes - written);
        send.write(ByteBuffer.allocate(size));
        written += size;
        if (written == bytes) {
          send.finish();
        }
      }
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
