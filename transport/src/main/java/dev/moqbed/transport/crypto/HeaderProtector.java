package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.PacketHeader;
import java.nio.ByteBuffer;

/**
 * Header protection (RFC 9001 §5.4): a 5-byte mask computed from 16 bytes of ciphertext, XORed into
 * the low bits of the first byte (4 for long headers, 5 for short headers, §5.4.1) and into the
 * packet number. Subclasses compute the mask: AES-ECB (§5.4.3) or ChaCha20 (§5.4.4).
 *
 * <p>One instance serves every key generation of a direction, as the header protection key never
 * changes (§6.1). Not thread-safe: it holds its cipher and scratch arrays.
 */
abstract class HeaderProtector {
  /** Bytes of ciphertext sampled, for every version 1 AEAD (§5.4.2). */
  static final int SAMPLE_LENGTH = 16;

  /** The sample starts as if the packet number had its maximum length of 4 bytes (§5.4.2). */
  static final int SAMPLE_OFFSET_FROM_PACKET_NUMBER = 4;

  private final byte[] sample = new byte[SAMPLE_LENGTH];
  private final byte[] mask = new byte[SAMPLE_LENGTH];

  static HeaderProtector create(CipherSuite suite, byte[] headerProtectionKey) {
    return suite.usesChaCha20()
        ? new ChaCha20HeaderProtector(headerProtectionKey)
        : new AesHeaderProtector(headerProtectionKey);
  }

  /** Writes at least the first 5 bytes of the mask for {@code sample} into {@code mask}. */
  abstract void computeMask(byte[] sample, byte[] mask);

  /**
   * Masks the first byte's protected bits and the packet number of a sealed packet whose header is
   * still in the clear.
   */
  final void apply(ByteBuffer packet, int packetStart, int packetNumberOffset) {
    int first = packet.get(packetStart) & 0xff;
    // The length comes from the clear first byte; a receiver learns it only after unmasking.
    int packetNumberLength = PacketHeader.packetNumberLength(first);
    maskFor(packet, packetNumberOffset);
    packet.put(packetStart, (byte) (first ^ (mask[0] & protectedBits(first))));
    xorPacketNumber(packet, packetNumberOffset, packetNumberLength);
  }

  /**
   * Unmasks the first byte and the packet number in place.
   *
   * @return the unprotected first byte
   */
  final int remove(ByteBuffer packet, int packetStart, int packetNumberOffset) {
    int first = packet.get(packetStart) & 0xff;
    maskFor(packet, packetNumberOffset);
    int unprotected = first ^ (mask[0] & protectedBits(first));
    packet.put(packetStart, (byte) unprotected);
    xorPacketNumber(packet, packetNumberOffset, PacketHeader.packetNumberLength(unprotected));
    return unprotected;
  }

  /**
   * 0x0f for long headers, 0x1f for short headers (§5.4.1); the header form bit itself is never
   * protected, so the protected first byte tells which.
   */
  static int protectedBits(int firstByte) {
    return (firstByte & 0x80) != 0 ? 0x0f : 0x1f;
  }

  private void maskFor(ByteBuffer packet, int packetNumberOffset) {
    packet.get(packetNumberOffset + SAMPLE_OFFSET_FROM_PACKET_NUMBER, sample);
    computeMask(sample, mask);
  }

  private void xorPacketNumber(ByteBuffer packet, int packetNumberOffset, int length) {
    for (int i = 0; i < length; i++) {
      int at = packetNumberOffset + i;
      packet.put(at, (byte) (packet.get(at) ^ mask[1 + i]));
    }
  }
}
