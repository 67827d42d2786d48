package dev.moqbed.collect;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.moqbed.collect.v1.CollectRecord;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads {@link CollectRecord}s as protobuf's {@code writeDelimitedTo} writes them: a varint length,
 * then that many bytes. A length above the limit is refused before any of its bytes are read, so a
 * peer cannot make the collector hold more than one message of {@code maxMessageBytes}.
 */
final class DelimitedReader {
  private final InputStream in;
  private final int maxMessageBytes;

  DelimitedReader(InputStream in, int maxMessageBytes) {
    this.in = in;
    this.maxMessageBytes = maxMessageBytes;
  }

  /**
   * The next record, or null at a clean end of stream (between two records).
   *
   * @throws MalformedRecordException for an oversized length, a stream cut inside a record, or
   *     bytes that do not parse as a record
   */
  CollectRecord next() throws IOException {
    int first = in.read();
    if (first < 0) {
      return null;
    }
    long length = first & 0x7f;
    int shift = 7;
    int b = first;
    while ((b & 0x80) != 0) {
      if (shift > 28) {
        throw new MalformedRecordException("length prefix longer than 5 bytes");
      }
      b = in.read();
      if (b < 0) {
        throw new MalformedRecordException("stream ended inside a length prefix");
      }
      length |= (long) (b & 0x7f) << shift;
      shift += 7;
    }
    if (length > maxMessageBytes) {
      throw new MalformedRecordException(
          "message of " + length + " bytes is over the limit of " + maxMessageBytes);
    }
    byte[] bytes = in.readNBytes((int) length);
    if (bytes.length < length) {
      throw new MalformedRecordException(
          "stream ended inside a message (" + bytes.length + " of " + length + " bytes)");
    }
    try {
      return CollectRecord.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedRecordException("not a CollectRecord: " + e.getMessage());
    }
  }
}
