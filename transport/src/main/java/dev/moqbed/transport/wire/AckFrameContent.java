package dev.moqbed.transport.wire;

import java.util.Arrays;

/**
 * The content of an ACK or ACK_ECN frame (RFC 9000 §19.3): acknowledged packet-number ranges in
 * descending order, the encoded ACK Delay and, for ACK_ECN, the three ECN counts (§19.3.2).
 *
 * <p>Mutable and reusable, so neither side allocates per frame: {@link FrameDecoder} refills one
 * instance per ACK frame it parses (valid only during the handler call), and a sender fills one
 * with {@link #clear()} and {@link #addRange} before {@link FrameWriter#writeAck}. Ranges are kept
 * as absolute packet numbers; the gap/length form of the wire is computed on encode and decode.
 */
public final class AckFrameContent {
  /**
   * Pairs [smallest, largest] per range, range 0 (the highest) first: the order of {@code
   * recovery.AckFrame}, the immutable ACK a connection builds, which this is encoded from and
   * decoded into.
   */
  private long[] bounds = new long[16];

  private int rangeCount;
  private long ackDelay;
  private boolean ecn;
  private long ect0;
  private long ect1;
  private long ecnCe;

  /** Forgets all ranges, the delay and the ECN counts. */
  public AckFrameContent clear() {
    rangeCount = 0;
    ackDelay = 0;
    ecn = false;
    ect0 = 0;
    ect1 = 0;
    ecnCe = 0;
    return this;
  }

  /**
   * Appends the range {@code [smallest, largest]}, which must lie below the previous range with at
   * least one packet number between them: adjacent ranges would need a gap of -1, which the
   * encoding cannot express (§19.3.1).
   */
  public AckFrameContent addRange(long smallest, long largest) {
    if (smallest < 0 || largest < smallest || largest > VarInt.MAX) {
      throw new IllegalArgumentException("ack range [" + smallest + ", " + largest + "]");
    }
    if (rangeCount > 0 && largest >= rangeSmallest(rangeCount - 1) - 1) {
      throw new IllegalArgumentException(
          "ack range ["
              + smallest
              + ", "
              + largest
              + "] not below ["
              + rangeSmallest(rangeCount - 1)
              + ", ...] with a gap");
    }
    appendRange(smallest, largest);
    return this;
  }

  /** Appends a range the decoder has already validated. */
  void appendRange(long smallest, long largest) {
    if (2 * rangeCount + 2 > bounds.length) {
      bounds = Arrays.copyOf(bounds, bounds.length * 2);
    }
    bounds[2 * rangeCount] = smallest;
    bounds[2 * rangeCount + 1] = largest;
    rangeCount++;
  }

  /**
   * Sets the ACK Delay field: microseconds divided by 2^ack_delay_exponent of the sender (§19.3,
   * §18.2), not scaled here because the exponent is connection state.
   */
  public AckFrameContent ackDelay(long encodedAckDelay) {
    if (encodedAckDelay < 0 || encodedAckDelay > VarInt.MAX) {
      throw new IllegalArgumentException("ack delay " + encodedAckDelay);
    }
    this.ackDelay = encodedAckDelay;
    return this;
  }

  /** Makes this an ACK_ECN frame with the counts of §19.3.2. */
  public AckFrameContent ecnCounts(long ect0, long ect1, long ecnCe) {
    if (ect0 < 0
        || ect1 < 0
        || ecnCe < 0
        || ect0 > VarInt.MAX
        || ect1 > VarInt.MAX
        || ecnCe > VarInt.MAX) {
      throw new IllegalArgumentException("ECN counts " + ect0 + "/" + ect1 + "/" + ecnCe);
    }
    this.ecn = true;
    this.ect0 = ect0;
    this.ect1 = ect1;
    this.ecnCe = ecnCe;
    return this;
  }

  /** Makes this a plain ACK frame. */
  public AckFrameContent withoutEcn() {
    ecn = false;
    return this;
  }

  /** Number of ranges, at least 1 in a valid frame. */
  public int rangeCount() {
    return rangeCount;
  }

  /** Largest packet number of range {@code index} (0 is the highest range). */
  public long rangeLargest(int index) {
    checkIndex(index);
    return bounds[2 * index + 1];
  }

  /** Smallest packet number of range {@code index}. */
  public long rangeSmallest(int index) {
    checkIndex(index);
    return bounds[2 * index];
  }

  /** The Largest Acknowledged field. */
  public long largestAcknowledged() {
    return rangeLargest(0);
  }

  public long ackDelay() {
    return ackDelay;
  }

  /** Whether the frame is ACK_ECN (type 0x03) and carries ECN counts. */
  public boolean hasEcn() {
    return ecn;
  }

  public long ect0() {
    return ect0;
  }

  public long ect1() {
    return ect1;
  }

  public long ecnCe() {
    return ecnCe;
  }

  /** Whether {@code packetNumber} falls in one of the ranges. */
  public boolean acknowledges(long packetNumber) {
    for (int i = 0; i < rangeCount; i++) {
      if (packetNumber >= bounds[2 * i] && packetNumber <= bounds[2 * i + 1]) {
        return true;
      }
    }
    return false;
  }

  private void checkIndex(int index) {
    if (index < 0 || index >= rangeCount) {
      throw new IndexOutOfBoundsException("range " + index + " of " + rangeCount);
    }
  }

  /** Same ranges, delay and ECN counts. */
  public boolean sameContentAs(AckFrameContent other) {
    if (rangeCount != other.rangeCount
        || ackDelay != other.ackDelay
        || ecn != other.ecn
        || (ecn && (ect0 != other.ect0 || ect1 != other.ect1 || ecnCe != other.ecnCe))) {
      return false;
    }
    return Arrays.equals(bounds, 0, 2 * rangeCount, other.bounds, 0, 2 * rangeCount);
  }

  /** A copy, for keeping a decoded frame beyond the handler call. */
  public AckFrameContent copy() {
    AckFrameContent copy = new AckFrameContent();
    copy.bounds = Arrays.copyOf(bounds, Math.max(2 * rangeCount, 2));
    copy.rangeCount = rangeCount;
    copy.ackDelay = ackDelay;
    copy.ecn = ecn;
    copy.ect0 = ect0;
    copy.ect1 = ect1;
    copy.ecnCe = ecnCe;
    return copy;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(ecn ? "ACK_ECN[" : "ACK[");
    for (int i = 0; i < rangeCount; i++) {
      text.append(i == 0 ? "" : ",").append(rangeSmallest(i)).append('-').append(rangeLargest(i));
    }
    text.append(" delay=").append(ackDelay);
    if (ecn) {
      text.append(" ect0=").append(ect0).append(" ect1=").append(ect1).append(" ce=").append(ecnCe);
    }
    return text.append(']').toString();
  }
}
