package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;

/**
 * Writes packet headers (RFC 9000 §17) at a buffer's position, in the clear: header protection (RFC
 * 9001 §5.4) is applied afterwards over the bytes written here, using the packet-number offset the
 * writers return.
 *
 * <p>The long header's Length field counts the packet number and everything after it, including the
 * AEAD tag (§17.2); callers pass {@code payloadLength} = frames + tag. Since the payload is often
 * built after the header, a Length field of fixed size can be written now and filled in with {@link
 * VarInt#writeAt} later: pass {@code lengthFieldSize} (2 covers every packet under 16 KiB).
 */
public final class PacketHeaderWriter {
  private PacketHeaderWriter() {}

  /** Size of an Initial, 0-RTT or Handshake header up to and including the packet number. */
  public static int longHeaderSize(
      PacketType type,
      int dcidLength,
      int scidLength,
      int tokenLength,
      int pnLength,
      int payloadLength) {
    int size = 1 + 4 + 1 + dcidLength + 1 + scidLength;
    if (type == PacketType.INITIAL) {
      size += VarInt.encodedSize(tokenLength) + tokenLength;
    }
    return size + VarInt.encodedSize(pnLength + (long) payloadLength) + pnLength;
  }

  /**
   * Writes an Initial, 0-RTT or Handshake header with a minimal Length field.
   *
   * @param token the Initial token (empty for a server, or a client without one); must be empty for
   *     other types, which have no Token field
   * @return the absolute index of the packet number
   */
  public static int writeLongHeader(
      ByteBuffer buffer,
      PacketType type,
      int version,
      ConnectionId dcid,
      ConnectionId scid,
      byte[] token,
      long packetNumber,
      int pnLength,
      int payloadLength) {
    return writeLongHeader(
        buffer,
        type,
        version,
        dcid,
        scid,
        token,
        packetNumber,
        pnLength,
        payloadLength,
        VarInt.encodedSize(pnLength + (long) payloadLength));
  }

  /** As above, with a Length field of exactly {@code lengthFieldSize} bytes (1, 2, 4 or 8). */
  public static int writeLongHeader(
      ByteBuffer buffer,
      PacketType type,
      int version,
      ConnectionId dcid,
      ConnectionId scid,
      byte[] token,
      long packetNumber,
      int pnLength,
      int payloadLength,
      int lengthFieldSize) {
    if (type != PacketType.INITIAL && type != PacketType.ZERO_RTT && type != PacketType.HANDSHAKE) {
      throw new IllegalArgumentException(type + " is not written by writeLongHeader");
    }
    if (type != PacketType.INITIAL && token.length != 0) {
      throw new IllegalArgumentException(type + " packets carry no token");
    }
    checkPacketNumberLength(pnLength);
    // Header form 1, fixed bit 1, type, reserved 00, packet-number length - 1 (§17.2).
    buffer.put((byte) (0xc0 | (type.longHeaderTypeBits() << 4) | (pnLength - 1)));
    buffer.putInt(version);
    writeConnectionId(buffer, dcid);
    writeConnectionId(buffer, scid);
    if (type == PacketType.INITIAL) {
      VarInt.write(buffer, token.length);
      buffer.put(token);
    }
    VarInt.write(buffer, pnLength + (long) payloadLength, lengthFieldSize);
    int packetNumberOffset = buffer.position();
    PacketNumbers.write(buffer, packetNumber, pnLength);
    return packetNumberOffset;
  }

  /** Size of a short header: first byte, connection ID, packet number. */
  public static int shortHeaderSize(int dcidLength, int pnLength) {
    return 1 + dcidLength + pnLength;
  }

  /**
   * Writes a 1-RTT short header (§17.3.1) with reserved bits 0.
   *
   * @return the absolute index of the packet number
   */
  public static int writeShortHeader(
      ByteBuffer buffer,
      ConnectionId dcid,
      long packetNumber,
      int pnLength,
      boolean spin,
      boolean keyPhase) {
    checkPacketNumberLength(pnLength);
    int first = 0x40 | (spin ? 0x20 : 0) | (keyPhase ? 0x04 : 0) | (pnLength - 1);
    buffer.put((byte) first);
    dcid.writeTo(buffer);
    int packetNumberOffset = buffer.position();
    PacketNumbers.write(buffer, packetNumber, pnLength);
    return packetNumberOffset;
  }

  /**
   * Writes a whole Retry packet (§17.2.5). The integrity tag is computed by the caller over the
   * pseudo-packet of RFC 9001 §5.8; {@code unusedBits} fill the low 4 bits of the first byte.
   */
  public static void writeRetry(
      ByteBuffer buffer,
      int version,
      ConnectionId dcid,
      ConnectionId scid,
      byte[] retryToken,
      byte[] integrityTag,
      int unusedBits) {
    if (retryToken.length == 0 || integrityTag.length != PacketHeader.RETRY_INTEGRITY_TAG_LENGTH) {
      throw new IllegalArgumentException(
          "Retry token of " + retryToken.length + " bytes, tag of " + integrityTag.length);
    }
    buffer.put((byte) (0xc0 | (PacketType.RETRY.longHeaderTypeBits() << 4) | (unusedBits & 0x0f)));
    buffer.putInt(version);
    writeConnectionId(buffer, dcid);
    writeConnectionId(buffer, scid);
    buffer.put(retryToken);
    buffer.put(integrityTag);
  }

  /** Size of a whole Retry packet. */
  public static int retrySize(int dcidLength, int scidLength, int tokenLength) {
    return 1
        + 4
        + 1
        + dcidLength
        + 1
        + scidLength
        + tokenLength
        + PacketHeader.RETRY_INTEGRITY_TAG_LENGTH;
  }

  /**
   * Writes a whole Version Negotiation packet (§17.2.1). The connection IDs echo the client's,
   * swapped, at whatever length the client used (up to 255, RFC 8999); {@code unusedBits} fill the
   * low 7 bits of the first byte, and §17.2.1 suggests setting 0x40 among them so the packet looks
   * like QUIC to middleboxes that check the fixed bit.
   */
  public static void writeVersionNegotiation(
      ByteBuffer buffer, int unusedBits, byte[] dcid, byte[] scid, int[] supportedVersions) {
    if (dcid.length > 255 || scid.length > 255) {
      throw new IllegalArgumentException("connection ID over 255 bytes");
    }
    buffer.put((byte) (0x80 | (unusedBits & 0x7f)));
    buffer.putInt(QuicVersion.NEGOTIATION);
    buffer.put((byte) dcid.length);
    buffer.put(dcid);
    buffer.put((byte) scid.length);
    buffer.put(scid);
    for (int version : supportedVersions) {
      buffer.putInt(version);
    }
  }

  /** Checked before the first byte, which encodes the length, so nothing is half written. */
  private static void checkPacketNumberLength(int pnLength) {
    if (pnLength < 1 || pnLength > 4) {
      throw new IllegalArgumentException("packet number length " + pnLength);
    }
  }

  private static void writeConnectionId(ByteBuffer buffer, ConnectionId id) {
    buffer.put((byte) id.length());
    id.writeTo(buffer);
  }
}
