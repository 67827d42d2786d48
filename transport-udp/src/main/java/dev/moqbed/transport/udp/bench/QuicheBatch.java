package dev.moqbed.transport.udp.bench;

import dev.moqbed.netty.NettyConnection;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * quicperf's batch download on quiche's side (a {@link NettyConnection}), the same bytes as the
 * project's {@code BatchClient} and {@code BatchServer}: the client sends a 397-byte request whose
 * first 8 bytes (big-endian) are the response size, then FIN; the server answers on that stream
 * with that many bytes and FIN.
 */
final class QuicheBatch {
  static final int REQUEST_BYTES = 397;
  private static final int CHUNK_BYTES = 64 * 1024;

  private QuicheBatch() {}

  static byte[] request(long responseBytes) {
    byte[] request = new byte[REQUEST_BYTES];
    for (int i = 0; i < 8; i++) {
      request[i] = (byte) (responseBytes >>> (8 * (7 - i)));
    }
    return request;
  }

  /**
   * The client: sends the request on connect, counts the response, times it, and closes the
   * connection (application code 0) once the response has ended.
   */
  static final class Client implements TransportListener {
    final CompletableFuture<Long> done = new CompletableFuture<>();
    private final long expected;
    private long received;
    private long requestNanos;

    Client(long expected) {
      this.expected = expected;
    }

    /** Runs on the client's loop once connected. */
    void start(NettyConnection connection) {
      connection.setListener(this);
      BidirectionalStream stream = connection.openBidirectionalStream();
      stream
          .receive()
          .setListener(
              new ReceiveStreamListener() {
                @Override
                public void onData(ByteBuffer bytes) {
                  received += bytes.remaining();
                }

                @Override
                public void onFinished() {
                  long micros = (System.nanoTime() - requestNanos) / 1_000;
                  connection.close(0, "done");
                  if (received == expected) {
                    done.complete(micros);
                  } else {
                    done.completeExceptionally(
                        new IllegalStateException("received " + received + " of " + expected));
                  }
                }

                @Override
                public void onReset(long errorCode) {
                  done.completeExceptionally(new IllegalStateException("reset " + errorCode));
                }
              });
      requestNanos = System.nanoTime();
      stream.send().write(ByteBuffer.wrap(request(expected)));
      stream.send().finish();
    }

    long receivedBytes() {
      return received;
    }

    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {}

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {}

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
      done.completeExceptionally(new IllegalStateException("closed: " + reason));
    }
  }

  /**
   * The server of one connection: answers each request, writing while the stream is writable (so
   * quiche's buffer holds at most what its flow and congestion control let through, not the whole
   * response). quiche's figures are read when the last byte was handed to it: once closed, Netty no
   * longer reports them.
   */
  static final class Server implements TransportListener {
    private final NettyConnection connection;
    volatile PathStats lastStats = PathStats.UNKNOWN;

    Server(NettyConnection connection) {
      this.connection = connection;
      connection.setListener(this);
    }

    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {
      ByteBuffer header = ByteBuffer.allocate(8);
      stream
          .receive()
          .setListener(
              new ReceiveStreamListener() {
                @Override
                public void onData(ByteBuffer bytes) {
                  while (header.hasRemaining() && bytes.hasRemaining()) {
                    header.put(bytes.get());
                  }
                }

                @Override
                public void onFinished() {
                  long size = header.hasRemaining() ? 0 : header.flip().getLong();
                  new Response(stream.send(), size).run();
                }

                @Override
                public void onReset(long errorCode) {}
              });
    }

    /** Writes a response in chunks as the stream turns writable. */
    private final class Response implements SendStreamListener, Runnable {
      private final SendStream stream;
      private long remaining;

      Response(SendStream stream, long size) {
        this.stream = stream;
        this.remaining = size;
        stream.setListener(this);
      }

      @Override
      public void run() {
        while (remaining > 0 && stream.isWritable()) {
          int chunk = (int) Math.min(remaining, CHUNK_BYTES);
          stream.write(ByteBuffer.allocate(chunk));
          remaining -= chunk;
        }
        if (remaining == 0 && !stream.isClosed()) {
          stream.finish();
          lastStats = connection.pathStats();
        }
      }

      @Override
      public void onWritable() {
        run();
      }

      @Override
      public void onStopSending(long errorCode) {
        remaining = 0;
      }
    }

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {}

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {}
  }
}
