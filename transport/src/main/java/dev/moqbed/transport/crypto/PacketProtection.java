package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketNumbers;
import java.nio.ByteBuffer;

/**
 * Protection of the packets one endpoint sends at one encryption level (RFC 9001 §5): the sender
 * seals with it, the receiver opens with its own instance built from the same secret. Packets are
 * protected in place, in the datagram buffer, at absolute indexes as {@link
 * dev.moqbed.transport.wire.PacketHeaderParser} and {@link
 * dev.moqbed.transport.wire.PacketHeaderWriter} report them.
 *
 * <p>Sealing is AEAD first, with the clear header as associated data, then header protection (§5.3,
 * §5.4). Opening removes header protection, rebuilds the packet number (RFC 9000 §17.1) and only
 * then authenticates. A packet that does not authenticate is reported by {@code false}, never by an
 * exception: the caller drops it (§5.5) and counts it against the integrity limit (§6.6). Misuse by
 * local code (offsets outside the buffer, a payload too short to sample, a repeated packet number
 * on send) throws {@link IllegalArgumentException}.
 *
 * <p>Implementations are not thread-safe: each holds its JCA ciphers and scratch buffers.
 */
public interface PacketProtection {
  /** The AEAD expansion: every version 1 cipher suite adds a 16-byte tag (RFC 9001 §5.3). */
  int TAG_LENGTH = CipherSuite.TAG_LENGTH;

  /**
   * Seals a packet whose header and payload are written in the clear.
   *
   * @param packet the datagram buffer
   * @param packetStart index of the first byte of the header
   * @param packetNumberOffset index of the packet number, as the header writer returned it; its
   *     length is read from the clear first byte
   * @param packetNumber the full packet number the header carries truncated; it must increase from
   *     packet to packet, as the nonce derives from it
   * @param payloadEnd index one past the plaintext; the tag is written at {@code [payloadEnd,
   *     payloadEnd + 16)}, inside the buffer's limit. From the packet number on there must be at
   *     least 4 + 16 bytes once sealed, so header protection can sample (§5.4.2): pad if not
   * @return the index one past the sealed packet, {@code payloadEnd + 16}
   */
  int seal(
      ByteBuffer packet,
      int packetStart,
      int packetNumberOffset,
      long packetNumber,
      int payloadEnd);

  /**
   * Opens a packet in place: on success the payload {@code [out.payloadOffset(), out.payloadEnd())}
   * holds the plaintext frames and the header is unprotected.
   *
   * @param packetEnd index one past the packet (the Length field's reach for long headers)
   * @param largestReceived the largest packet number received in this packet-number space, or
   *     {@link PacketNumbers#NONE}
   * @param out filled on success; on failure its content is unspecified
   * @return false if the packet is too short for the header protection sample (§5.4.2) or fails
   *     authentication: drop it
   */
  default boolean open(
      ByteBuffer packet,
      int packetStart,
      int packetNumberOffset,
      int packetEnd,
      long largestReceived,
      OpenedPacket out) {
    PacketBounds.check(packet, packetStart, packetNumberOffset, packetEnd);
    if (!PacketBounds.hasSample(packetNumberOffset, packetEnd)) {
      return false;
    }
    int firstByte = removeHeaderProtection(packet, packetStart, packetNumberOffset);
    int packetNumberLength = PacketHeader.packetNumberLength(firstByte);
    long truncated = PacketNumbers.readTruncated(packet, packetNumberOffset, packetNumberLength);
    long packetNumber = PacketNumbers.decode(largestReceived, truncated, packetNumberLength);
    int payloadOffset = packetNumberOffset + packetNumberLength;
    if (!openPayload(packet, packetStart, payloadOffset, packetEnd, packetNumber)) {
      return false;
    }
    out.set(firstByte, packetNumber, payloadOffset, packetEnd - TAG_LENGTH);
    return true;
  }

  /** Opens the packet a {@link dev.moqbed.transport.wire.PacketHeaderParser} just parsed. */
  default boolean open(PacketHeader header, long largestReceived, OpenedPacket out) {
    return open(
        header.buffer(),
        header.packetStart(),
        header.packetNumberOffset(),
        header.packetEnd(),
        largestReceived,
        out);
  }

  /**
   * The first step of opening, for callers that pick the AEAD key after reading the header (the key
   * phase bit, RFC 9001 §6.3): unmasks the first byte and the packet number in place. The packet
   * must reach 20 bytes past the packet number, as the header parser ensures.
   *
   * @return the unprotected first byte
   */
  int removeHeaderProtection(ByteBuffer packet, int packetStart, int packetNumberOffset);

  /**
   * The second step: authenticates and decrypts {@code [payloadOffset, packetEnd)} in place, with
   * {@code [packetStart, payloadOffset)} (the unprotected header) as associated data. On failure
   * the ciphertext is left unchanged, so another key may be tried.
   *
   * @param packetNumber the full, reconstructed packet number
   * @return whether the packet authenticated
   */
  boolean openPayload(
      ByteBuffer packet, int packetStart, int payloadOffset, int packetEnd, long packetNumber);

  /**
   * The next key phase (RFC 9001 §6): AEAD key and IV from the secret updated with "quic ku", the
   * same header protection key. Only meaningful for 1-RTT; the caller toggles the key phase bit.
   */
  PacketProtection nextGeneration();

  /** Packets sealed with this key, for the confidentiality limit (RFC 9001 §6.6). */
  long packetsSealed();

  /** Packets that failed authentication with this key, for the integrity limit (§6.6). */
  long authenticationFailures();
}
