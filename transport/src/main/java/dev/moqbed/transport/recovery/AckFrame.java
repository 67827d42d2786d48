package dev.moqbed.transport.recovery;

import java.util.Arrays;

/**
 * The contents of one ACK frame as {@link AckTracker} built it: the largest acknowledged packet
 * number, the encoded ACK delay, and the acknowledged ranges from the highest down. Immutable (but
 * for a peer's ACK that a reusing codec decodes again, {@link #refillDecoded}); the sender keeps it
 * in the sent-packet record so that {@link AckTracker#onAckFrameAcknowledged(AckFrame)} can prune
 * the ranges once the peer acknowledges the packet that carried it.
 */
public final class AckFrame {
  private long encodedAckDelay;
  private int ackDelayExponent;
  private long[] ranges;

  /** Pairs in use at the start of {@link #ranges} (all of it, but in a {@link #refillDecoded}). */
  private int rangeCount;

  /**
   * @param encodedAckDelay the ACK Delay field: microseconds shifted right by the exponent
   * @param ackDelayExponent the sender's ack_delay_exponent
   * @param ranges [smallest, largest] pairs, highest range first, non-overlapping, descending;
   *     owned by the frame from now on
   */
  AckFrame(long encodedAckDelay, int ackDelayExponent, long[] ranges) {
    if (ranges.length == 0 || ranges.length % 2 != 0) {
      throw new IllegalArgumentException("ranges must be [smallest, largest] pairs");
    }
    this.encodedAckDelay = encodedAckDelay;
    this.ackDelayExponent = ackDelayExponent;
    this.ranges = ranges;
    this.rangeCount = ranges.length / 2;
  }

  /**
   * A frame from explicit ranges, for tests and for decoding a peer's frame.
   *
   * @param ranges [smallest, largest] pairs, highest first, each below the previous one with a gap
   */
  public static AckFrame of(long ackDelayMicros, int ackDelayExponent, long... ranges) {
    long[] copy = ranges.clone();
    checkDescending(copy, copy.length);
    return new AckFrame(ackDelayMicros >> ackDelayExponent, ackDelayExponent, copy);
  }

  private static void checkDescending(long[] ranges, int length) {
    for (int i = 0; i + 1 < length; i += 2) {
      if (ranges[i] > ranges[i + 1] || (i >= 2 && ranges[i + 1] + 1 >= ranges[i - 2])) {
        throw new IllegalArgumentException(
            "ranges must be descending: " + Arrays.toString(Arrays.copyOf(ranges, length)));
      }
    }
  }

  /**
   * A peer's ACK decoded into this frame again, for a codec that reuses what it decodes (valid
   * until it decodes the next datagram; whatever keeps a received packet copies its ACK with {@link
   * #copy}); a frame this end built and sent is never refilled. Checked as {@link #of} checks.
   *
   * @param ranges [smallest, largest] pairs as in {@link #of}, the first {@code count} pairs used;
   *     the frame reads the array from now on, and the caller refills it only with the frame
   */
  public void refillDecoded(long ackDelayMicros, int ackDelayExponent, long[] ranges, int count) {
    if (count == 0 || 2 * count > ranges.length) {
      throw new IllegalArgumentException("ranges must be [smallest, largest] pairs");
    }
    checkDescending(ranges, 2 * count);
    this.encodedAckDelay = ackDelayMicros >> ackDelayExponent;
    this.ackDelayExponent = ackDelayExponent;
    this.ranges = ranges;
    this.rangeCount = count;
  }

  /** A frame of its own with the same contents. */
  public AckFrame copy() {
    return new AckFrame(encodedAckDelay, ackDelayExponent, ranges());
  }

  public long largestAcknowledged() {
    return ranges[1];
  }

  /** The ACK Delay field as encoded (units of 2^exponent microseconds). */
  public long encodedAckDelay() {
    return encodedAckDelay;
  }

  public int ackDelayExponent() {
    return ackDelayExponent;
  }

  /** The ACK delay the peer decodes: the encoded field shifted back by the exponent. */
  public long ackDelayMicros() {
    return encodedAckDelay << ackDelayExponent;
  }

  /** Number of ranges, the first one included (1 + ACK Range Count). */
  public int rangeCount() {
    return rangeCount;
  }

  /** Smallest packet number of range {@code index} (0 = the range holding the largest). */
  public long rangeSmallest(int index) {
    return ranges[2 * index];
  }

  /** Largest packet number of range {@code index}. */
  public long rangeLargest(int index) {
    return ranges[2 * index + 1];
  }

  /** A copy of the ranges: [smallest, largest] pairs, highest range first. Allocates. */
  public long[] ranges() {
    return Arrays.copyOf(ranges, 2 * rangeCount);
  }

  /** Whether the frame acknowledges {@code packetNumber}. */
  public boolean acknowledges(long packetNumber) {
    for (int i = 0; i < 2 * rangeCount; i += 2) {
      if (packetNumber > ranges[i + 1]) {
        return false;
      }
      if (packetNumber >= ranges[i]) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("ACK[delay ").append(ackDelayMicros()).append(" us");
    for (int i = 0; i < 2 * rangeCount; i += 2) {
      text.append(", ").append(ranges[i]).append('-').append(ranges[i + 1]);
    }
    return text.append(']').toString();
  }
}
