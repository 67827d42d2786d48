package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.PacketHeader;

/**
 * What opening a packet yields: the unprotected first byte, the full packet number and where the
 * plaintext frames lie in the buffer. Reusable from packet to packet, so opening allocates no
 * result.
 */
public final class OpenedPacket {
  private int firstByte;
  private long packetNumber;
  private int payloadOffset;
  private int payloadEnd;

  void set(int firstByte, long packetNumber, int payloadOffset, int payloadEnd) {
    this.firstByte = firstByte;
    this.packetNumber = packetNumber;
    this.payloadOffset = payloadOffset;
    this.payloadEnd = payloadEnd;
  }

  /**
   * The first byte without header protection. Its reserved bits must be checked now that the packet
   * authenticated ({@link PacketHeader#checkReservedBits}, RFC 9000 §17.2, §17.3.1).
   */
  public int firstByte() {
    return firstByte;
  }

  /** The packet number rebuilt from its truncated encoding (RFC 9000 §17.1, Appendix A.3). */
  public long packetNumber() {
    return packetNumber;
  }

  public int packetNumberLength() {
    return PacketHeader.packetNumberLength(firstByte);
  }

  /** The key phase bit of a short header (RFC 9001 §6); meaningless for long headers. */
  public boolean keyPhase() {
    return PacketHeader.keyPhase(firstByte);
  }

  public boolean isLongHeader() {
    return (firstByte & 0x80) != 0;
  }

  /** Absolute index of the first frame. */
  public int payloadOffset() {
    return payloadOffset;
  }

  /** Absolute index one past the last frame: the tag that followed is no longer part of it. */
  public int payloadEnd() {
    return payloadEnd;
  }

  @Override
  public String toString() {
    return "OpenedPacket[pn="
        + packetNumber
        + " first=0x"
        + Integer.toHexString(firstByte)
        + " payload=["
        + payloadOffset
        + ", "
        + payloadEnd
        + ")]";
  }
}
