package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.PacketHeaderWriter;
import dev.moqbed.transport.wire.PacketType;
import dev.moqbed.transport.wire.QuicVersion;
import java.nio.ByteBuffer;
import java.util.Random;

/** Clear packets for the protection tests, written with the wire package's header writer. */
final class TestPackets {
  static final ConnectionId DCID = ConnectionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
  static final ConnectionId SCID = ConnectionId.of(new byte[] {9, 10, 11, 12});

  private TestPackets() {}

  /** Where the writer put things: the packet number, and the end of the clear payload. */
  record Layout(int packetNumberOffset, int payloadEnd) {
    int sealedEnd() {
      return payloadEnd + PacketProtection.TAG_LENGTH;
    }
  }

  /** A Handshake packet carrying {@code frames} random bytes, at the buffer's position. */
  static Layout longHeader(
      ByteBuffer buffer, long packetNumber, int packetNumberLength, byte[] frames) {
    int pnOffset =
        PacketHeaderWriter.writeLongHeader(
            buffer,
            PacketType.HANDSHAKE,
            QuicVersion.VERSION_1,
            DCID,
            SCID,
            new byte[0],
            packetNumber,
            packetNumberLength,
            frames.length + PacketProtection.TAG_LENGTH);
    buffer.put(frames);
    return new Layout(pnOffset, buffer.position());
  }

  /** A 1-RTT packet carrying {@code frames}, at the buffer's position. */
  static Layout shortHeader(
      ByteBuffer buffer,
      long packetNumber,
      int packetNumberLength,
      boolean keyPhase,
      byte[] frames) {
    int pnOffset =
        PacketHeaderWriter.writeShortHeader(
            buffer, DCID, packetNumber, packetNumberLength, true, keyPhase);
    buffer.put(frames);
    return new Layout(pnOffset, buffer.position());
  }

  static byte[] randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  /** A random traffic secret for {@code suite}. */
  static TrafficSecret randomSecret(Random random, CipherSuite suite) {
    return TrafficSecret.of(suite, randomBytes(random, suite.secretLength()));
  }

  /** A copy of {@code buffer[0, length)} in a new heap buffer of that size. */
  static ByteBuffer copy(ByteBuffer buffer, int length) {
    byte[] bytes = new byte[length];
    buffer.get(0, bytes);
    return ByteBuffer.wrap(bytes);
  }
}
