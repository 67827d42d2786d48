package dev.moqbed.transport.recovery;

import java.util.Arrays;

/**
 * The receiver side of one packet-number space: which packet numbers arrived (as ranges), whether
 * an ACK is due and when the ACK timer fires, and what the next ACK frame holds.
 *
 * <p>{@link AckFlavor#PICOQUIC} follows picoquic ({@code sacks.c}, {@code
 * picoquic_is_ack_needed_in_ctx} and {@code picoquic_format_ack_frame_in_context} in {@code
 * frames.c}). An ACK is due when an ack-eliciting packet is pending and:
 *
 * <ol>
 *   <li>the space is Initial or Handshake (always immediate);
 *   <li>(IMMEDIATE_ACK: picoquic never sends one; not modelled);
 *   <li>a stream FIN or a reset up to its final size was received ("ack after FIN");
 *   <li>a packet arrived out of order (past largest + 1, or below the largest of the last ACK while
 *       an ACK was pending) and the peer has not asked to ignore order. picoquic peers always send
 *       ACK_FREQUENCY with reordering threshold 0, so this holds only until the first such frame;
 *   <li>the largest received packet number reached the largest in the last ACK + the gap (counted
 *       in packet numbers, lost ones included; the gap is 2 while fewer than 128 packets were
 *       received on the connection), or the oldest pending ack-eliciting packet waited the ACK
 *       delay (gap 2 and 1 ms until an ACK_FREQUENCY frame arrives);
 * </ol>
 *
 * and, with nothing ack-eliciting pending: (6) at least 8 new packet numbers since the last ACK and
 * the ACK delay elapsed since it (no timer is armed for this one).
 *
 * <p>An ACK holds the highest range and up to 32 more, preferring those sent the fewest times
 * (counts saturate at 4; a range other than the highest goes out at most 5 times). An ACK holding a
 * single range already sent 4 times is not built unless an ack-eliciting packet is pending. When
 * the peer acknowledges a packet that carried an ACK, each range of that ACK that still matches is
 * removed (the highest range is shrunk instead, keeping at least its largest number).
 *
 * <p>{@link AckFlavor#RFC9000} applies RFC 9000 section 13.2 defaults: an ACK after 2 ack-eliciting
 * packets or after max_ack_delay (25 ms), immediately when an ack-eliciting packet arrives below
 * the largest ack-eliciting one or past a gap, ACK_FREQUENCY frames ignored (the extension is not
 * negotiated), no rule 6, the newest 1 + 32 ranges without send-count preference, and pruning of
 * everything at or below the largest of an acknowledged ACK.
 *
 * <p>Allocation: one {@link AckFrame} per ACK built; the range arrays grow only when the number of
 * ranges exceeds any earlier maximum.
 */
public final class AckTracker {

  private static final int INITIAL_CAPACITY = 16;

  private final AckFlavor flavor;
  private final boolean applicationSpace;
  private final int maxExtraRanges;
  private final int ackDelayExponent;
  private final long rfcMaxAckDelayMicros;
  private final long[] scratch;

  // Ranges in ascending order: [starts[i], ends[i]], with a gap between consecutive ranges.
  private long[] starts = new long[INITIAL_CAPACITY];
  private long[] ends = new long[INITIAL_CAPACITY];
  private int[] timesSent = new int[INITIAL_CAPACITY];
  private int rangeCount;
  // How many ranges were sent 0, 1, 2, 3 times (picoquic's range_counts).
  private final int[] rangesBySendCount = new int[TransportDefaults.MAX_ACK_RANGE_REPEAT];

  private boolean ackNeeded;
  private long oldestUnackedMicros;
  private boolean ackAfterFin;
  private boolean outOfOrder;
  private long highestAckSent;
  private long highestAckSentMicros;
  private long largestReceivedMicros;
  private long packetsReceivedOnConnection;

  // Parameters the peer asked for with ACK_FREQUENCY.
  private long ackGapPackets = TransportDefaults.ACK_GAP_BEFORE_ACK_FREQUENCY;
  private long ackDelayMicros = TransportDefaults.ACK_DELAY_BEFORE_ACK_FREQUENCY_MICROS;
  private long ackFrequencySequence = -1;
  private boolean ignoreOrder;

  // RFC 9000 state.
  private int ackElicitingSinceAck;
  private long largestAckEliciting = -1;

  /**
   * A tracker with picoquic's defaults: 32 extra ranges, ACK delay exponent 3, and for the RFC
   * flavour a max_ack_delay of 25 ms.
   *
   * @param applicationSpace false for the Initial and Handshake spaces, which ACK immediately
   * @param startMicros when the connection started (the time of the "last ACK" before any)
   */
  public AckTracker(AckFlavor flavor, boolean applicationSpace, long startMicros) {
    this(
        flavor,
        applicationSpace,
        startMicros,
        TransportDefaults.MAX_EXTRA_ACK_RANGES,
        TransportDefaults.ACK_DELAY_EXPONENT,
        TransportDefaults.DEFAULT_PEER_MAX_ACK_DELAY_MICROS);
  }

  /**
   * @param maxExtraRanges ranges per ACK besides the highest (32 in picoquic)
   * @param ackDelayExponent this endpoint's ack_delay_exponent
   * @param rfcMaxAckDelayMicros this endpoint's max_ack_delay, used by the RFC flavour only
   */
  public AckTracker(
      AckFlavor flavor,
      boolean applicationSpace,
      long startMicros,
      int maxExtraRanges,
      int ackDelayExponent,
      long rfcMaxAckDelayMicros) {
    if (maxExtraRanges < 0) {
      throw new IllegalArgumentException("negative range count: " + maxExtraRanges);
    }
    this.flavor = flavor;
    this.applicationSpace = applicationSpace;
    this.maxExtraRanges = maxExtraRanges;
    this.ackDelayExponent = ackDelayExponent;
    this.rfcMaxAckDelayMicros = rfcMaxAckDelayMicros;
    this.highestAckSentMicros = startMicros;
    this.scratch = new long[2 * (maxExtraRanges + 1)];
  }

  /**
   * Records a received packet, after its frames were processed (picoquic marks the ACK as needed
   * while decoding frames, then records the number).
   *
   * @return false if the packet number was already received (a duplicate, to be dropped)
   */
  public boolean onPacketReceived(long nowMicros, long packetNumber, boolean ackEliciting) {
    if (isReceived(packetNumber)) {
      return false;
    }
    packetsReceivedOnConnection++;
    if (ackEliciting && !ackNeeded) {
      ackNeeded = true;
      oldestUnackedMicros = nowMicros;
    }
    if (flavor == AckFlavor.RFC9000) {
      if (ackEliciting) {
        ackElicitingSinceAck++;
        if (packetNumber < largestAckEliciting
            || missingBetween(largestAckEliciting, packetNumber)) {
          outOfOrder = true;
        }
        largestAckEliciting = Math.max(largestAckEliciting, packetNumber);
      }
    } else if (rangeCount > 0) {
      long largest = largestReceived();
      if (packetNumber > largest + 1
          || (packetNumber < largest && ackNeeded && packetNumber < highestAckSent)) {
        outOfOrder = true;
      }
    }
    if (rangeCount == 0 || packetNumber > largestReceived()) {
      largestReceivedMicros = nowMicros;
    }
    insert(packetNumber);
    return true;
  }

  /** Whether some number strictly between {@code lower} and {@code upper} was not received. */
  private boolean missingBetween(long lower, long upper) {
    if (lower < 0 || upper <= lower + 1) {
      return false;
    }
    int index = floorIndex(lower + 1);
    return index < 0 || ends[index] < upper - 1;
  }

  /**
   * A packet was received in another packet-number space of the same connection: picoquic counts
   * every packet of the connection for the "gap 2 during the first 128 packets" rule.
   */
  public void onPacketReceivedInOtherSpace() {
    packetsReceivedOnConnection++;
  }

  /** A stream FIN, or a reset up to its final size, was received: ACK at once (rule 3). */
  public void onStreamFinReceived() {
    ackAfterFin = true;
  }

  /**
   * An ACK_FREQUENCY frame from the peer. Applied if its sequence number is newer than the last one
   * applied (picoquic's signed-delta test); validation errors are the connection's business.
   * Ignored by the RFC 9000 flavour.
   *
   * @return whether the frame was applied
   */
  public boolean onAckFrequency(
      long sequence, long gapPackets, long delayMicros, long reorderingThreshold) {
    if (flavor == AckFlavor.RFC9000 || sequence - ackFrequencySequence <= 0) {
      return false;
    }
    ackFrequencySequence = sequence;
    ackGapPackets = gapPackets;
    ackDelayMicros = delayMicros;
    ignoreOrder = reorderingThreshold == 0;
    return true;
  }

  /** Whether an ACK frame should go in the packet being built now. */
  public boolean isAckDue(long nowMicros) {
    if (ackNeeded) {
      if (!applicationSpace || ackAfterFin) {
        return true;
      }
      if (flavor == AckFlavor.RFC9000) {
        return outOfOrder
            || ackElicitingSinceAck >= 2
            || oldestUnackedMicros + rfcMaxAckDelayMicros <= nowMicros;
      }
      if (outOfOrder && !ignoreOrder) {
        return true;
      }
      return highestAckSent + effectiveAckGapPackets() <= largestReceived()
          || oldestUnackedMicros + ackDelayMicros <= nowMicros;
    }
    // Rule 6: occasionally acknowledge a run of non-ack-eliciting packets.
    return flavor == AckFlavor.PICOQUIC
        && rangeCount > 0
        && highestAckSent + TransportDefaults.ACK_ONLY_PACKETS_BEFORE_ACK <= largestReceived()
        && highestAckSentMicros + ackDelayMicros <= nowMicros;
  }

  /**
   * When the sender should next consider an ACK: {@code now} if one is due, the ACK-delay deadline
   * of the oldest pending ack-eliciting packet, or {@link Long#MAX_VALUE} if none is pending (rule
   * 6 never arms a timer).
   */
  public long nextAckTimeMicros(long nowMicros) {
    if (isAckDue(nowMicros)) {
      return nowMicros;
    }
    if (!ackNeeded) {
      return Long.MAX_VALUE;
    }
    return oldestUnackedMicros
        + (flavor == AckFlavor.RFC9000 ? rfcMaxAckDelayMicros : ackDelayMicros);
  }

  /** The gap in force: the peer's request, or 2 during the connection's first 128 packets. */
  public long effectiveAckGapPackets() {
    return packetsReceivedOnConnection < TransportDefaults.PACKETS_BEFORE_ACK_GAP_APPLIES
        ? TransportDefaults.ACK_GAP_BEFORE_ACK_FREQUENCY
        : ackGapPackets;
  }

  /**
   * Builds the next ACK frame and records it as sent: send counts, the largest acknowledged and the
   * time, cleared "pending" flags. picoquic also calls this without {@link #isAckDue} to add an ACK
   * to retransmissions and handshake packets.
   *
   * @return the frame, or null if there is nothing worth acknowledging
   */
  public AckFrame buildAck(long nowMicros) {
    if (rangeCount == 0) {
      return null;
    }
    int top = rangeCount - 1;
    if (flavor == AckFlavor.PICOQUIC
        && !ackNeeded
        && rangeCount == 1
        && timesSent[top] >= TransportDefaults.MAX_ACK_RANGE_REPEAT) {
      return null;
    }
    long encodedDelay =
        nowMicros > largestReceivedMicros
            ? (nowMicros - largestReceivedMicros) >> ackDelayExponent
            : 0;
    scratch[0] = starts[top];
    scratch[1] = ends[top];
    recordSent(top);
    int extra = flavor == AckFlavor.PICOQUIC ? selectLeastSentRanges(top) : selectNewestRanges(top);
    highestAckSent = ends[top];
    highestAckSentMicros = nowMicros;
    ackNeeded = false;
    ackAfterFin = false;
    outOfOrder = false;
    ackElicitingSinceAck = 0;
    return new AckFrame(encodedDelay, ackDelayExponent, Arrays.copyOf(scratch, 2 * (extra + 1)));
  }

  /** picoquic's {@code picoquic_sack_select_ack_ranges} and the loop that uses its result. */
  private int selectLeastSentRanges(int top) {
    int topCount = timesSent[top];
    int sentMax = TransportDefaults.MAX_ACK_RANGE_REPEAT;
    int skip = 0;
    int cumulative = 0;
    for (int count = 0; count < TransportDefaults.MAX_ACK_RANGE_REPEAT; count++) {
      cumulative += rangesBySendCount[count];
      if (count == topCount) {
        cumulative -= 1;
      }
      if (cumulative >= maxExtraRanges) {
        sentMax = count;
        skip = cumulative - maxExtraRanges;
        break;
      }
    }
    int extra = 0;
    for (int index = top - 1; index >= 0 && extra < maxExtraRanges; index--) {
      int sent = timesSent[index];
      if (sent > sentMax) {
        continue;
      }
      // Among the ranges at the threshold count, the highest ones give way first.
      if (sent == sentMax && skip > 0) {
        skip--;
        continue;
      }
      extra++;
      scratch[2 * extra] = starts[index];
      scratch[2 * extra + 1] = ends[index];
      recordSent(index);
    }
    return extra;
  }

  private int selectNewestRanges(int top) {
    int extra = 0;
    for (int index = top - 1; index >= 0 && extra < maxExtraRanges; index--) {
      extra++;
      scratch[2 * extra] = starts[index];
      scratch[2 * extra + 1] = ends[index];
      recordSent(index);
    }
    return extra;
  }

  /** The peer acknowledged a packet that carried {@code frame}: prune what it reported. */
  public void onAckFrameAcknowledged(AckFrame frame) {
    if (flavor == AckFlavor.RFC9000) {
      pruneAtOrBelow(frame.largestAcknowledged());
      return;
    }
    for (int i = 0; i < frame.rangeCount(); i++) {
      pruneMatchingRange(frame.rangeSmallest(i), frame.rangeLargest(i));
    }
  }

  /** picoquic's {@code picoquic_process_ack_of_ack_range}: only exact matches are removed. */
  private void pruneMatchingRange(long smallest, long largest) {
    int index = floorIndex(smallest);
    if (index < 0 || starts[index] != smallest) {
      return;
    }
    if (index == rangeCount - 1) {
      // The highest range is never deleted: it holds the largest received number.
      starts[index] = largest < ends[index] ? largest + 1 : ends[index];
    } else if (ends[index] == largest) {
      delete(index);
    }
  }

  private void pruneAtOrBelow(long largestAcknowledged) {
    int top = rangeCount - 1;
    int removed = 0;
    while (removed < top && ends[removed] <= largestAcknowledged) {
      removed++;
    }
    for (int i = 0; i < removed; i++) {
      delete(0);
    }
    if (rangeCount > 0 && starts[0] <= largestAcknowledged) {
      starts[0] = Math.min(largestAcknowledged + 1, ends[0]);
    }
  }

  /** Whether {@code packetNumber} is in a range still tracked. */
  public boolean isReceived(long packetNumber) {
    int index = floorIndex(packetNumber);
    return index >= 0 && packetNumber <= ends[index];
  }

  /** Index of the last range starting at or below {@code packetNumber}, -1 if none. */
  private int floorIndex(long packetNumber) {
    int low = 0;
    int high = rangeCount - 1;
    int found = -1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      if (starts[mid] <= packetNumber) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found;
  }

  /** picoquic's {@code picoquic_update_sack_list} for one new number. */
  private void insert(long packetNumber) {
    int previous = floorIndex(packetNumber);
    int next = previous + 1;
    boolean touchesNext = next < rangeCount && starts[next] - 1 <= packetNumber;
    if (previous < 0 || ends[previous] + 1 < packetNumber) {
      if (touchesNext) {
        starts[next] = packetNumber;
        resetSendCount(next);
      } else {
        insertAt(next, packetNumber);
      }
    } else if (touchesNext) {
      ends[previous] = ends[next];
      resetSendCount(previous);
      delete(next);
    } else {
      ends[previous] = packetNumber;
      resetSendCount(previous);
    }
  }

  private void insertAt(int index, long packetNumber) {
    if (rangeCount == starts.length) {
      int capacity = 2 * starts.length;
      starts = Arrays.copyOf(starts, capacity);
      ends = Arrays.copyOf(ends, capacity);
      timesSent = Arrays.copyOf(timesSent, capacity);
    }
    int moved = rangeCount - index;
    System.arraycopy(starts, index, starts, index + 1, moved);
    System.arraycopy(ends, index, ends, index + 1, moved);
    System.arraycopy(timesSent, index, timesSent, index + 1, moved);
    starts[index] = packetNumber;
    ends[index] = packetNumber;
    timesSent[index] = 0;
    rangesBySendCount[0]++;
    rangeCount++;
  }

  private void delete(int index) {
    uncount(index);
    int moved = rangeCount - index - 1;
    System.arraycopy(starts, index + 1, starts, index, moved);
    System.arraycopy(ends, index + 1, ends, index, moved);
    System.arraycopy(timesSent, index + 1, timesSent, index, moved);
    rangeCount--;
  }

  private void uncount(int index) {
    if (timesSent[index] < TransportDefaults.MAX_ACK_RANGE_REPEAT) {
      rangesBySendCount[timesSent[index]]--;
    }
  }

  private void recordSent(int index) {
    uncount(index);
    timesSent[index]++;
    if (timesSent[index] < TransportDefaults.MAX_ACK_RANGE_REPEAT) {
      rangesBySendCount[timesSent[index]]++;
    }
  }

  /** A modified range counts as never sent. */
  private void resetSendCount(int index) {
    uncount(index);
    timesSent[index] = 0;
    rangesBySendCount[0]++;
  }

  public AckFlavor flavor() {
    return flavor;
  }

  /** The largest packet number received, 0 if none (picoquic's convention). */
  public long largestReceived() {
    return rangeCount == 0 ? 0 : ends[rangeCount - 1];
  }

  /** Arrival time of the largest packet number received. */
  public long largestReceivedMicros() {
    return largestReceivedMicros;
  }

  /** Number of ranges tracked. */
  public int rangeCount() {
    return rangeCount;
  }

  /** Smallest number of range {@code index}, 0 being the highest range. */
  public long rangeSmallest(int index) {
    return starts[rangeCount - 1 - index];
  }

  /** Largest number of range {@code index}, 0 being the highest range. */
  public long rangeLargest(int index) {
    return ends[rangeCount - 1 - index];
  }

  /** How many ACK frames carried range {@code index} (0 = highest) since it last changed. */
  public int rangeTimesSent(int index) {
    return timesSent[rangeCount - 1 - index];
  }

  /** Whether an ack-eliciting packet waits for an ACK. */
  public boolean ackNeeded() {
    return ackNeeded;
  }

  /** Whether an out-of-order arrival is pending (rule 4). */
  public boolean outOfOrderPending() {
    return outOfOrder;
  }

  /** The largest packet number in the last ACK built, 0 before any. */
  public long highestAckSent() {
    return highestAckSent;
  }

  /** The ACK delay the peer requested (1 ms before any ACK_FREQUENCY). */
  public long ackDelayMicros() {
    return ackDelayMicros;
  }

  /** The ACK gap the peer requested (2 before any ACK_FREQUENCY). */
  public long requestedAckGapPackets() {
    return ackGapPackets;
  }

  /** Whether the peer asked to ignore reordering (reordering threshold 0). */
  public boolean ignoresOrder() {
    return ignoreOrder;
  }

  /** Packets counted for the 128-packet rule. */
  public long packetsReceivedOnConnection() {
    return packetsReceivedOnConnection;
  }
}
