package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketNumbers;
import java.nio.ByteBuffer;

/**
 * QUIC version 1 packet protection (RFC 9001 §5) for one direction at one encryption level: an AEAD
 * key and IV and a header protection key, all derived from one {@link TrafficSecret}.
 *
 * <p>Allocation per packet is what the JDK's {@code Cipher.init} and AEAD {@code doFinal} cost
 * (docs/transport/protection.md); header protection with AES allocates nothing.
 */
public final class AeadPacketProtection implements PacketProtection {
  private final TrafficSecret secret;
  private final HeaderProtector headerProtector;
  private final AeadCipher aead;
  private long packetsSealed;
  private long authenticationFailures;

  private AeadPacketProtection(TrafficSecret secret, HeaderProtector headerProtector) {
    this.secret = secret;
    this.headerProtector = headerProtector;
    this.aead = new AeadCipher(secret.suite(), secret.packetKey(), secret.iv());
  }

  /** Protection keyed from {@code secret}: "quic key", "quic iv" and "quic hp" (RFC 9001 §5.1). */
  public static AeadPacketProtection of(TrafficSecret secret) {
    return new AeadPacketProtection(
        secret, HeaderProtector.create(secret.suite(), secret.headerProtectionKey()));
  }

  /** As above, from a secret TLS exported for {@code suite}. */
  public static AeadPacketProtection of(CipherSuite suite, byte[] secret) {
    return of(TrafficSecret.of(suite, secret));
  }

  public CipherSuite suite() {
    return secret.suite();
  }

  @Override
  public int seal(
      ByteBuffer packet,
      int packetStart,
      int packetNumberOffset,
      long packetNumber,
      int payloadEnd) {
    PacketBounds.check(packet, packetStart, packetNumberOffset, payloadEnd);
    int packetNumberLength = PacketHeader.packetNumberLength(packet.get(packetStart) & 0xff);
    int payloadOffset = packetNumberOffset + packetNumberLength;
    PacketBounds.checkSealable(packet, packetStart, packetNumberOffset, payloadOffset, payloadEnd);
    long truncated = PacketNumbers.readTruncated(packet, packetNumberOffset, packetNumberLength);
    long window = 1L << (8 * packetNumberLength);
    if (truncated != (packetNumber & (window - 1))) {
      // The receiver would rebuild another number and fail to authenticate the packet.
      throw new IllegalArgumentException(
          "header carries packet number 0x"
              + Long.toHexString(truncated)
              + ", not the low bytes of "
              + packetNumber);
    }
    int end = aead.seal(packet, packetStart, payloadOffset, payloadEnd, packetNumber);
    headerProtector.apply(packet, packetStart, packetNumberOffset);
    packetsSealed++;
    return end;
  }

  @Override
  public int removeHeaderProtection(ByteBuffer packet, int packetStart, int packetNumberOffset) {
    int sampleEnd = packetNumberOffset + PacketBounds.SAMPLE_REACH;
    PacketBounds.check(packet, packetStart, packetNumberOffset, sampleEnd);
    return headerProtector.remove(packet, packetStart, packetNumberOffset);
  }

  @Override
  public boolean openPayload(
      ByteBuffer packet, int packetStart, int payloadOffset, int packetEnd, long packetNumber) {
    PacketBounds.check(packet, packetStart, payloadOffset, packetEnd);
    // Shorter than a tag is a peer's malformed packet, reported like a failed tag.
    boolean authentic =
        packetEnd - payloadOffset >= TAG_LENGTH
            && aead.open(packet, packetStart, payloadOffset, packetEnd, packetNumber);
    if (!authentic) {
      authenticationFailures++;
    }
    return authentic;
  }

  /**
   * Keys of the next key phase; the header protector is shared, as its key never changes (§6.1).
   */
  @Override
  public AeadPacketProtection nextGeneration() {
    return new AeadPacketProtection(secret.next(), headerProtector);
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
    return "AeadPacketProtection[" + secret.suite() + "]";
  }
}
