package dev.moqbed.live.bulk;

import dev.moqbed.live.stack.LiveConnection;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import dev.moqbed.session.transport.TransportListener;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * A client of a {@link BulkSink} that, {@code delayMicros} after it is asked to {@link #start},
 * connects ({@link LateConnect}: at the flow's start time, as picoquic_ns creates a background
 * connection) and writes {@code bytes} on one unidirectional stream as fast as its controller lets
 * it, then ends the stream: quicperf's batch upload ({@code =b1:10000000:128;}) on real QUIC. It
 * writes only while the stream is writable, so what waits stays in QUIC's own send buffer.
 */
public final class BulkUpload implements AutoCloseable {
  /** The ALPN of the bulk connection, so it can never be mistaken for a MoQT session. */
  public static final String ALPN = "moqbed-bulk";

  private static final int CHUNK_BYTES = 16 * 1024;

  private final LateConnect client;
  private final long bytes;
  private long written;
  private SendStream stream;

  private BulkUpload(LiveStack stack, InetSocketAddress sink, ClientTrust trust, long bytes) {
    this.bytes = bytes;
    this.client = new LateConnect(stack, sink, trust);
  }

  /** An upload to the sink at {@code sink}; connects nothing before {@link #start}. */
  public static BulkUpload of(
      LiveStack stack, InetSocketAddress sink, ClientTrust trust, long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("a bulk upload needs a positive size");
    }
    return new BulkUpload(stack, sink, trust, bytes);
  }

  /**
   * Connects {@code delayMicros} from now and starts writing once the handshake is done; a failed
   * handshake uploads nothing (the sink's count says so).
   */
  public void start(long delayMicros) {
    client.start(
        delayMicros,
        opened -> {
          opened.transport().setListener(new Ignoring(opened));
          begin(opened);
        },
        failure -> {});
  }

  /** When the upload began (its handshake), on the loops' clock; -1 before. */
  public long startedMicros() {
    return client.startedMicros();
  }

  /**
   * Opens the stream and writes; when the peer's stream limit is not known yet (quiche's right
   * after its handshake), {@link Ignoring#onUnidirectionalStreamCredit} calls again.
   */
  private void begin(LiveConnection opened) {
    if (stream != null
        || !opened.transport().isOpen()
        || !opened.transport().canOpenUnidirectionalStream()) {
      return;
    }
    stream = opened.transport().openUnidirectionalStream(0);
    stream.setListener(
        new SendStreamListener() {
          @Override
          public void onStopSending(long errorCode) {
            written = bytes; // the sink refused it: stop writing
          }

          @Override
          public void onWritable() {
            fill();
          }
        });
    fill();
  }

  /** Writes while the stream takes more, then ends it once every byte is written. */
  private void fill() {
    while (written < bytes && !stream.isClosed() && stream.isWritable()) {
      int size = (int) Math.min(CHUNK_BYTES, bytes - written);
      stream.write(ByteBuffer.allocate(size));
      written += size;
      if (written == bytes) {
        stream.finish();
      }
    }
  }

  @Override
  public void close() {
    client.close();
  }

  /** The sink sends nothing the upload needs; its stream credit starts a waiting upload. */
  private final class Ignoring implements TransportListener {
    private final LiveConnection opened;

    Ignoring(LiveConnection opened) {
      this.opened = opened;
    }

    @Override
    public void onUnidirectionalStreamCredit() {
      begin(opened);
    }

    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {
      stream.receive().stopSending(0);
    }

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {
      stream.stopSending(0);
    }

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {}
  }
}
