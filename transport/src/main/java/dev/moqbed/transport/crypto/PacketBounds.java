package dev.moqbed.transport.crypto;

import java.nio.ByteBuffer;

/** Offset checks shared by the protections: local misuse throws, a peer's short packet does not. */
final class PacketBounds {
  /** Bytes from the packet number to the end of the sample (RFC 9001 §5.4.2). */
  static final int SAMPLE_REACH =
      HeaderProtector.SAMPLE_OFFSET_FROM_PACKET_NUMBER + HeaderProtector.SAMPLE_LENGTH;

  private PacketBounds() {}

  /** The packet lies inside the buffer's limit, its packet number after its first byte. */
  static void check(ByteBuffer packet, int packetStart, int packetNumberOffset, int packetEnd) {
    if (packetStart < 0
        || packetNumberOffset <= packetStart
        || packetEnd < packetNumberOffset
        || packetEnd > packet.limit()) {
      throw new IllegalArgumentException(
          "packet ["
              + packetStart
              + ", "
              + packetEnd
              + ") with packet number at "
              + packetNumberOffset
              + " in a buffer of limit "
              + packet.limit());
    }
  }

  /** Whether the packet is long enough to sample for header protection. */
  static boolean hasSample(int packetNumberOffset, int packetEnd) {
    return packetEnd - packetNumberOffset >= SAMPLE_REACH;
  }

  /**
   * Checks a packet about to be sealed: inside the limit once the tag is added, and long enough to
   * sample.
   */
  static void checkSealable(
      ByteBuffer packet,
      int packetStart,
      int packetNumberOffset,
      int payloadOffset,
      int payloadEnd) {
    int sealedEnd = payloadEnd + CipherSuite.TAG_LENGTH;
    check(packet, packetStart, packetNumberOffset, sealedEnd);
    if (payloadEnd < payloadOffset) {
      throw new IllegalArgumentException(
          "payload ends at " + payloadEnd + " before it starts at " + payloadOffset);
    }
    if (!hasSample(packetNumberOffset, sealedEnd)) {
      throw new IllegalArgumentException(
          (sealedEnd - packetNumberOffset)
              + " bytes from the packet number once sealed; header protection samples "
              + SAMPLE_REACH
              + ": pad the payload (RFC 9001 §5.4.2)");
    }
  }
}
