package dev.moqbed.transport.tls;

import static dev.moqbed.transport.tls.EncryptionLevel.HANDSHAKE;
import static dev.moqbed.transport.tls.EncryptionLevel.INITIAL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CryptoOutboxTest {
  @Test
  void pollsAcrossMessageBoundariesAndAdvancesTheOffset() {
    CryptoOutbox outbox = new CryptoOutbox();
    outbox.append(HANDSHAKE, new byte[] {1, 2, 3});
    outbox.append(HANDSHAKE, new byte[] {4, 5});

    assertArrayEquals(new byte[] {1, 2}, outbox.poll(HANDSHAKE, 2));
    assertEquals(2, outbox.sendOffset(HANDSHAKE));
    assertEquals(3, outbox.pendingBytes(HANDSHAKE));
    assertArrayEquals(new byte[] {3, 4, 5}, outbox.poll(HANDSHAKE, 10));
    assertEquals(5, outbox.sendOffset(HANDSHAKE));
    assertArrayEquals(new byte[0], outbox.poll(HANDSHAKE, 10));
  }

  @Test
  void levelsAreSeparateStreams() {
    CryptoOutbox outbox = new CryptoOutbox();
    outbox.append(INITIAL, new byte[] {7});

    assertEquals(0, outbox.pendingBytes(HANDSHAKE));
    assertEquals(0, outbox.sendOffset(HANDSHAKE));
    assertArrayEquals(new byte[] {7}, outbox.poll(INITIAL, 1));
  }

  @Test
  void appendedArraysAreCopied() {
    CryptoOutbox outbox = new CryptoOutbox();
    byte[] message = {1};
    outbox.append(INITIAL, message);
    message[0] = 9;

    assertArrayEquals(new byte[] {1}, outbox.poll(INITIAL, 1));
  }
}
