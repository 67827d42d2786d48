package dev.moqbed.webtransport.capsule;

import static dev.moqbed.webtransport.Hex.assertHttp3Error;
import static dev.moqbed.webtransport.Hex.bytes;
import static dev.moqbed.webtransport.Hex.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class CapsuleTest {
  @Test
  void shouldEncodeACloseCapsuleAsTheDraftLaysItOut() {
    // Type 0x2843 (2-byte varint 6843), length 7, error code 0x00000102, reason "bye".
    Capsule capsule = new CloseSessionCapsule(0x102, "bye").toCapsule();
    assertEquals("6843" + "07" + "00000102" + "627965", text(capsule.encode()));
    assertEquals(
        new CloseSessionCapsule(0x102, "bye"), CloseSessionCapsule.decode(capsule.value()));
  }

  @Test
  void shouldReadCapsulesSplitAnywhere() {
    byte[] stream =
        concat(
            new Capsule(0x29, bytes("0102")).encode(), // unknown type: delivered for skipping
            new Capsule(CapsuleType.DRAIN_WEBTRANSPORT_SESSION, new byte[0]).encode(),
            new CloseSessionCapsule(0xffff_ffffL, "").toCapsule().encode());
    CapsuleReader reader = new CapsuleReader(64);
    for (int i = 0; i < stream.length - 1; i++) {
      reader.append(ByteBuffer.wrap(stream, i, 1));
    }
    Capsule unknown = reader.next();
    assertEquals(0x29, unknown.type());
    assertEquals(CapsuleType.DRAIN_WEBTRANSPORT_SESSION, reader.next().type());
    assertNull(reader.next());
    assertHttp3Error(Http3ErrorCode.H3_DATAGRAM_ERROR, reader::finish);
    reader.append(ByteBuffer.wrap(stream, stream.length - 1, 1));
    Capsule close = reader.next();
    assertEquals(0xffff_ffffL, CloseSessionCapsule.decode(close.value()).errorCode());
    reader.finish();
  }

  @Test
  void shouldRefuseACapsuleLongerThanTheLimitBeforeItsValueArrives() {
    CapsuleReader reader = new CapsuleReader(64);
    reader.append(ByteBuffer.wrap(bytes("00 4041")));
    assertHttp3Error(Http3ErrorCode.H3_EXCESSIVE_LOAD, reader::next);
  }

  @Test
  void shouldRefuseMalformedCloseValues() {
    assertHttp3Error(
        Http3ErrorCode.H3_DATAGRAM_ERROR, () -> CloseSessionCapsule.decode(bytes("000001")));
    assertHttp3Error(
        Http3ErrorCode.H3_DATAGRAM_ERROR, () -> CloseSessionCapsule.decode(new byte[4 + 1025]));
    assertHttp3Error(
        Http3ErrorCode.H3_DATAGRAM_ERROR, () -> CloseSessionCapsule.decode(bytes("00000000 ff")));
    assertThrows(
        IllegalArgumentException.class, () -> new CloseSessionCapsule(0, "x".repeat(1025)));
    assertThrows(IllegalArgumentException.class, () -> new CloseSessionCapsule(1L << 32, ""));
    assertArrayEquals(new byte[4], new CloseSessionCapsule(0, "").toCapsule().value());
  }

  private static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
