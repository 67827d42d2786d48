package dev.moqbed.webtransport.qpack;

import static dev.moqbed.webtransport.Hex.assertHttp3Error;
import static dev.moqbed.webtransport.Hex.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HuffmanCodeTest {
  /** Huffman-encodes {@code text} with the table under test, padding with ones. */
  static byte[] encode(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long bits = 0;
    int count = 0;
    for (byte b : text.getBytes(StandardCharsets.ISO_8859_1)) {
      int symbol = b & 0xff;
      bits = (bits << HuffmanCode.lengthOf(symbol)) | HuffmanCode.codeOf(symbol);
      count += HuffmanCode.lengthOf(symbol);
      while (count >= 8) {
        out.write((int) (bits >>> (count - 8)));
        count -= 8;
      }
    }
    if (count > 0) {
      out.write((int) ((bits << (8 - count)) | ((1 << (8 - count)) - 1)));
    }
    return out.toByteArray();
  }

  private static String decode(byte[] bytes) {
    return HuffmanCode.decode(bytes, 0, bytes.length, 10_000);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // RFC 7541 Appendix C.4 and C.6
        "www.example.com|f1e3 c2e5 f23a 6ba0 ab90 f4ff",
        "no-cache|a8eb 1064 9cbf",
        "custom-key|25a8 49e9 5ba9 7d7f",
        "custom-value|25a8 49e9 5bb8 e8b4 bf",
        "302|6402",
        "307|640e ff",
        "private|aec3 771a 4b",
        "gzip|9bd9 ab",
        "https://www.example.com|9d29 ad17 1863 c78f 0b97 c8e9 ae82 ae43 d3",
        "'Mon, 21 Oct 2013 20:13:21 GMT'|d07a be94 1054 d444 a820 0595 040b 8166 e082 a62d 1bff"
      })
  void shouldDecodeRfc7541Vectors(String text, String hex) {
    assertEquals(text, decode(bytes(hex)));
    assertEquals(hex.replace(" ", ""), dev.moqbed.webtransport.Hex.text(encode(text)));
  }

  @Test
  void shouldRoundTripEveryByteValue() {
    StringBuilder all = new StringBuilder();
    for (int b = 0; b < 256; b++) {
      all.append((char) b);
    }
    assertEquals(all.toString(), decode(encode(all.toString())));
    assertEquals("", decode(new byte[0]));
  }

  @Test
  void shouldFormAComplete30BitCode() {
    // A complete prefix code: the Kraft sum of its 257 lengths is exactly 1, and the
    // end-of-string code is 30 ones as RFC 7541 prints it.
    double kraft = 0;
    for (int symbol = 0; symbol <= HuffmanCode.END_OF_STRING; symbol++) {
      kraft += Math.pow(2, -HuffmanCode.lengthOf(symbol));
    }
    assertEquals(1.0, kraft, 0.0);
    assertEquals(0x3fffffff, HuffmanCode.codeOf(HuffmanCode.END_OF_STRING));
    assertEquals(30, HuffmanCode.lengthOf(HuffmanCode.END_OF_STRING));
    assertEquals(0x1ff8, HuffmanCode.codeOf(0));
    assertEquals(0x7fff0, HuffmanCode.codeOf('\\'));
  }

  @Test
  void shouldRefuseTheEndOfStringSymbol() {
    assertHttp3Error(Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, () -> decode(bytes("ffffffff")));
  }

  @Test
  void shouldRefusePaddingLongerThanSevenBits() {
    assertHttp3Error(Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, () -> decode(bytes("1fff")));
  }

  @Test
  void shouldRefusePaddingThatIsNotOnes() {
    assertEquals("a", decode(bytes("1f")));
    assertHttp3Error(Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, () -> decode(bytes("18")));
  }

  @Test
  void shouldRefuseOutputLongerThanTheLimit() {
    byte[] longText = encode("a".repeat(100));
    assertHttp3Error(
        Http3ErrorCode.H3_EXCESSIVE_LOAD,
        () -> HuffmanCode.decode(longText, 0, longText.length, 99));
  }
}
