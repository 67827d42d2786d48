package dev.moqbed.live.bulk;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveConnection;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportListener;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * A client that connects to a {@link BulkSource} and, {@code startDelayMicros} after it is asked to
 * {@link #start}, sends a request on a bidirectional stream and reads the answer to its end:
 * quicperf's batch download, the fairness scenarios' bulk flow, on real QUIC. Its completion time
 * is measured here, on the client's loop, from the request to the answer's last byte, as the
 * simulator measures its background client from its start to its close.
 */
public final class BulkDownload implements AutoCloseable {
  private final ClientEndpoint client;
  private final LiveConnection[] connection = new LiveConnection[1];
  private final long requestBytes;
  private final long expectedBytes;
  private final CompletableFuture<Long> done = new CompletableFuture<>();
  private volatile long startedMicros = -1;
  private volatile long finishedMicros = -1;
  private volatile long bytesSoFar;

  private BulkDownload(
      LiveStack stack,
      InetSocketAddress source,
      ClientTrust trust,
      long requestBytes,
      long expectedBytes)
      throws IOException {
    this.requestBytes = requestBytes;
    this.expectedBytes = expectedBytes;
    this.client =
        stack.connect(
            source,
            "localhost",
            trust,
            BulkUpload.ALPN,
            opened -> {
              connection[0] = opened;
              opened.transport().setListener(new Closing());
            },
            null);
  }

  /**
   * Connects to the source at {@code source} (handshake done on return); asks for nothing yet.
   *
   * @param requestBytes the request's size (quicperf's post size, at least 1)
   * @param expectedBytes the answer's size the source was given: a download is complete when that
   *     many bytes and the stream's end arrived
   */
  public static BulkDownload connect(
      LiveStack stack,
      InetSocketAddress source,
      ClientTrust trust,
      long requestBytes,
      long expectedBytes)
      throws IOException {
    if (expectedBytes <= 0) {
      throw new IllegalArgumentException("a bulk download needs a positive size");
    }
    if (requestBytes < 1 || requestBytes > BulkSource.MAX_REQUEST_BYTES) {
      throw new IllegalArgumentException(
          "a bulk download's request must be 1.." + BulkSource.MAX_REQUEST_BYTES + " bytes");
    }
    return new BulkDownload(stack, source, trust, requestBytes, expectedBytes);
  }

  /** Sends the request {@code delayMicros} from now, on the connection's loop. */
  public void start(long delayMicros) {
    LiveConnection opened = connection[0];
    opened.scheduler().scheduleAfter(Math.max(0, delayMicros), () -> begin(opened));
  }

  /**
   * Completes with the bytes received once the answer ended, was reset or the connection closed.
   */
  public CompletableFuture<Long> done() {
    return done;
  }

  /** When the request was sent, on the loops' clock; -1 before. */
  public long startedMicros() {
    return startedMicros;
  }

  /** When the whole answer had arrived, on the loops' clock; -1 before or when it never did. */
  public long finishedMicros() {
    return finishedMicros;
  }

  /** The answer's bytes received so far (what a run cut short did get through). */
  public long bytesSoFar() {
    return bytesSoFar;
  }

  /** From the request to the answer's last byte; -1 when the download did not complete. */
  public long completionMicros() {
    long began = startedMicros;
    long ended = finishedMicros;
    return began >= 0 && ended >= began ? ended - began : -1;
  }

  private void begin(LiveConnection opened) {
    if (!opened.transport().isOpen()) {
      done.complete(0L);
      return;
    }
    startedMicros = opened.scheduler().nowMicros();
    BidirectionalStream stream = opened.transport().openBidirectionalStream();
    stream
        .receive()
        .setListener(
            new ReceiveStreamListener() {
              @Override
              public void onData(ByteBuffer data) {
                bytesSoFar += data.remaining();
                data.position(data.limit());
              }

              @Override
              public void onFinished() {
                if (bytesSoFar == expectedBytes) {
                  finishedMicros = opened.scheduler().nowMicros();
                }
                done.complete(bytesSoFar);
              }

              @Override
              public void onReset(long errorCode) {
                done.complete(bytesSoFar);
              }
            });
    SendStream request = stream.send();
    request.write(ByteBuffer.allocate((int) requestBytes));
    request.finish();
  }

  @Override
  public void close() {
    client.close();
    done.complete(bytesSoFar);
  }

  /** The source sends nothing else the download needs; its end ends the download. */
  private final class Closing implements TransportListener {
    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {
      stream.receive().stopSending(0);
      stream.send().reset(0);
    }

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {
      stream.stopSending(0);
    }

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
      done.complete(bytesSoFar);
    }
  }
}
