package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;

/**
 * One parsed packet header (RFC 9000 §17), as positions in the datagram buffer: filled by {@link
 * PacketHeaderParser}, reusable from packet to packet, valid while the buffer holds the datagram.
 *
 * <p>Parsing stops where header protection starts (RFC 9001 §5.4): the low bits of the first byte
 * ({@link #protectedBitsMask()}) and the packet number are still masked. The next stage removes the
 * mask using the sample at {@link #sampleOffset()}, then reads the packet-number length and the
 * reserved bits from the unprotected first byte with the static helpers here, and the packet number
 * at {@link #packetNumberOffset()}. The AEAD's associated data is {@code [packetStart,
 * payloadOffset)}, its ciphertext {@code [payloadOffset, packetEnd)}.
 */
public final class PacketHeader {
  /**
   * Bytes after the packet-number offset that header protection needs: the sample starts 4 bytes in
   * and is 16 bytes long for every version 1 AEAD (RFC 9001 §5.4.2), so shorter packets are
   * dropped.
   */
  public static final int HEADER_PROTECTION_REACH = 4 + 16;

  /** Length of a Retry packet's integrity tag (RFC 9001 §5.8). */
  public static final int RETRY_INTEGRITY_TAG_LENGTH = 16;

  private ByteBuffer buffer;
  PacketType type;
  int version;
  int packetStart;
  int packetEnd;
  int dcidOffset;
  int dcidLength;
  int scidOffset;
  int scidLength;
  int tokenOffset;
  int tokenLength;
  long lengthField;
  int packetNumberOffset;

  void start(ByteBuffer buffer, int packetStart) {
    this.buffer = buffer;
    this.packetStart = packetStart;
    this.type = null;
    this.version = 0;
    this.scidOffset = packetStart;
    this.scidLength = 0;
    this.tokenOffset = packetStart;
    this.tokenLength = 0;
    this.lengthField = -1;
    this.packetNumberOffset = -1;
  }

  public PacketType type() {
    return type;
  }

  /** The Version field; 0 for Version Negotiation, {@link QuicVersion#VERSION_1} for 1-RTT. */
  public int version() {
    return version;
  }

  public ByteBuffer buffer() {
    return buffer;
  }

  /** Absolute index of the first byte. */
  public int packetStart() {
    return packetStart;
  }

  /**
   * Absolute index one past the packet: the end of the Length field's reach for long headers that
   * carry frames (the next coalesced packet starts here, RFC 9000 §12.2), the datagram's end
   * otherwise.
   */
  public int packetEnd() {
    return packetEnd;
  }

  /** The first byte as received, its low bits still protected for Initial/0-RTT/Handshake/1-RTT. */
  public int firstByte() {
    return buffer.get(packetStart) & 0xff;
  }

  public int dcidOffset() {
    return dcidOffset;
  }

  public int dcidLength() {
    return dcidLength;
  }

  public int scidOffset() {
    return scidOffset;
  }

  /** 0 for short headers, which carry no source connection ID. */
  public int scidLength() {
    return scidLength;
  }

  /** A copy of the destination connection ID (version 1: at most 20 bytes). */
  public ConnectionId dcid() {
    return ConnectionId.copyOf(buffer, dcidOffset, dcidLength);
  }

  public ConnectionId scid() {
    return ConnectionId.copyOf(buffer, scidOffset, scidLength);
  }

  /** A copy of the destination connection ID of any length (unsupported versions allow 255). */
  public byte[] dcidBytes() {
    return copy(dcidOffset, dcidLength);
  }

  public byte[] scidBytes() {
    return copy(scidOffset, scidLength);
  }

  /** Start of the Initial token or the Retry Token. */
  public int tokenOffset() {
    return tokenOffset;
  }

  /** Length of the Initial token (0 when absent) or the Retry Token; 0 for other types. */
  public int tokenLength() {
    return tokenLength;
  }

  public byte[] token() {
    return copy(tokenOffset, tokenLength);
  }

  /** The Length field of Initial, 0-RTT and Handshake packets: packet number plus payload. */
  public long lengthField() {
    return lengthField;
  }

  /** Absolute index of the (protected) packet number; -1 for Retry and Version Negotiation. */
  public int packetNumberOffset() {
    return packetNumberOffset;
  }

  /** The header protection sample's absolute index (RFC 9001 §5.4.2). */
  public int sampleOffset() {
    requireFrames();
    return packetNumberOffset + 4;
  }

  /**
   * The first-byte bits header protection masks (RFC 9001 §5.4.1): 0x0f for long headers (reserved
   * bits and packet-number length), 0x1f for short headers (also the key phase).
   */
  public int protectedBitsMask() {
    requireFrames();
    return type == PacketType.ONE_RTT ? 0x1f : 0x0f;
  }

  /** The short header's spin bit (RFC 9000 §17.4), which header protection leaves in the clear. */
  public boolean spinBit() {
    if (type != PacketType.ONE_RTT) {
      throw new IllegalStateException(type + " has no spin bit");
    }
    return (firstByte() & 0x20) != 0;
  }

  /** Absolute index of the Retry Integrity Tag (RFC 9000 §17.2.5). */
  public int retryIntegrityTagOffset() {
    if (type != PacketType.RETRY) {
      throw new IllegalStateException(type + " has no integrity tag");
    }
    return packetEnd - RETRY_INTEGRITY_TAG_LENGTH;
  }

  /** Number of versions a Version Negotiation packet lists. */
  public int supportedVersionCount() {
    requireType(PacketType.VERSION_NEGOTIATION);
    return (packetEnd - scidOffset - scidLength) / 4;
  }

  /** The {@code index}th version a Version Negotiation packet lists. */
  public int supportedVersion(int index) {
    requireType(PacketType.VERSION_NEGOTIATION);
    if (index < 0 || index >= supportedVersionCount()) {
      throw new IndexOutOfBoundsException("version " + index);
    }
    return buffer.getInt(scidOffset + scidLength + 4 * index);
  }

  // ---- the first byte once header protection is removed ----

  /** Packet-number length (1–4) from an unprotected first byte (RFC 9000 §17.2, §17.3.1). */
  public static int packetNumberLength(int unprotectedFirstByte) {
    return (unprotectedFirstByte & 0x03) + 1;
  }

  /** The key phase bit of an unprotected short header (RFC 9001 §6). */
  public static boolean keyPhase(int unprotectedFirstByte) {
    return (unprotectedFirstByte & 0x04) != 0;
  }

  /**
   * Checks the reserved bits of an unprotected first byte: 0x0c for long headers, 0x18 for short
   * headers. Non-zero after successful decryption is PROTOCOL_VIOLATION (RFC 9000 §17.2, §17.3.1);
   * the caller only asks once the packet authenticated.
   */
  public static void checkReservedBits(int unprotectedFirstByte, boolean longHeader)
      throws QuicWireException {
    int reserved = unprotectedFirstByte & (longHeader ? 0x0c : 0x18);
    if (reserved != 0) {
      throw new QuicWireException(
          TransportErrorCode.PROTOCOL_VIOLATION,
          "reserved header bits 0x" + Integer.toHexString(reserved));
    }
  }

  private byte[] copy(int offset, int length) {
    byte[] copy = new byte[length];
    buffer.get(offset, copy);
    return copy;
  }

  private void requireFrames() {
    if (!type.carriesFrames()) {
      throw new IllegalStateException(type + " has no packet number");
    }
  }

  private void requireType(PacketType expected) {
    if (type != expected) {
      throw new IllegalStateException(type + " is not " + expected);
    }
  }

  @Override
  public String toString() {
    if (type == null) {
      return "PacketHeader[not parsed]";
    }
    return type
        + "[v=0x"
        + Integer.toHexString(version)
        + " dcid="
        + Hex.encode(dcidBytes())
        + (type.isLongHeader() ? " scid=" + Hex.encode(scidBytes()) : "")
        + " bytes="
        + (packetEnd - packetStart)
        + "]";
  }
}
