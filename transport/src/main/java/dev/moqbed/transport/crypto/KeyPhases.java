package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketNumbers;
import java.nio.ByteBuffer;

/**
 * The 1-RTT keys across key updates (RFC 9001 §6): the generation we seal with, the one we open
 * with, the next one (tried when a packet's Key Phase bit differs from ours) and the previous one
 * (kept for packets reordered across an update: numbered below the first packet of the new phase,
 * §6.5). Header protection never changes (§6.1), so all generations share it.
 *
 * <p>We initiate an update once {@code updateInterval} packets were sealed in the current phase —
 * to stay below the AEAD's confidentiality limit (2^23 packets for AES-GCM, §6.6) — and only after
 * the peer acknowledged a packet of that phase and answered the previous update (§6.1). A peer's
 * update, a packet of the next phase that opens, moves our opening keys and then our sealing keys
 * to that generation (§6.2). Packets that fail authentication count against the suite's integrity
 * limit (§6.6); the caller closes with AEAD_LIMIT_REACHED once it is reached.
 */
public final class KeyPhases {
  /** Our default interval: half AES-GCM's confidentiality limit, so an ACK has time to come. */
  public static final long DEFAULT_UPDATE_INTERVAL = 1L << 22;

  private final long updateInterval;
  private long integrityLimit = Long.MAX_VALUE;
  private PacketProtection sealing;
  private PacketProtection opening;
  private PacketProtection nextOpening;
  private PacketProtection previousOpening;
  private long sealGeneration;
  private long openGeneration;
  private long firstSentInPhase = PacketNumbers.NONE;
  private long sealedInPhase;
  private boolean phaseAcknowledged;
  private long firstReceivedInPhase = PacketNumbers.NONE;
  private long authenticationFailures;
  private long updatesInitiated;
  private long updatesFollowed;

  /**
   * @param updateInterval packets sealed in one phase before we initiate an update, at least 1
   */
  public KeyPhases(long updateInterval) {
    if (updateInterval < 1) {
      throw new IllegalArgumentException("key update interval " + updateInterval);
    }
    this.updateInterval = updateInterval;
  }

  public void installSealing(PacketProtection protection) {
    sealing = protection;
    integrityLimit = Math.min(integrityLimit, integrityLimitOf(protection));
  }

  public void installOpening(PacketProtection protection) {
    opening = protection;
    integrityLimit = Math.min(integrityLimit, integrityLimitOf(protection));
  }

  public boolean hasOpening() {
    return opening != null;
  }

  /**
   * The keys for the 1-RTT packet numbered {@code packetNumber}, after starting an update if one is
   * due; write {@link #keyPhase} in its header.
   */
  public PacketProtection sealingFor(long packetNumber) {
    if (sealedInPhase >= updateInterval && phaseAcknowledged && openGeneration == sealGeneration) {
      nextSealingGeneration();
      updatesInitiated++;
    }
    if (firstSentInPhase == PacketNumbers.NONE) {
      firstSentInPhase = packetNumber;
    }
    sealedInPhase++;
    return sealing;
  }

  /** The Key Phase bit of the packets we seal now. */
  public boolean keyPhase() {
    return (sealGeneration & 1) == 1;
  }

  /** The peer acknowledged 1-RTT packets up to {@code largestAcknowledged}. */
  public void onAcknowledged(long largestAcknowledged) {
    if (firstSentInPhase != PacketNumbers.NONE && largestAcknowledged >= firstSentInPhase) {
      phaseAcknowledged = true;
    }
  }

  /**
   * Opens a 1-RTT packet in place with the keys its Key Phase bit and number call for; a packet of
   * the next phase that opens moves us to that phase.
   *
   * @return false when it does not authenticate (counted) or is too short to sample
   */
  public boolean open(
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
    int firstByte = opening.removeHeaderProtection(packet, packetStart, packetNumberOffset);
    int packetNumberLength = PacketHeader.packetNumberLength(firstByte);
    long truncated = PacketNumbers.readTruncated(packet, packetNumberOffset, packetNumberLength);
    long packetNumber = PacketNumbers.decode(largestReceived, truncated, packetNumberLength);
    int payloadOffset = packetNumberOffset + packetNumberLength;
    boolean next = PacketHeader.keyPhase(firstByte) != ((openGeneration & 1) == 1);
    PacketProtection keys = opening;
    if (next && previousOpening != null && packetNumber < firstReceivedInPhase) {
      keys = previousOpening; // sent before the update, arriving after it
      next = false;
    } else if (next) {
      if (nextOpening == null) {
        nextOpening = opening.nextGeneration();
      }
      keys = nextOpening;
    }
    if (!keys.openPayload(packet, packetStart, payloadOffset, packetEnd, packetNumber)) {
      authenticationFailures++;
      return false;
    }
    if (next) {
      previousOpening = opening;
      opening = nextOpening;
      nextOpening = null;
      openGeneration++;
      firstReceivedInPhase = packetNumber;
      if (sealGeneration < openGeneration) {
        nextSealingGeneration(); // the peer's update: ours follows (§6.2)
        updatesFollowed++;
      }
    }
    out.set(firstByte, packetNumber, payloadOffset, packetEnd - PacketProtection.TAG_LENGTH);
    return true;
  }

  /** Whether packets failing authentication reached the suite's integrity limit (§6.6). */
  public boolean integrityLimitReached() {
    return authenticationFailures >= integrityLimit;
  }

  /** Lowers the integrity limit (tests; the suite's is 2^52 or 2^36 packets). */
  public void limitIntegrity(long packets) {
    integrityLimit = Math.min(integrityLimit, packets);
  }

  public long authenticationFailures() {
    return authenticationFailures;
  }

  /** Updates we started. */
  public long updatesInitiated() {
    return updatesInitiated;
  }

  /** Updates the peer started and we followed. */
  public long updatesFollowed() {
    return updatesFollowed;
  }

  private void nextSealingGeneration() {
    sealing = sealing.nextGeneration();
    sealGeneration++;
    sealedInPhase = 0;
    firstSentInPhase = PacketNumbers.NONE;
    phaseAcknowledged = false;
  }

  private static long integrityLimitOf(PacketProtection protection) {
    return protection instanceof AeadPacketProtection aead
        ? aead.suite().integrityLimit()
        : Long.MAX_VALUE;
  }
}
