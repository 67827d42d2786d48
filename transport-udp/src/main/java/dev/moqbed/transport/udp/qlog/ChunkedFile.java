package dev.moqbed.transport.udp.qlog;

import dev.moqbed.transport.qlog.QlogSink;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * One qlog file as its connection's event loop fills it: records go into a chunk, and a full chunk
 * goes to the {@link QlogWriter}. Chunks start at {@link #FIRST_CHUNK_BYTES} and double up to
 * {@link #CHUNK_BYTES}, so a relay's thousand quiet connections hold 4 KiB each, a busy one 64 KiB.
 * A chunk the writer refuses is dropped whole, so the file keeps only complete records (JSON-SEQ
 * stays parseable) and loses a run of events where the disk fell behind; the records dropped are
 * counted. The text is qlog's JSON, which {@code JsonText} writes in ASCII, so a char is a byte.
 */
final class ChunkedFile implements QlogSink {
  /** 64 KiB: about 160 events per hand-over. */
  static final int CHUNK_BYTES = 64 << 10;

  /** The first chunk holds the header and the handshake's events. */
  static final int FIRST_CHUNK_BYTES = 4 << 10;

  private final Path path;
  private final QlogWriter writer;
  private final QlogFiles owner;
  private byte[] chunk = new byte[FIRST_CHUNK_BYTES];
  private int length;
  private int recordsInChunk;
  private boolean headerSent;
  private boolean closed;

  // The writer thread's, handed over with each task through its queue.
  OutputStream out;
  IOException failure;

  ChunkedFile(Path path, QlogWriter writer, QlogFiles owner) {
    this.path = path;
    this.writer = writer;
    this.owner = owner;
  }

  Path path() {
    return path;
  }

  @Override
  public void record(CharSequence json) {
    if (closed) {
      return;
    }
    int size = json.length() + 2;
    if (length + size > chunk.length) {
      handOver();
      if (size > chunk.length) {
        chunk = new byte[size]; // one record larger than a chunk: an ACK with very many ranges
      }
    }
    chunk[length++] = QlogSink.RECORD_SEPARATOR;
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      chunk[length++] = c < 0x80 ? (byte) c : (byte) '?';
    }
    chunk[length++] = '\n';
    recordsInChunk++;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    handOver();
    closed = true;
    writer.close(this);
  }

  private void handOver() {
    if (length == 0) {
      return;
    }
    if (writer.write(this, chunk, length, !headerSent)) {
      chunk = new byte[Math.min(CHUNK_BYTES, Math.max(FIRST_CHUNK_BYTES, 2 * chunk.length))];
    } else {
      owner.onDropped(recordsInChunk);
    }
    headerSent = true;
    length = 0;
    recordsInChunk = 0;
  }
}
