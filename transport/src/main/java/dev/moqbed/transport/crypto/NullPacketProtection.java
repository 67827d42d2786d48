package dev.moqbed.transport.crypto;

import java.nio.ByteBuffer;

/**
 * No protection at all, with the sizes of real protection: the payload stays in the clear, the
 * header is not masked, and a 16-byte zero "tag" takes the AEAD tag's place, so packets are byte
 * for byte as long as protected ones and congestion, pacing and MTU behave the same.
 *
 * <p><b>This is not QUIC.</b> A packet it seals is readable and forgeable by anyone, and no QUIC
 * peer can open it. It exists for the simulator, where encryption would only cost time, and for a
 * first UDP driver between two moqbed endpoints before the TLS handshake is wired in. It is never
 * offered to users as QUIC: nothing negotiates it, and an endpoint must be configured explicitly to
 * use it on both sides.
 *
 * <p>Opening checks that the tag is zero, which catches a real QUIC packet (or garbage) reaching an
 * endpoint that expects null protection; the packet number is still rebuilt from its truncated
 * form, so the receive path is exercised as with real keys. Allocates nothing.
 */
public final class NullPacketProtection implements PacketProtection {
  private long packetsSealed;
  private long authenticationFailures;

  @Override
  public int seal(
      ByteBuffer packet,
      int packetStart,
      int packetNumberOffset,
      long packetNumber,
      int payloadEnd) {
    PacketBounds.check(packet, packetStart, packetNumberOffset, payloadEnd);
    int packetNumberLength = (packet.get(packetStart) & 0x03) + 1;
    PacketBounds.checkSealable(
        packet,
        packetStart,
        packetNumberOffset,
        packetNumberOffset + packetNumberLength,
        payloadEnd);
    for (int i = 0; i < TAG_LENGTH; i++) {
      packet.put(payloadEnd + i, (byte) 0);
    }
    packetsSealed++;
    return payloadEnd + TAG_LENGTH;
  }

  /** Nothing to remove: returns the first byte as it is. */
  @Override
  public int removeHeaderProtection(ByteBuffer packet, int packetStart, int packetNumberOffset) {
    PacketBounds.check(
        packet, packetStart, packetNumberOffset, packetNumberOffset + PacketBounds.SAMPLE_REACH);
    return packet.get(packetStart) & 0xff;
  }

  @Override
  public boolean openPayload(
      ByteBuffer packet, int packetStart, int payloadOffset, int packetEnd, long packetNumber) {
    PacketBounds.check(packet, packetStart, payloadOffset, packetEnd);
    boolean zeroTag = packetEnd - payloadOffset >= TAG_LENGTH;
    for (int i = packetEnd - TAG_LENGTH; zeroTag && i < packetEnd; i++) {
      zeroTag = packet.get(i) == 0;
    }
    if (!zeroTag) {
      authenticationFailures++;
    }
    return zeroTag;
  }

  /** Another null protection: there are no keys to update, but the counters start afresh. */
  @Override
  public NullPacketProtection nextGeneration() {
    return new NullPacketProtection();
  }

  @Override
  public long packetsSealed() {
    return packetsSealed;
  }

  @Override
  public long authenticationFailures() {
    return authenticationFailures;
  }

  @Override
  public String toString() {
    return "NullPacketProtection[not QUIC: no encryption]";
  }
}
