package dev.moqbed.live.bulk;

import dev.moqbed.live.stack.LiveConnection;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportListener;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * A client of a {@link BulkSource} that, {@code delayMicros} after it is asked to {@link #start},
 * connects, sends a request on a bidirectional stream as soon as the handshake is done and reads
 * the answer to its end: quicperf's batch download, the fairness scenarios' bulk flow, on real
 * QUIC. Its completion time is measured here, on the loops' clock, from the start of its handshake
 * to the answer's last byte, as the simulator measures its background client from its start time
 * (when picoquic_ns creates the connection) to its close. Connecting only then is {@link
 * LateConnect}'s job.
 */
public final class BulkDownload implements AutoCloseable {
  private final LateConnect client;
  private final long requestBytes;
  private final long expectedBytes;
  private final CompletableFuture<Long> done = new CompletableFuture<>();
  private volatile long finishedMicros = -1;
  private volatile long bytesSoFar;

  private BulkDownload(
      LiveStack stack,
      InetSocketAddress source,
      ClientTrust trust,
      long requestBytes,
      long expectedBytes) {
    this.requestBytes = requestBytes;
    this.expectedBytes = expectedBytes;
    this.client = new LateConnect(stack, source, trust);
  }

  /**
   * A download from the source at {@code source}; connects nothing before {@link #start}.
   *
   * @param requestBytes the request's size (quicperf's post size, at least 1)
   * @param expectedBytes the answer's size the source was given: a download is complete when that
   *     many bytes and the stream's end arrived
   */
  public static BulkDownload of(
      LiveStack stack,
      InetSocketAddress source,
      ClientTrust trust,
      long requestBytes,
      long expectedBytes) {
    if (expectedBytes <= 0) {
      throw new IllegalArgumentException("a bulk download needs a positive size");
    }
    if (requestBytes < 1 || requestBytes > BulkSource.MAX_REQUEST_BYTES) {
      throw new IllegalArgumentException(
          "a bulk download's request must be 1.." + BulkSource.MAX_REQUEST_BYTES + " bytes");
    }
    return new BulkDownload(stack, source, trust, requestBytes, expectedBytes);
  }

  /**
   * Connects {@code delayMicros} from now and asks at once; a failed handshake ends the download
   * with nothing received.
   */
  public void start(long delayMicros) {
    client.start(
        delayMicros,
        opened -> {
          opened.transport().setListener(new Closing());
          begin(opened);
        },
        failure -> done.complete(0L));
  }

  /**
   * Completes with the bytes received once the answer ended, was reset or the connection closed.
   */
  public CompletableFuture<Long> done() {
    return done;
  }

  /** When the download began (its handshake), on the loops' clock; -1 before. */
  public long startedMicros() {
    return client.startedMicros();
  }

  /** When the whole answer had arrived, on the loops' clock; -1 before or when it never did. */
  public long finishedMicros() {
    return finishedMicros;
  }

  /** The answer's bytes received so far (what a run cut short did get through). */
  public long bytesSoFar() {
    return bytesSoFar;
  }

  /** From the handshake's start to the answer's last byte; -1 when it did not complete. */
  public long completionMicros() {
    long began = startedMicros();
    long ended = finishedMicros;
    return began >= 0 && ended >= began ? ended - began : -1;
  }

  private void begin(LiveConnection opened) {
    if (!opened.transport().isOpen()) {
      done.complete(0L);
      return;
    }
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
