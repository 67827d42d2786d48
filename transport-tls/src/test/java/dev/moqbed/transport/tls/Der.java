package dev.moqbed.transport.tls;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/** Just enough DER (X.690) to write test certificates: the JDK can read them but not make them. */
final class Der {
  private Der() {}

  static byte[] sequence(byte[]... items) {
    return tagged(0x30, concat(items));
  }

  static byte[] set(byte[]... items) {
    return tagged(0x31, concat(items));
  }

  static byte[] integer(BigInteger value) {
    return tagged(0x02, value.toByteArray());
  }

  static byte[] bool(boolean value) {
    return tagged(0x01, new byte[] {(byte) (value ? 0xff : 0x00)});
  }

  static byte[] nullValue() {
    return new byte[] {0x05, 0x00};
  }

  static byte[] utf8(String text) {
    return tagged(0x0c, text.getBytes(StandardCharsets.UTF_8));
  }

  /** UTCTime, YYMMDDHHMMSSZ: enough for dates before 2050. */
  static byte[] utcTime(String yymmddhhmmss) {
    return tagged(0x17, (yymmddhhmmss + "Z").getBytes(StandardCharsets.US_ASCII));
  }

  static byte[] octetString(byte[] content) {
    return tagged(0x04, content);
  }

  /** A BIT STRING of whole bytes (no unused bits). */
  static byte[] bitString(byte[] content) {
    byte[] body = new byte[content.length + 1];
    System.arraycopy(content, 0, body, 1, content.length);
    return tagged(0x03, body);
  }

  /** [number] EXPLICIT, constructed. */
  static byte[] explicit(int number, byte[] content) {
    return tagged(0xa0 | number, content);
  }

  /** [number] IMPLICIT, primitive (a GeneralName's dNSName or iPAddress). */
  static byte[] implicitPrimitive(int number, byte[] content) {
    return tagged(0x80 | number, content);
  }

  static byte[] oid(String dotted) {
    String[] arcs = dotted.split("\\.");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(Integer.parseInt(arcs[0]) * 40 + Integer.parseInt(arcs[1]));
    for (int i = 2; i < arcs.length; i++) {
      long arc = Long.parseLong(arcs[i]);
      int groups = 1;
      while ((arc >> (7 * groups)) != 0) {
        groups++;
      }
      for (int g = groups - 1; g >= 0; g--) {
        int bits = (int) ((arc >> (7 * g)) & 0x7f);
        out.write(g == 0 ? bits : bits | 0x80);
      }
    }
    return tagged(0x06, out.toByteArray());
  }

  static byte[] tagged(int tag, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    int length = content.length;
    if (length < 0x80) {
      out.write(length);
    } else {
      int bytes = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
      out.write(0x80 | bytes);
      for (int i = bytes - 1; i >= 0; i--) {
        out.write(length >> (8 * i));
      }
    }
    out.writeBytes(content);
    return out.toByteArray();
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
