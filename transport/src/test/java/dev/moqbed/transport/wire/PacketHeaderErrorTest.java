package dev.moqbed.transport.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Headers the parser refuses (the caller drops the packet), table-driven, and random bytes. */
class PacketHeaderErrorTest {
  private static final String CID20 = "00".repeat(20);
  private static final String SAMPLE = "00".repeat(20);

  static Stream<Arguments> badHeaders() {
    return Stream.of(
        Arguments.of("empty datagram", "", 0),
        Arguments.of("long header without version", "c0 0000", 0),
        Arguments.of("long header without connection ID lengths", "c0 00000001", 0),
        Arguments.of("destination connection ID beyond datagram", "c0 00000001 08 0102", 0),
        Arguments.of(
            "fixed bit clear in a long header", "80 00000001 00 00 00 14" + SAMPLE + "", 0),
        Arguments.of("fixed bit clear in a short header", "00" + SAMPLE + "", 0),
        Arguments.of(
            "21-byte destination connection ID in v1",
            "c0 00000001 15" + CID20 + "00 00 00 14" + SAMPLE + "",
            0),
        Arguments.of(
            "21-byte source connection ID in v1",
            "c0 00000001 00 15" + CID20 + "00 00 14" + SAMPLE + "",
            0),
        Arguments.of("Initial token length beyond datagram", "c0 00000001 00 00 05 aabb", 0),
        Arguments.of("Initial token length truncated", "c0 00000001 00 00 40", 0),
        Arguments.of("Length beyond datagram", "e0 00000001 00 00 4100" + SAMPLE + "", 0),
        Arguments.of("Length missing", "e0 00000001 00 00", 0),
        Arguments.of(
            "too short for the protection sample", "e0 00000001 00 00 13" + SAMPLE + "", 0),
        Arguments.of(
            "short header too short for the sample", "40 01020304 " + "00".repeat(19) + "", 4),
        Arguments.of("short header shorter than its connection ID", "40 0102", 8),
        Arguments.of("Retry with an empty token", "f0 00000001 00 00" + "00".repeat(16) + "", 0),
        Arguments.of("Retry shorter than its tag", "f0 00000001 00 00" + "00".repeat(10) + "", 0),
        Arguments.of(
            "Version Negotiation with a partial version", "80 00000000 00 00 000000010203", 0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badHeaders")
  void refuses(String name, String hex, int shortDcidLength) {
    ByteBuffer buffer = TestBytes.hex(hex);
    QuicWireException thrown =
        assertThrows(
            QuicWireException.class,
            () ->
                new PacketHeaderParser()
                    .parse(buffer, 0, buffer.limit(), shortDcidLength, new PacketHeader()));
    assertEquals(TransportErrorCode.PROTOCOL_VIOLATION, thrown.error(), thrown.getMessage());
  }

  @Test
  void randomDatagramsFailCleanly() {
    Random random = new Random(1701);
    PacketHeaderParser parser = new PacketHeaderParser();
    PacketHeader header = new PacketHeader();
    ByteBuffer buffer = ByteBuffer.allocate(128);
    for (int i = 0; i < 100_000; i++) {
      int length = random.nextInt(128);
      for (int j = 0; j < length; j++) {
        buffer.put(j, (byte) random.nextInt());
      }
      // small connection ID lengths and version 1 often enough to get past the first checks
      if (length > 6 && random.nextBoolean()) {
        buffer.putInt(1, QuicVersion.VERSION_1);
        buffer.put(5, (byte) random.nextInt(22));
      }
      try {
        parser.parse(buffer, 0, length, random.nextInt(21), header);
        header.toString();
      } catch (QuicWireException expected) {
        // refused, as a peer's bad header should be
      }
    }
  }
}
