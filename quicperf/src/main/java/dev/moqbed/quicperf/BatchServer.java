package dev.moqbed.quicperf;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import java.util.HashMap;
import java.util.Map;

/**
 * The server side of quicperf batch transfers: on each client stream it reads the requested
 * response size from the first 8 bytes, takes the whole request, then answers with that many bytes
 * and a FIN. quicperf starts answering as soon as the size is known; the answer waits for the
 * request's FIN here only when the request has not finished arriving, which changes nothing for
 * downloads (397-byte requests) and matches quicperf for uploads (it answers after the post).
 *
 * <p>For media requests, unlimited responses and several items, use {@link QuicperfServer}.
 */
public final class BatchServer implements ConnectionHandler {
  private static final int WRITE_CHUNK_BYTES = 1 << 20;

  private final Map<Long, RequestReader> requests = new HashMap<>();
  private long receivedBytes;

  @Override
  public void onStreamData(
      QuicConnection connection,
      long nowMicros,
      long streamId,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {
    receivedBytes += length;
    RequestReader reader = requests.computeIfAbsent(streamId, id -> new RequestReader());
    reader.accept(offset, length, data);
    if (fin) {
      requests.remove(streamId);
      long remaining = reader.isComplete() ? Math.max(0, reader.responseBytes()) : 0;
      while (remaining > 0) {
        int chunk = (int) Math.min(remaining, WRITE_CHUNK_BYTES);
        connection.writeCount(streamId, chunk);
        remaining -= chunk;
      }
      connection.finish(streamId);
    }
  }

  /** Request bytes received, all streams together. */
  public long receivedBytes() {
    return receivedBytes;
  }
}
