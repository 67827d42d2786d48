package dev.moqbed.quicperf;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;

/**
 * The client side of a quicperf batch transfer ({@code =b1:POST:RESPONSE}): once the connection is
 * ready it opens one bidirectional stream, posts {@code postBytes} (the first 8 encoding the
 * response size) and waits for the whole response; then it closes the connection with application
 * error 0, as quicperf does when its last stream completes. Set {@code postBytes} large for an
 * upload, {@code responseBytes} large for a download. {@link QuicperfClient} runs whole scenarios
 * (several items, repeats, chaining, media); this class is the single-download case without a
 * scheduler.
 */
public final class BatchClient implements ConnectionHandler {
  private static final int WRITE_CHUNK_BYTES = 1 << 20;

  private final long postBytes;
  private final long responseBytes;
  private long receivedBytes;
  private long completedMicros = -1;
  private long closedMicros = -1;
  private long streamId = -1;

  public BatchClient(long postBytes, long responseBytes) {
    if (postBytes < BatchRequest.HEADER_BYTES) {
      throw new IllegalArgumentException("a batch request needs at least 8 bytes");
    }
    this.postBytes = postBytes;
    this.responseBytes = responseBytes;
  }

  @Override
  public void onReady(QuicConnection connection, long nowMicros) {
    if (streamId >= 0) {
      return;
    }
    streamId = connection.openBidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
    ByteSlice header = BatchRequest.header(responseBytes);
    connection.write(streamId, header);
    long remaining = postBytes - header.length();
    while (remaining > 0) {
      int chunk = (int) Math.min(remaining, WRITE_CHUNK_BYTES);
      connection.writeCount(streamId, chunk);
      remaining -= chunk;
    }
    connection.finish(streamId);
  }

  @Override
  public void onStreamData(
      QuicConnection connection,
      long nowMicros,
      long id,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {
    if (id != streamId) {
      return;
    }
    receivedBytes += length;
    if (fin) {
      completedMicros = nowMicros;
      connection.close(0, true);
    }
  }

  @Override
  public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
    closedMicros = nowMicros;
  }

  /** Response bytes received so far. */
  public long receivedBytes() {
    return receivedBytes;
  }

  /** When the last response byte arrived, -1 before. */
  public long completedMicros() {
    return completedMicros;
  }

  /** When the connection closed ("disconnected": the draft's completion time), -1 before. */
  public long closedMicros() {
    return closedMicros;
  }
}
