package dev.moqbed.webtransport.session;

import static dev.moqbed.webtransport.Hex.bytes;

import dev.moqbed.webtransport.http3.Http3FrameWriter;
import dev.moqbed.webtransport.qpack.HeaderField;
import dev.moqbed.webtransport.qpack.QpackEncoder;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The bytes a browser client sends, written out for tests that play it against the server. */
final class BrowserLikeRequests {
  /**
   * Chromium's SETTINGS for WebTransport by default (draft-02 only): QPACK table 65536, field
   * section 16384, blocked streams 100, both datagram codes, ENABLE_WEBTRANSPORT; no extended
   * CONNECT, which only servers announce.
   */
  static final String CHROMIUM_SETTINGS =
      "01 80010000 06 80004000 07 4064 33 01 80ffd277 01 ab603742 01";

  private BrowserLikeRequests() {}

  /** A control stream opening: its type, then a SETTINGS frame with {@code payloadHex}. */
  static byte[] controlStream(String payloadHex) {
    return concat(bytes("00"), Http3FrameWriter.frame(0x04, bytes(payloadHex)));
  }

  /**
   * A WebTransport CONNECT HEADERS frame as Chromium builds it, its authority Huffman-coded (RFC
   * 7541 C.4.1's "www.example.com"), with {@code extra} fields appended.
   */
  static byte[] connect(String path, HeaderField... extra) {
    List<HeaderField> rest = new ArrayList<>();
    rest.add(new HeaderField(":path", path));
    rest.add(new HeaderField(":protocol", "webtransport"));
    rest.add(new HeaderField("sec-webtransport-http3-draft02", "1"));
    rest.add(new HeaderField("origin", "https://page.example"));
    rest.addAll(Arrays.asList(extra));
    byte[] literal = QpackEncoder.encode(rest);
    byte[] section =
        concat(
            bytes("0000 cf d7"), // :method CONNECT (15), :scheme https (23)
            bytes("50 8c f1e3c2e5f23a6ba0ab90f4ff"), // :authority, Huffman-coded value
            Arrays.copyOfRange(literal, 2, literal.length));
    return Http3FrameWriter.headers(section);
  }

  /** A HEADERS frame around an arbitrary field list. */
  static byte[] headers(HeaderField... fields) {
    return Http3FrameWriter.headers(QpackEncoder.encode(List.of(fields)));
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
