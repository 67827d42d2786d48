package dev.moqbed.webtransport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.util.HexFormat;
import org.junit.jupiter.api.function.Executable;

/** Byte vectors written as hexadecimal text, as RFCs print them, and error assertions. */
public final class Hex {
  private Hex() {}

  /** The bytes of a hexadecimal string; spaces are ignored. */
  public static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex.replace(" ", ""));
  }

  /** Lower-case hexadecimal of {@code bytes}, without separators. */
  public static String text(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  /** Asserts that {@code action} fails with an {@link Http3Exception} of {@code errorCode}. */
  public static Http3Exception assertHttp3Error(long errorCode, Executable action) {
    Http3Exception error = assertThrows(Http3Exception.class, action);
    assertEquals(
        Http3ErrorCode.name(errorCode),
        Http3ErrorCode.name(error.errorCode()),
        () -> "error: " + error.getMessage());
    return error;
  }
}
