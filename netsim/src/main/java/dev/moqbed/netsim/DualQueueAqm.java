package dev.moqbed.netsim;

import java.util.SplittableRandom;

/**
 * The DualQ coupled AQM (RFC 9332, DualPI2, timestamp variant) in front of a link's serializer, as
 * picoquic's {@code dualq_aqm.c} implements it; {@link AqmQuirks#RFC} switches the points where
 * picoquic departs from the RFC.
 *
 * <ul>
 *   <li>Classifier: ECT(1) and CE go to the L4S queue, everything else to the Classic queue.
 *   <li>Byte limit over both queues, fixed at creation: (queue_delay_max - latency) us at the link
 *       rate; 31,250 bytes (250 us at 1 Gbit/s) when queue_delay_max &lt;= latency.
 *   <li>Scheduler: 16-slot weighted round robin, slot 0 Classic and slots 1-15 L4S, falling back to
 *       the other queue when the chosen one is empty; the slot advances on every call, even when
 *       both queues are empty (as the reference).
 *   <li>PI2 update, when an event finds {@code now >= next update} (no timer of its own): curq =
 *       larger head sojourn of the two queues; p' += alpha·(curq - 15 ms) + beta·(curq - prevq),
 *       clamped to [0, 1]; p_CL = min(1, 2p'); p_C = p'·p'_L (picoquic) or p'² (RFC).
 * </ul>
 */
final class DualQueueAqm {
  /** The reference's fallback buffer: 250 us at 1 Gbit/s. */
  static final long FALLBACK_LIMIT_BYTES = 250L * 125_000_000L / 1_000_000L;

  static final long TARGET_MICROS = 15_000;
  static final long RTT_MAX_MICROS = 100_000;
  static final double COUPLING_FACTOR = 2.0;
  static final long UPDATE_INTERVAL_MICROS = Math.min(RTT_MAX_MICROS / 3, TARGET_MICROS);
  static final double ALPHA_PER_MICROS =
      0.1 * (double) UPDATE_INTERVAL_MICROS / ((double) RTT_MAX_MICROS * (double) RTT_MAX_MICROS);
  static final double BETA_PER_MICROS = 0.3 / RTT_MAX_MICROS;
  static final double CLASSIC_MAX_PROBABILITY =
      Math.min(1.0, 1.0 / (COUPLING_FACTOR * COUPLING_FACTOR));
  static final double L4S_MAX_PROBABILITY = 1.0;
  static final long DEFAULT_MIN_THRESHOLD_MICROS = 800;
  static final int WRR_SLOTS_MASK = 0x0f;

  /** One FIFO of the AQM, with its byte count and its deterministic accumulator. */
  static final class PacketQueue {
    LinkPacket first;
    LinkPacket last;
    long bytes;
    int count;
    double accumulatedProbability;

    void add(LinkPacket packet) {
      packet.next = null;
      if (first == null) {
        first = packet;
      } else {
        last.next = packet;
      }
      last = packet;
      count++;
      bytes += packet.sizeBytes;
    }

    LinkPacket poll() {
      LinkPacket packet = first;
      if (packet != null) {
        first = packet.next;
        packet.next = null;
        if (first == null) {
          last = null;
          bytes = 0;
          count = 0;
        } else {
          // the reference's guard: never let a non-empty queue count 0 bytes
          bytes = packet.sizeBytes < bytes ? bytes - packet.sizeBytes : 1;
          count--;
        }
      }
      return packet;
    }

    /** Sojourn of the head packet, 0 when empty. */
    long headSojournMicros(long nowMicros) {
      return first != null && first.arrivalMicros < nowMicros ? nowMicros - first.arrivalMicros : 0;
    }
  }

  private final SimulatedLink link;
  private final AqmQuirks quirks;
  private final SplittableRandom random;
  private final long limitBytes;
  private final long maxThresholdMicros;
  private final long minThresholdMicros;
  private final long rampMicros;

  final PacketQueue l4sQueue = new PacketQueue();
  final PacketQueue classicQueue = new PacketQueue();
  private int scheduleTick;
  private long currentQueueMicros;
  private long previousQueueMicros;
  private long nextUpdateMicros;
  private double baseProbability;
  private double nativeL4sProbability;
  private double l4sProbability;
  private double coupledL4sProbability;
  private double classicProbability;

  /** Set by {@link #dequeueOne}: the AQM decided to drop the packet it returned. */
  private boolean dequeuedPacketDropped;

  DualQueueAqm(SimulatedLink link, long l4sMaxMicros, AqmQuirks quirks, SplittableRandom random) {
    this.link = link;
    this.quirks = quirks;
    this.random = random;
    long queueDelayMax = link.queueDelayMaxMicros();
    long latency = link.latencyMicros();
    if (queueDelayMax <= latency || link.picosecPerByte() == 0) {
      limitBytes = FALLBACK_LIMIT_BYTES;
    } else {
      limitBytes =
          Long.divideUnsigned((queueDelayMax - latency) * 1_000_000L, link.picosecPerByte());
    }
    maxThresholdMicros = l4sMaxMicros;
    minThresholdMicros = l4sMaxMicros > 1200 ? DEFAULT_MIN_THRESHOLD_MICROS : l4sMaxMicros / 3;
    rampMicros = maxThresholdMicros - minThresholdMicros;
  }

  long limitBytes() {
    return limitBytes;
  }

  long minThresholdMicros() {
    return minThresholdMicros;
  }

  double baseProbability() {
    return baseProbability;
  }

  double nativeL4sProbability() {
    return nativeL4sProbability;
  }

  double l4sProbability() {
    return l4sProbability;
  }

  double coupledL4sProbability() {
    return coupledL4sProbability;
  }

  double classicProbability() {
    return classicProbability;
  }

  /** Whether the packet the last {@link #dequeueOne} returned is to be dropped. */
  boolean lastDequeueDropped() {
    return dequeuedPacketDropped;
  }

  boolean hasPending() {
    return l4sQueue.first != null || classicQueue.first != null;
  }

  int packetsHeld() {
    return l4sQueue.count + classicQueue.count;
  }

  /** A packet arrives: classify it, then move packets to the serializer if it is idle. */
  void submit(LinkPacket packet, long nowMicros) {
    enqueue(packet, nowMicros);
    update(nowMicros);
  }

  void enqueue(LinkPacket packet, long nowMicros) {
    if (classicQueue.bytes + l4sQueue.bytes + packet.sizeBytes > limitBytes) {
      link.drop(packet, nowMicros, LinkDropReason.AQM_OVERFLOW);
      return;
    }
    packet.arrivalMicros = nowMicros; // the sojourn timestamp
    if (packet.datagram.ecn().isL4s()) {
      l4sQueue.add(packet);
    } else {
      classicQueue.add(packet);
    }
  }

  /**
   * Moves packets to the serializer while it is idle (one per slot, drops do not use a slot), then
   * runs the PI2 update if it is due. The reference's {@code dualq_update_it}.
   */
  void update(long nowMicros) {
    while (link.queueTimeMicros() <= nowMicros) {
      LinkPacket packet = dequeueOne(nowMicros);
      if (packet == null) {
        break;
      }
      link.enqueue(packet, nowMicros, dequeuedPacketDropped ? LinkDropReason.AQM_DROP : null);
    }
    if (nowMicros >= nextUpdateMicros) {
      updatePi2(nowMicros);
      nextUpdateMicros = nowMicros + UPDATE_INTERVAL_MICROS;
    }
  }

  /** Picks the next packet and decides its fate (mark, drop); null when both queues are empty. */
  LinkPacket dequeueOne(long nowMicros) {
    dequeuedPacketDropped = false;
    boolean fromL4s = (scheduleTick & WRR_SLOTS_MASK) != 0;
    LinkPacket packet = (fromL4s ? l4sQueue : classicQueue).poll();
    if (packet == null) {
      fromL4s = !fromL4s;
      packet = (fromL4s ? l4sQueue : classicQueue).poll();
    }
    scheduleTick = (scheduleTick + 1) & WRR_SLOTS_MASK;
    if (packet == null) {
      return null;
    }
    if (fromL4s) {
      decideL4s(packet, nowMicros);
    } else if (draw(classicQueue, classicProbability)) {
      if (!packet.datagram.ecn().isEcnCapable() || classicProbability >= CLASSIC_MAX_PROBABILITY) {
        dequeuedPacketDropped = true; // squared drop; overload disables ECN
      } else {
        mark(packet);
      }
    }
    return packet;
  }

  private void decideL4s(LinkPacket packet, long nowMicros) {
    if (coupledL4sProbability < L4S_MAX_PROBABILITY) {
      nativeL4sProbability = nativeRamp(packet, nowMicros);
      l4sProbability = Math.max(nativeL4sProbability, coupledL4sProbability);
      // picoquic computes the combined p_L but marks with the native ramp alone
      double markProbability = quirks == AqmQuirks.PICOQUIC ? nativeL4sProbability : l4sProbability;
      if (draw(l4sQueue, markProbability)) {
        mark(packet);
      }
    } else if (draw(l4sQueue, classicProbability)) {
      dequeuedPacketDropped = true; // overload: revert to Classic drop
    } else if (draw(l4sQueue, coupledL4sProbability)) {
      mark(packet);
    }
  }

  /** The native L4S ramp p'_L on the queue's sojourn (see {@link AqmQuirks} for which packet). */
  private double nativeRamp(LinkPacket dequeued, long nowMicros) {
    long sojourn;
    if (quirks == AqmQuirks.PICOQUIC) {
      if (l4sQueue.count <= 1) {
        return 0;
      }
      sojourn = l4sQueue.headSojournMicros(nowMicros);
    } else {
      if (l4sQueue.count < 1) {
        return 0;
      }
      sojourn = dequeued.arrivalMicros < nowMicros ? nowMicros - dequeued.arrivalMicros : 0;
    }
    if (sojourn >= maxThresholdMicros) {
      return 1.0;
    }
    if (sojourn > minThresholdMicros) {
      return (double) (sojourn - minThresholdMicros) / rampMicros;
    }
    return 0;
  }

  private void mark(LinkPacket packet) {
    packet.datagram.markCongestionExperienced();
    link.onCeMarked(packet);
  }

  /**
   * True with the given likelihood: picoquic's (and RFC 9332 A.2's) deterministic {@code recur}
   * accumulator, or a random draw in the RFC flavour.
   */
  private boolean draw(PacketQueue queue, double likelihood) {
    if (quirks == AqmQuirks.RFC) {
      return likelihood > random.nextDouble();
    }
    queue.accumulatedProbability += likelihood;
    if (queue.accumulatedProbability > 1.0) {
      queue.accumulatedProbability -= 1.0;
      return true;
    }
    return false;
  }

  private void updatePi2(long nowMicros) {
    long classicSojourn = classicQueue.headSojournMicros(nowMicros);
    long l4sSojourn = l4sQueue.headSojournMicros(nowMicros);
    currentQueueMicros = Math.max(classicSojourn, l4sSojourn);
    long targetDelta = currentQueueMicros - TARGET_MICROS;
    long queueDelta = currentQueueMicros - previousQueueMicros;
    // left to right, as the reference: (p' + alpha·delta) + beta·delta, for identical rounding
    baseProbability =
        baseProbability + ALPHA_PER_MICROS * targetDelta + BETA_PER_MICROS * queueDelta;
    if (baseProbability < 0) {
      baseProbability = 0;
    } else if (baseProbability > 1.0) {
      baseProbability = 1.0;
    }
    coupledL4sProbability = Math.min(1.0, baseProbability * COUPLING_FACTOR);
    classicProbability =
        quirks == AqmQuirks.PICOQUIC
            ? baseProbability * nativeL4sProbability
            : baseProbability * baseProbability;
    previousQueueMicros = currentQueueMicros;
  }
}
