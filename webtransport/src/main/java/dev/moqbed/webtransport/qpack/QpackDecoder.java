package dev.moqbed.webtransport.qpack;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes field sections of a peer that was told the dynamic table has capacity 0
 * (SETTINGS_QPACK_MAX_TABLE_CAPACITY absent): static references, literals, and Huffman-coded
 * strings, which browsers send. Any reference to the dynamic table, and a non-zero Required Insert
 * Count, is the peer's error (RFC 9204 §2.2.3, §4.5.1.1). The decoded section's size is bounded
 * while it is decoded, so a small compressed section cannot expand past the limit.
 */
public final class QpackDecoder {
  private final long maxSectionSize;

  /**
   * @param maxSectionSize the largest decoded section accepted, counted as RFC 9114 §4.2.2 counts
   *     (name and value bytes plus 32 per line); the value this endpoint advertises in
   *     SETTINGS_MAX_FIELD_SECTION_SIZE
   */
  public QpackDecoder(long maxSectionSize) {
    if (maxSectionSize < 1) {
      throw new IllegalArgumentException("maxSectionSize must be positive: " + maxSectionSize);
    }
    this.maxSectionSize = maxSectionSize;
  }

  /**
   * Decodes one encoded field section (the payload of a HEADERS frame).
   *
   * @throws Http3Exception QPACK_DECOMPRESSION_FAILED for a dynamic-table reference, an index past
   *     the static table or a truncated section; H3_EXCESSIVE_LOAD for a section larger than the
   *     limit
   */
  public List<HeaderField> decode(byte[] section) {
    ByteBuffer buffer = ByteBuffer.wrap(section);
    readPrefix(buffer);
    List<HeaderField> fields = new ArrayList<>();
    long size = 0;
    while (buffer.hasRemaining()) {
      HeaderField field = readLine(buffer, maxSectionSize - size);
      size += field.sectionSize();
      if (size > maxSectionSize) {
        throw new Http3Exception(
            Http3ErrorCode.H3_EXCESSIVE_LOAD, "field section larger than " + maxSectionSize);
      }
      fields.add(field);
    }
    return fields;
  }

  private static void readPrefix(ByteBuffer buffer) {
    long requiredInsertCount = PrefixedInteger.read(buffer, 8);
    if (requiredInsertCount != 0) {
      throw dynamicTable("Required Insert Count " + requiredInsertCount);
    }
    if (!buffer.hasRemaining()) {
      throw truncated();
    }
    boolean negativeDelta = (buffer.get(buffer.position()) & 0x80) != 0;
    PrefixedInteger.read(buffer, 7);
    if (negativeDelta) {
      // Base = Required Insert Count - Delta Base - 1 would be negative (RFC 9204 §4.5.1.2).
      throw new Http3Exception(
          Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, "negative base with no dynamic table");
    }
  }

  private static HeaderField readLine(ByteBuffer buffer, long budget) {
    int first = buffer.get(buffer.position()) & 0xff;
    if ((first & 0x80) != 0) {
      // Indexed field line: 1 T index(6).
      requireStatic(first & 0x40);
      return staticEntry(PrefixedInteger.read(buffer, 6));
    }
    if ((first & 0x40) != 0) {
      // Literal with name reference: 01 N T index(4), then the value.
      requireStatic(first & 0x10);
      String name = staticEntry(PrefixedInteger.read(buffer, 4)).name();
      return new HeaderField(name, readString(buffer, 7, budget - name.length()));
    }
    if ((first & 0x20) != 0) {
      // Literal with literal name: 001 N H length(3), the name, then the value.
      String name = readString(buffer, 3, budget);
      return new HeaderField(name, readString(buffer, 7, budget - name.length()));
    }
    // 0001 and 0000: references relative to the Base, which only the dynamic table has.
    throw dynamicTable("post-base reference");
  }

  /** A string literal: its H flag is the bit just above the length's prefix. */
  private static String readString(ByteBuffer buffer, int prefixBits, long budget) {
    if (!buffer.hasRemaining()) {
      throw truncated();
    }
    boolean huffman = (buffer.get(buffer.position()) & (1 << prefixBits)) != 0;
    long length = PrefixedInteger.read(buffer, prefixBits);
    if (length > buffer.remaining()) {
      throw truncated();
    }
    int start = buffer.position();
    buffer.position(start + (int) length);
    if (huffman) {
      return HuffmanCode.decode(buffer.array(), start, (int) length, Math.max(0, budget));
    }
    if (length > budget) {
      throw new Http3Exception(Http3ErrorCode.H3_EXCESSIVE_LOAD, "field section too large");
    }
    return new String(buffer.array(), start, (int) length, StandardCharsets.ISO_8859_1);
  }

  private static void requireStatic(int staticBit) {
    if (staticBit == 0) {
      throw dynamicTable("dynamic table index");
    }
  }

  private static HeaderField staticEntry(long index) {
    HeaderField entry = QpackStaticTable.entry(index);
    if (entry == null) {
      throw new Http3Exception(
          Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, "static index " + index + " past the table");
    }
    return entry;
  }

  private static Http3Exception dynamicTable(String what) {
    return new Http3Exception(
        Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, what + " with a dynamic table of capacity 0");
  }

  private static Http3Exception truncated() {
    return new Http3Exception(
        Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, "field section ends inside a field line");
  }
}
