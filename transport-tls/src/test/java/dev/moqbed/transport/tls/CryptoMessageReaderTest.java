package dev.moqbed.transport.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class CryptoMessageReaderTest {
  private final CryptoMessageReader reader =
      new CryptoMessageReader(
          EncryptionLevel.HANDSHAKE, PeerMessageRules.fromServer(EncryptionLevel.HANDSHAKE));

  private void append(int... bytes) {
    byte[] data = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      data[i] = (byte) bytes[i];
    }
    reader.append(ByteBuffer.wrap(data));
  }

  @Test
  void yieldsWholeMessagesOnlyAndSeveralFromOneAppend() throws HandshakeAbort {
    append(20, 0, 0, 2, 0xaa);
    assertNull(reader.next());
    assertTrue(reader.hasPartialMessage());

    append(0xbb, 8, 0, 0, 0, 15, 0);

    assertEquals(6, reader.next().remaining());
    assertEquals(4, reader.next().remaining());
    assertNull(reader.next());
    assertEquals(12, reader.received());
  }

  @Test
  void aTypeThePeerMayNotSendHereIsRefusedFromItsFirstByte() {
    append(1); // a ClientHello, from the server, in Handshake packets

    HandshakeAbort abort = assertThrows(HandshakeAbort.class, reader::next);

    assertEquals(0x10a, abort.failure().errorCode());
  }

  @Test
  void aDeclaredLengthAboveTheLimitIsRefusedBeforeBuffering() {
    int tooLong = CryptoMessageReader.MAX_MESSAGE_BYTES + 1;
    append(11, tooLong >> 16, (tooLong >> 8) & 0xff, tooLong & 0xff);

    HandshakeAbort abort = assertThrows(HandshakeAbort.class, reader::next);

    assertEquals(0x0d, abort.failure().errorCode());
  }

  @Test
  void growsForALargeMessage() throws HandshakeAbort {
    int length = 5000;
    append(11, 0, length >> 8, length & 0xff);
    reader.append(ByteBuffer.allocate(length));

    assertEquals(4 + length, reader.next().remaining());
  }
}
