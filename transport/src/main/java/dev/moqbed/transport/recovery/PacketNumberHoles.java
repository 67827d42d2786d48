package dev.moqbed.transport.recovery;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * picoquic's defence against optimistic ACKs: now and then the sender skips a 1-RTT packet number
 * (a "hole"), so a peer that acknowledges a number it never received is caught. The rule is {@code
 * picoquic_insert_hole_in_send_sequence_if_needed} (sender.c), checked before every 1-RTT packet in
 * the ready state while packets await acknowledgement:
 *
 * <ul>
 *   <li>the first check only predicts: the next hole is at the next number + 3 + uniform(0 ..
 *       period − 1), so within 3..258 packets with picoquic's period of 256;
 *   <li>when the next number reaches the prediction, it is skipped (unless the newest pending
 *       packet is itself a hole), and the next hole is predicted at the number after it + 3 +
 *       uniform(0 .. (period × 2<sup>holes so far</sup>) − 1): the mean spacing doubles with each
 *       hole.
 * </ul>
 *
 * <p>picoquic draws from its public generator, which every connection reseeds from the TLS random
 * source when it reaches the ready state ({@code picoquic_public_random_seed}), so the holes differ
 * in every run of the reference simulator, its first run included. Here they come from a seeded
 * generator: a seed gives the same holes. A period of 0 disables them ({@code
 * picoquic_set_optimistic_ack_policy(quic, 0)}).
 */
public final class PacketNumberHoles {
  /** {@code PICOQUIC_DEFAULT_HOLE_PERIOD}. */
  public static final int PICOQUIC_PERIOD = 256;

  /** Skipped numbers between two packets: picoquic always adds 3 to the random spacing. */
  static final int MINIMUM_SPACING = 3;

  private final int period;
  private final RandomGenerator random;
  private boolean predicted;
  private long nextHole;
  private int holesInserted;
  private boolean newestPendingIsHole;

  /**
   * The numbers skipped so far, oldest first, to catch a peer that acknowledges one. The mean
   * spacing doubles with each hole, so a connection never skips more than a few dozen: 64 would
   * take about 256 × 2<sup>64</sup> packets.
   */
  private long[] skipped = new long[4];

  /**
   * @param period the pseudo-period in packets ({@link #PICOQUIC_PERIOD}), 0 for no holes
   * @param random where the spacing is drawn from; unused when {@code period} is 0
   */
  public PacketNumberHoles(int period, RandomGenerator random) {
    if (period < 0) {
      throw new IllegalArgumentException("hole period must be at least 0, got " + period);
    }
    this.period = period;
    this.random = random;
  }

  /**
   * Called before a 1-RTT packet is built; returns whether {@code nextPacketNumber} must be skipped
   * (the caller then builds the packet with the number after it).
   *
   * @param ready the connection is in picoquic's ready state (handshake confirmed, not closing)
   * @param packetsPending sent packets of the application space await acknowledgement
   */
  public boolean skip(long nextPacketNumber, boolean ready, boolean packetsPending) {
    if (period == 0 || !ready || nextPacketNumber < nextHole) {
      return false;
    }
    boolean pending = packetsPending || newestPendingIsHole;
    if (!pending) {
      return false;
    }
    boolean insert = predicted && !newestPendingIsHole;
    long after = insert ? nextPacketNumber + 1 : nextPacketNumber;
    if (insert) {
      remember(nextPacketNumber);
      holesInserted++;
      newestPendingIsHole = true;
    }
    nextHole = after + MINIMUM_SPACING + random.nextLong(spacingBound());
    predicted = true;
    return insert;
  }

  /**
   * The lowest skipped number {@code ack} acknowledges, or -1 when it acknowledges none: a peer
   * that does acknowledges a packet it cannot have received (an optimistic ACK, which would make
   * the sender speed up beyond the path), and picoquic closes the connection.
   */
  public long acknowledgedHole(AckFrame ack) {
    for (int i = 0; i < holesInserted; i++) {
      if (ack.acknowledges(skipped[i])) {
        return skipped[i];
      }
    }
    return -1;
  }

  private void remember(long packetNumber) {
    if (holesInserted == skipped.length) {
      skipped = Arrays.copyOf(skipped, skipped.length * 2);
    }
    skipped[holesInserted] = packetNumber;
  }

  /** A packet left with a real number: the newest pending packet is no longer a hole. */
  public void onPacketSent() {
    newestPendingIsHole = false;
  }

  /** Numbers skipped so far. */
  public int holesInserted() {
    return holesInserted;
  }

  /** The number at or after which the next hole goes, once predicted. */
  public long nextHole() {
    return nextHole;
  }

  /** period × 2^holes, saturating: picoquic shifts a 64-bit period by the hole count. */
  private long spacingBound() {
    int shift = Math.min(holesInserted, Long.numberOfLeadingZeros(period) - 1);
    return (long) period << shift;
  }

  /**
   * The generator of a connection built without one: fixed per role and flow, so such a connection
   * is still deterministic (simulations pass one from the run's random streams). The constant is
   * "holes" in ASCII.
   */
  public static RandomGenerator fixedRandom(boolean client, int flowId) {
    return new java.util.SplittableRandom(0x686f6c6573L ^ ((long) flowId << 1) ^ (client ? 1 : 0));
  }
}
