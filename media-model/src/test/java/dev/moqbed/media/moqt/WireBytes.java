package dev.moqbed.media.moqt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.SessionError;
import org.junit.jupiter.api.function.Executable;

/** Test helpers: hex byte literals and typed-error assertions. */
public final class WireBytes {
  private WireBytes() {}

  /**
   * Bytes from hex pairs; whitespace and {@code |} separators are ignored, so expected frames can
   * be laid out one field per group.
   */
  public static byte[] hex(String text) {
    String digits = text.replaceAll("[\\s|]", "");
    if (digits.length() % 2 != 0) {
      throw new IllegalArgumentException("odd number of hex digits: " + text);
    }
    byte[] out = new byte[digits.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  /** Concatenation of byte arrays. */
  public static byte[] concat(byte[]... parts) {
    int total = 0;
    for (byte[] part : parts) {
      total += part.length;
    }
    byte[] out = new byte[total];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, out, at, part.length);
      at += part.length;
    }
    return out;
  }

  /** Asserts a PROTOCOL_VIOLATION with the given problem and returns it. */
  public static MoqtProtocolException assertViolation(
      MoqtProtocolException.Problem problem, Executable action) {
    MoqtProtocolException error = assertThrows(MoqtProtocolException.class, action);
    assertEquals(SessionError.PROTOCOL_VIOLATION, error.sessionError(), error.getMessage());
    assertEquals(problem, error.problem(), error.getMessage());
    return error;
  }
}
