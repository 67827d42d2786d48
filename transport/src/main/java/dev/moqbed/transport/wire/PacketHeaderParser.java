package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;

/**
 * Parses the unprotected part of a packet header (RFC 9000 §17) from a datagram, one packet at a
 * time: coalesced packets (§12.2) follow at {@link PacketHeader#packetEnd()}.
 *
 * <p>A header that breaks the format is reported as a {@link QuicWireException} with
 * PROTOCOL_VIOLATION, but nothing has authenticated it yet: the caller discards the packet (and,
 * for a long header whose Length cannot be trusted, the rest of the datagram) instead of closing
 * the connection (RFC 9000 §5.2, §12.2, §17.2). Discarded are: a cleared fixed bit (§17.2,
 * §17.3.1), version 1 connection IDs over 20 bytes (§17.2), fields past the datagram's end, a
 * Length beyond it, a packet too short for the header protection sample (RFC 9001 §5.4.2), a Retry
 * with an empty token (§17.2.5.2), a Version Negotiation list that is not whole 4-byte versions.
 *
 * <p>What depends on the endpoint's role or state is left to the caller: a client's Initial must
 * fill a 1200-byte datagram (§14.1), a server's Initial must have an empty token (§17.2.2), a
 * Version Negotiation must not list the version the client chose (§6.2).
 */
public final class PacketHeaderParser {
  private final QuicWireReader reader = new QuicWireReader(TransportErrorCode.PROTOCOL_VIOLATION);

  /**
   * Parses the packet starting at {@code buffer[start]} in a datagram ending at {@code end}.
   *
   * @param shortHeaderDcidLength the length of this endpoint's connection IDs, which a short header
   *     does not state (RFC 9000 §17.3.1)
   * @param out the header to fill
   */
  public PacketHeader parse(
      ByteBuffer buffer, int start, int end, int shortHeaderDcidLength, PacketHeader out)
      throws QuicWireException {
    reader.reset(buffer, start, end);
    out.start(buffer, start);
    int first = reader.readUint8();
    if ((first & 0x80) == 0) {
      parseShort(first, shortHeaderDcidLength, out);
    } else {
      parseLong(first, out);
    }
    return out;
  }

  private void parseShort(int first, int dcidLength, PacketHeader out) throws QuicWireException {
    if (dcidLength < 0 || dcidLength > ConnectionId.MAX_LENGTH) {
      throw new IllegalArgumentException("short header connection ID length " + dcidLength);
    }
    requireFixedBit(first);
    out.type = PacketType.ONE_RTT;
    out.version = QuicVersion.VERSION_1;
    out.dcidLength = dcidLength;
    out.dcidOffset = reader.skip(dcidLength, "destination connection ID");
    out.packetNumberOffset = reader.position();
    out.packetEnd = reader.limit();
    requireSample(out);
  }

  private void parseLong(int first, PacketHeader out) throws QuicWireException {
    out.version = (int) reader.readUint32();
    // Connection IDs of other versions may reach 255 bytes (RFC 8999 §5.1); version 1 caps them
    // at 20 (RFC 9000 §17.2).
    boolean version1 = QuicVersion.isSupported(out.version);
    out.dcidLength = readConnectionIdLength(version1, "destination");
    out.dcidOffset = reader.skip(out.dcidLength, "destination connection ID");
    out.scidLength = readConnectionIdLength(version1, "source");
    out.scidOffset = reader.skip(out.scidLength, "source connection ID");
    if (out.version == QuicVersion.NEGOTIATION) {
      parseVersionNegotiation(out);
      return;
    }
    if (!version1) {
      out.type = PacketType.UNSUPPORTED_VERSION;
      out.packetEnd = reader.limit();
      return;
    }
    requireFixedBit(first);
    out.type = PacketType.fromLongHeaderTypeBits((first & 0x30) >>> 4);
    if (out.type == PacketType.RETRY) {
      parseRetry(out);
      return;
    }
    if (out.type == PacketType.INITIAL) {
      out.tokenLength = reader.readLength("Initial token");
      out.tokenOffset = reader.skip(out.tokenLength, "Initial token");
    }
    int length = reader.readLength("packet (Length field)");
    out.lengthField = length;
    out.packetNumberOffset = reader.position();
    out.packetEnd = out.packetNumberOffset + length;
    requireSample(out);
  }

  private int readConnectionIdLength(boolean version1, String which) throws QuicWireException {
    int length = reader.readUint8();
    if (version1 && length > ConnectionId.MAX_LENGTH) {
      throw reader.fail(which + " connection ID of " + length + " bytes in version 1");
    }
    return length;
  }

  private void parseVersionNegotiation(PacketHeader out) throws QuicWireException {
    out.type = PacketType.VERSION_NEGOTIATION;
    if (reader.remaining() % 4 != 0) {
      throw reader.fail("Version Negotiation list of " + reader.remaining() + " bytes");
    }
    out.packetEnd = reader.limit();
  }

  private void parseRetry(PacketHeader out) throws QuicWireException {
    int tokenLength = reader.remaining() - PacketHeader.RETRY_INTEGRITY_TAG_LENGTH;
    if (tokenLength <= 0) {
      throw reader.fail("Retry with a token of " + tokenLength + " bytes");
    }
    out.tokenOffset = reader.position();
    out.tokenLength = tokenLength;
    out.packetEnd = reader.limit();
  }

  private void requireFixedBit(int first) throws QuicWireException {
    if ((first & 0x40) == 0) {
      throw reader.fail("fixed bit is 0");
    }
  }

  private void requireSample(PacketHeader out) throws QuicWireException {
    if (out.packetEnd - out.packetNumberOffset < PacketHeader.HEADER_PROTECTION_REACH) {
      throw reader.fail(
          (out.packetEnd - out.packetNumberOffset)
              + " bytes after the packet number offset, header protection needs "
              + PacketHeader.HEADER_PROTECTION_REACH);
    }
  }
}
