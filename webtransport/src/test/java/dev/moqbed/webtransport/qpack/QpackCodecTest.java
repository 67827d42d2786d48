package dev.moqbed.webtransport.qpack;

import static dev.moqbed.webtransport.Hex.assertHttp3Error;
import static dev.moqbed.webtransport.Hex.bytes;
import static dev.moqbed.webtransport.Hex.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class QpackCodecTest {
  private final QpackDecoder decoder = new QpackDecoder(16_384);

  @Test
  void shouldEncodeAndDecodeRfc9204AppendixB1() {
    // RFC 9204 B.1: Required Insert Count 0, Base 0; literal with the static name :path (1).
    String section = "0000 510b 2f69 6e64 6578 2e68 746d 6c";
    List<HeaderField> fields = List.of(new HeaderField(":path", "/index.html"));
    assertEquals(section.replace(" ", ""), text(QpackEncoder.encode(fields)));
    assertEquals(fields, decoder.decode(bytes(section)));
  }

  @Test
  void shouldUseEachRepresentationWhereItFits() {
    List<HeaderField> fields =
        List.of(
            new HeaderField(":method", "CONNECT"), // whole line in the table: index 15
            new HeaderField(":authority", "a:1"), // name only: index 0
            new HeaderField(":protocol", "webtransport")); // not in the table at all
    String expected =
        "0000"
            + "cf"
            + "50 03 613a31"
            + "27 02 3a70726f746f636f6c"
            + "0c 776562747261 6e73706f7274";
    byte[] section = QpackEncoder.encode(fields);
    assertEquals(expected.replace(" ", ""), text(section));
    assertEquals(fields, decoder.decode(section));
  }

  @Test
  void shouldDecodeHuffmanCodedNamesAndValues() {
    // :authority (static name 0) with the Huffman-coded value of RFC 7541 C.4.1.
    assertEquals(
        List.of(new HeaderField(":authority", "www.example.com")),
        decoder.decode(bytes("0000 50 8c f1e3c2e5f23a6ba0ab90f4ff")));
    // A literal name with its H bit (0x08) set: "custom-key" is 8 Huffman bytes.
    assertEquals(
        List.of(new HeaderField("custom-key", "custom-value")),
        decoder.decode(bytes("0000 2f01 25a849e95ba97d7f 89 25a849e95bb8e8b4bf")));
  }

  @Test
  void shouldRefuseEveryDynamicTableReference() {
    long failed = Http3ErrorCode.QPACK_DECOMPRESSION_FAILED;
    assertHttp3Error(failed, () -> decoder.decode(bytes("0100 d1"))); // Required Insert Count 1
    assertHttp3Error(failed, () -> decoder.decode(bytes("0000 80"))); // indexed, dynamic
    assertHttp3Error(failed, () -> decoder.decode(bytes("0000 4003 616263"))); // name ref, dynamic
    assertHttp3Error(failed, () -> decoder.decode(bytes("0000 10"))); // post-base indexed
    assertHttp3Error(failed, () -> decoder.decode(bytes("0000 0003 616263"))); // post-base name
    assertHttp3Error(failed, () -> decoder.decode(bytes("0080 d1"))); // negative base
  }

  @Test
  void shouldRefuseAStaticIndexPastTheTable() {
    assertHttp3Error(
        Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, () -> decoder.decode(bytes("0000 ff24")));
    assertEquals(
        List.of(QpackStaticTable.entry(98)), decoder.decode(bytes("0000 ff23"))); // 63 + 35
  }

  @Test
  void shouldRefuseATruncatedSection() {
    long failed = Http3ErrorCode.QPACK_DECOMPRESSION_FAILED;
    assertHttp3Error(failed, () -> decoder.decode(bytes("00")));
    assertHttp3Error(failed, () -> decoder.decode(bytes("0000 510b 2f69")));
    assertHttp3Error(failed, () -> decoder.decode(bytes("0000 ff")));
  }

  @Test
  void shouldBoundTheDecodedSectionSize() {
    // Three lines of 32 + 1 + 1 bytes each: 102 bytes against a limit of 100.
    byte[] section =
        QpackEncoder.encode(
            List.of(
                new HeaderField("a", "b"), new HeaderField("c", "d"), new HeaderField("e", "f")));
    assertEquals(3, new QpackDecoder(102).decode(section).size());
    assertHttp3Error(Http3ErrorCode.H3_EXCESSIVE_LOAD, () -> new QpackDecoder(100).decode(section));
  }

  @Test
  void shouldBoundAHuffmanValueWhileDecodingIt() {
    // 4000 'a's compress to 2500 bytes; the limit is hit long before the output is built.
    byte[] value = HuffmanCodeTest.encode("a".repeat(4000));
    ByteArrayOutputStream section = new ByteArrayOutputStream();
    section.writeBytes(bytes("0000"));
    PrefixedInteger.write(section, 0x50 | 0, 4, 0); // :authority, static name 0
    PrefixedInteger.write(section, 0x80, 7, value.length); // H bit set
    section.writeBytes(value);
    assertHttp3Error(
        Http3ErrorCode.H3_EXCESSIVE_LOAD,
        () -> new QpackDecoder(1000).decode(section.toByteArray()));
  }

  @Test
  void shouldRefuseUpperCaseNamesWhenEncoding() {
    assertThrows(
        IllegalArgumentException.class,
        () -> QpackEncoder.encode(List.of(new HeaderField("Origin", "x"))));
  }

  @Test
  void shouldEncodeLongLengthsWithContinuationBytes() {
    String value = "v".repeat(300);
    byte[] section = QpackEncoder.encode(List.of(new HeaderField("x-long", value)));
    // The name length 6 fits the 3-bit prefix (26); the value length 300 fills the 7-bit prefix
    // (7f, 127) and carries the other 173 in 7-bit groups, low group first: 2d with the
    // continuation bit (ad), then 01.
    assertEquals("0000 26 782d6c6f6e67 7f ad01".replace(" ", ""), text(section).substring(0, 24));
    assertEquals(value, decoder.decode(section).get(0).value());
  }
}
