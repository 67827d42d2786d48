package dev.moqbed.webtransport.qpack;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Encodes field sections with the static table only (RFC 9204 §4.5): each line as a static index
 * when the table holds it whole, as a literal with a static name reference when it holds the name,
 * and as a literal name and value otherwise. The Required Insert Count is always 0, so no decoder
 * ever blocks on this encoder, and nothing is ever sent on the encoder stream. Strings are sent as
 * they are, without Huffman coding: the sections are a few short lines, where Huffman would save a
 * handful of bytes per session.
 */
public final class QpackEncoder {
  private QpackEncoder() {}

  /**
   * The encoded field section of {@code fields}, in order.
   *
   * @throws IllegalArgumentException for a name with an upper-case letter or any character outside
   *     one byte (HTTP/3 names are lower case; values are bytes)
   */
  public static byte[] encode(List<HeaderField> fields) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(64);
    // Required Insert Count 0, then Delta Base 0 with its sign bit clear.
    out.write(0);
    out.write(0);
    for (HeaderField field : fields) {
      checkName(field.name());
      int index = QpackStaticTable.indexOf(field);
      if (index >= 0) {
        // Indexed field line, static table: 1 T=1 index(6).
        PrefixedInteger.write(out, 0xc0, 6, index);
        continue;
      }
      int nameIndex = QpackStaticTable.indexOfName(field.name());
      if (nameIndex >= 0) {
        // Literal with name reference: 01 N=0 T=1 index(4).
        PrefixedInteger.write(out, 0x50, 4, nameIndex);
      } else {
        // Literal with literal name: 001 N=0 H=0 length(3), then the name.
        writeString(out, 0x20, 3, field.name());
      }
      writeString(out, 0x00, 7, field.value());
    }
    return out.toByteArray();
  }

  private static void writeString(ByteArrayOutputStream out, int flags, int prefixBits, String s) {
    byte[] bytes = latin1(s);
    PrefixedInteger.write(out, flags, prefixBits, bytes.length);
    out.write(bytes, 0, bytes.length);
  }

  private static byte[] latin1(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) > 0xff) {
        throw new IllegalArgumentException("field text is not one byte per character: " + text);
      }
    }
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static void checkName(String name) {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("empty field name");
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        throw new IllegalArgumentException("field name with upper case: " + name);
      }
    }
  }
}
