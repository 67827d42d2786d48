package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;

/**
 * Packet-number truncation on send and reconstruction on receive (RFC 9000 §17.1, Appendix A.2 and
 * A.3).
 *
 * <p>A packet carries only the 1–4 low bytes of its packet number; the receiver rebuilds the full
 * number as the one closest to the next it expects. The sender must therefore use enough bytes to
 * cover more than twice the distance from the largest acknowledged packet (§17.1).
 */
public final class PacketNumbers {
  /** The largest packet number, 2^62 - 1 (§12.3). */
  public static final long MAX = VarInt.MAX;

  /** "Nothing acknowledged / received yet" for the arguments below. */
  public static final long NONE = -1;

  private PacketNumbers() {}

  /**
   * Bytes needed to send {@code fullPacketNumber} when the peer has acknowledged up to {@code
   * largestAcknowledged} ({@link #NONE} if nothing): the smallest size whose range exceeds twice
   * the number of packets in flight above the acknowledged one (Appendix A.2).
   */
  public static int encodedLength(long fullPacketNumber, long largestAcknowledged) {
    if (fullPacketNumber < 0
        || fullPacketNumber > MAX
        || largestAcknowledged >= fullPacketNumber
        || largestAcknowledged < NONE) {
      throw new IllegalArgumentException(
          "packet number " + fullPacketNumber + " after acknowledged " + largestAcknowledged);
    }
    long unacknowledged = fullPacketNumber - largestAcknowledged;
    // bit length of the distance, plus one bit so the range is more than twice as large
    int bits = 64 - Long.numberOfLeadingZeros(unacknowledged) + 1;
    int bytes = (bits + 7) / 8;
    if (bytes > 4) {
      throw new IllegalArgumentException(
          unacknowledged + " packets unacknowledged: beyond a 4-byte packet number");
    }
    return bytes;
  }

  /** Writes the low {@code length} bytes (1–4) of {@code packetNumber}, network order. */
  public static void write(ByteBuffer buffer, long packetNumber, int length) {
    checkLength(length);
    for (int shift = 8 * (length - 1); shift >= 0; shift -= 8) {
      buffer.put((byte) (packetNumber >>> shift));
    }
  }

  /** Reads the truncated packet number of {@code length} bytes at absolute {@code offset}. */
  public static long readTruncated(ByteBuffer buffer, int offset, int length) {
    checkLength(length);
    long value = 0;
    for (int i = 0; i < length; i++) {
      value = (value << 8) | (buffer.get(offset + i) & 0xff);
    }
    return value;
  }

  /**
   * The full packet number closest to the one expected after {@code largestReceived} ({@link #NONE}
   * if nothing was received in this space) whose low {@code length} bytes are {@code truncated}
   * (Appendix A.3).
   */
  public static long decode(long largestReceived, long truncated, int length) {
    checkLength(length);
    long expected = largestReceived + 1;
    long window = 1L << (8 * length);
    long halfWindow = window / 2;
    long mask = window - 1;
    long candidate = (expected & ~mask) | (truncated & mask);
    // Move one window up or down when that lands closer to the expected number, never past the
    // ends of the packet-number space.
    if (candidate <= expected - halfWindow && candidate < (1L << 62) - window) {
      return candidate + window;
    }
    if (candidate > expected + halfWindow && candidate >= window) {
      return candidate - window;
    }
    return candidate;
  }

  private static void checkLength(int length) {
    if (length < 1 || length > 4) {
      throw new IllegalArgumentException("packet number length " + length);
    }
  }
}
