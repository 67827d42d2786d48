package dev.moqbed.netsim;

import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import java.util.SplittableRandom;

/**
 * One direction of a simulated link, as picoquic's {@code sim_link.c} with picoquic_ns's phase
 * changes ({@code picoquic_ns_simlink_reset}).
 *
 * <ul>
 *   <li>Serializer: a packet starts at max(now, time the link becomes free) and occupies it for
 *       {@code (picosecPerByte · bytes) >> 20} us, at least 1, where {@code picosecPerByte =
 *       trunc(8000 / rateGbps · 1.024²)}: the reference's integer arithmetic, which truncates (1440
 *       B at 20 Mbit/s take 575 us, not 576). Only the UDP payload counts.
 *   <li>Arrival = end of serialization + one-way latency + a jitter draw (when jitter is set).
 *   <li>Drop-tail in time: a packet submitted while the backlog is at least queue_delay_max is
 *       dropped without occupying the serializer. Packets over 1536 B and burst losses are dropped
 *       after occupying it (a reference quirk).
 *   <li>FIFO: only the head can be delivered, so a packet whose own arrival time has passed waits
 *       for the head: no reordering, ever.
 *   <li>Rate 0 suspends the link: new packets are held with an infinite arrival time.
 *   <li>With a DualQ AQM, packets wait in its queues and move to the serializer only when it is
 *       idle, one per transmission slot; the drop-tail rule is then bypassed.
 * </ul>
 *
 * <p>Single-threaded, driven by {@link TwoNodeNetwork}. Allocates one small object per packet at
 * most (recycled after delivery or drop).
 */
public final class SimulatedLink {
  /** The largest UDP payload a simulated link passes (PICOQUIC_MAX_PACKET_SIZE). */
  public static final int MAX_PACKET_BYTES = 1536;

  /** The rate the reference gives a link created with none (10 Mbit/s). */
  static final double CREATION_DEFAULT_RATE_GBPS = 0.01;

  /** The latency the reference gives a link created with none (overwritten by phase 0). */
  static final long CREATION_DEFAULT_LATENCY_MICROS = 10_000;

  private final LinkDirection direction;
  private final SplitMix64 jitterRandom;
  private final NetworkListener listener;
  private final TrafficStatistics statistics = new TrafficStatistics();
  private final TrafficStatistics[] flowStatistics;
  private DualQueueAqm aqm;

  private long queueTimeMicros;
  private long picosecPerByte;
  private long latencyMicros;
  private long jitterMicros;
  private JitterModel jitterModel = JitterModel.GAUSSIAN;
  private long queueDelayMaxMicros;
  private boolean suspended;

  private long burstLossCount;
  private long packetsBetweenBursts;
  private long packetsAccepted;
  private long packetsAcceptedNextBurst;
  private long lossesLeftInBurst;
  private long endOfBurstMicros;

  private LinkPacket head;
  private LinkPacket tail;
  private LinkPacket free;

  /**
   * A link as picoquic_ns creates it from phase 0 (a rate of 0 becomes 10 Mbit/s and a latency of 0
   * becomes 10 ms until phase 0 is applied; jitter starts at 0), with a DualQ AQM when phase 0 sets
   * l4s_max. The AQM's byte limit is fixed here, from these creation values.
   *
   * @param aqmRandom the AQM's random stream (used by {@link AqmQuirks#RFC} only)
   */
  SimulatedLink(
      LinkDirection direction,
      LinkPhase phase0,
      long nowMicros,
      long jitterSeed,
      int maxFlows,
      AqmQuirks aqmQuirks,
      SplittableRandom aqmRandom,
      NetworkListener listener) {
    this.direction = direction;
    this.jitterRandom = new SplitMix64(jitterSeed);
    this.listener = listener;
    this.flowStatistics = new TrafficStatistics[maxFlows];
    for (int i = 0; i < maxFlows; i++) {
      flowStatistics[i] = new TrafficStatistics();
    }
    double rate = phase0.rateGbps(direction);
    long latency = phase0.latencyMicros();
    this.picosecPerByte = picosecPerByte(rate == 0 ? CREATION_DEFAULT_RATE_GBPS : rate);
    this.latencyMicros = latency == 0 ? CREATION_DEFAULT_LATENCY_MICROS : latency;
    this.queueDelayMaxMicros = phase0.queueDelayMaxMicros();
    this.queueTimeMicros = nowMicros;
    this.burstLossCount = phase0.burstLossCount();
    this.packetsBetweenBursts = phase0.packetsBetweenBursts();
    this.packetsAcceptedNextBurst = phase0.packetsBetweenBursts();
    if (phase0.l4sMaxMicros() > 0) {
      this.aqm = new DualQueueAqm(this, phase0.l4sMaxMicros(), aqmQuirks, aqmRandom);
    }
  }

  /** The reference's {@code picosec_per_byte}: 8000/rate (ps per byte at rate Gbit/s) × 1.024². */
  static long picosecPerByte(double rateGbps) {
    double picos = rateGbps <= 0 ? 0 : 8000.0 / rateGbps;
    picos *= 1.024 * 1.024; // the reference's "binary units", undone by the >> 20 below
    return (long) picos;
  }

  /** Serialization time of {@code sizeBytes} at the current rate, before the 1 us minimum. */
  long transmitMicros(int sizeBytes) {
    return (picosecPerByte * sizeBytes) >>> 20;
  }

  public LinkDirection direction() {
    return direction;
  }

  public TrafficStatistics statistics() {
    return statistics;
  }

  public TrafficStatistics flowStatistics(int flowId) {
    return flowStatistics[flowId];
  }

  /** Null when phase 0 set no L4S threshold. */
  DualQueueAqm aqm() {
    return aqm;
  }

  /** When the serializer becomes free. */
  public long queueTimeMicros() {
    return queueTimeMicros;
  }

  public long latencyMicros() {
    return latencyMicros;
  }

  public boolean isSuspended() {
    return suspended;
  }

  long picosecPerByte() {
    return picosecPerByte;
  }

  long queueDelayMaxMicros() {
    return queueDelayMaxMicros;
  }

  /** The state of this link's jitter generator (to check seeding). */
  public long jitterState() {
    return jitterRandom.state();
  }

  /** Takes a datagram at {@code nowMicros}. */
  void submit(long nowMicros, Datagram datagram) {
    LinkPacket packet = free;
    if (packet == null) {
      packet = new LinkPacket();
    } else {
      free = packet.next;
      packet.next = null;
    }
    packet.datagram = datagram;
    packet.sizeBytes = datagram.sizeBytes();
    packet.submittedMicros = nowMicros;
    statistics.onSent(packet.sizeBytes);
    flowStatistics[datagram.flowId()].onSent(packet.sizeBytes);
    submitPacket(nowMicros, packet);
  }

  private void submitPacket(long nowMicros, LinkPacket packet) {
    if (suspended) {
      packet.arrivalMicros = Long.MAX_VALUE;
      append(packet);
    } else if (aqm != null) {
      aqm.submit(packet, nowMicros);
    } else {
      boolean full = queueDelayMaxMicros > 0 && backlogMicros(nowMicros) >= queueDelayMaxMicros;
      enqueue(packet, nowMicros, full ? LinkDropReason.QUEUE_FULL : null);
    }
  }

  private long backlogMicros(long nowMicros) {
    return nowMicros > queueTimeMicros ? 0 : queueTimeMicros - nowMicros;
  }

  /**
   * Puts a packet on the serializer, or drops it ({@code forcedDrop} non-null: queue full or AQM
   * decision, without occupying the serializer). The reference's {@code
   * picoquictest_sim_link_enqueue}.
   */
  void enqueue(LinkPacket packet, long nowMicros, LinkDropReason forcedDrop) {
    if (forcedDrop != null) {
      drop(packet, nowMicros, forcedDrop);
      return;
    }
    long transmit = transmitMicros(packet.sizeBytes);
    if (transmit <= 0) {
      transmit = 1;
    }
    long start = nowMicros + backlogMicros(nowMicros);
    queueTimeMicros = start + transmit;
    if (packet.sizeBytes > MAX_PACKET_BYTES) {
      drop(packet, nowMicros, LinkDropReason.OVERSIZE);
    } else if (burstLoss(nowMicros)) {
      drop(packet, nowMicros, LinkDropReason.BURST_LOSS);
    } else {
      packetsAccepted++;
      packet.serializationStartMicros = start;
      long arrival = queueTimeMicros + latencyMicros;
      if (jitterMicros != 0) {
        arrival += jitterModel.delayMicros(jitterRandom, jitterMicros);
      }
      packet.arrivalMicros = arrival;
      append(packet);
    }
  }

  /** The reference's {@code picoquictest_sim_link_simloss}: B losses every P accepted packets. */
  private boolean burstLoss(long nowMicros) {
    if (burstLossCount <= 0) {
      return false;
    }
    if (packetsAccepted > packetsAcceptedNextBurst) {
      long picosecWait = burstLossCount * picosecPerByte * MAX_PACKET_BYTES;
      packetsAcceptedNextBurst = packetsAccepted + packetsBetweenBursts;
      lossesLeftInBurst = burstLossCount - 1;
      endOfBurstMicros = nowMicros + Long.divideUnsigned(picosecWait, 1_000_000);
      return true;
    }
    if (lossesLeftInBurst > 0) {
      if (nowMicros > endOfBurstMicros) {
        lossesLeftInBurst = 0;
      } else {
        lossesLeftInBurst--;
        return true;
      }
    }
    return false;
  }

  private void append(LinkPacket packet) {
    packet.next = null;
    if (tail == null) {
      head = packet;
    } else {
      tail.next = packet;
    }
    tail = packet;
  }

  void drop(LinkPacket packet, long nowMicros, LinkDropReason reason) {
    Datagram datagram = packet.datagram;
    statistics.onDropped(reason);
    flowStatistics[datagram.flowId()].onDropped(reason);
    recycle(packet);
    listener.onDropped(nowMicros, direction, datagram, reason);
  }

  void onCeMarked(LinkPacket packet) {
    statistics.onCeMarked();
    flowStatistics[packet.datagram.flowId()].onCeMarked();
  }

  private void recycle(LinkPacket packet) {
    packet.clear();
    packet.next = free;
    free = packet;
  }

  /** When the head packet arrives (Long.MAX_VALUE if none, or held by a suspension). */
  long nextArrivalMicros() {
    return head == null ? Long.MAX_VALUE : head.arrivalMicros;
  }

  boolean hasPacketsInFifo() {
    return head != null;
  }

  /**
   * When the AQM next moves a packet to the serializer, or Long.MAX_VALUE. As the reference: now
   * when the link is empty, else when the serializer is free, which may be in the past (it then
   * runs before anything else due now). Deviation: with an empty link and a busy serializer (after
   * an oversize or burst-loss drop) the reference would poll at "now" forever; we wait for the
   * serializer.
   */
  long nextAdmissionMicros(long nowMicros) {
    if (aqm == null || !aqm.hasPending()) {
      return Long.MAX_VALUE;
    }
    if (head != null) {
      return queueTimeMicros;
    }
    return Math.max(nowMicros, queueTimeMicros);
  }

  void admitPending(long nowMicros) {
    if (aqm != null) {
      aqm.update(nowMicros);
    }
  }

  /** Delivers the head packet to {@code receiver} if it has arrived by {@code nowMicros}. */
  boolean deliverHead(long nowMicros, DatagramReceiver receiver) {
    LinkPacket packet = head;
    if (packet == null || packet.arrivalMicros > nowMicros) {
      return false;
    }
    head = packet.next;
    if (head == null) {
      tail = null;
    }
    Datagram datagram = packet.datagram;
    long submitted = packet.submittedMicros;
    long queueDelay = packet.serializationStartMicros - submitted;
    statistics.onDelivered(packet.sizeBytes, queueDelay);
    flowStatistics[datagram.flowId()].onDelivered(packet.sizeBytes, queueDelay);
    recycle(packet);
    listener.onDelivered(nowMicros, direction, datagram, submitted, queueDelay);
    receiver.receive(nowMicros, datagram);
    return true;
  }

  /**
   * Applies a schedule phase at {@code nowMicros} (the reference's {@code
   * picoquic_ns_simlink_reset}). Packets due by now + the old latency are "in the air" and keep
   * their arrival times; the rest are taken off and re-submitted now under the new parameters, in
   * order, after the serializer is reset to now (so a packet still being serialized starts over:
   * only packets whose serialization ended before now are in the air). Reference quirk kept: the
   * AQM is run once before the new parameters are set and once after.
   */
  void applyPhase(long nowMicros, LinkPhase phase) {
    long horizon = saturatedAdd(nowMicros, latencyMicros);
    LinkPacket lastInAir = null;
    LinkPacket requeue = head;
    while (requeue != null && requeue.arrivalMicros <= horizon) {
      lastInAir = requeue;
      requeue = requeue.next;
    }
    if (lastInAir == null) {
      head = null;
      tail = null;
    } else {
      lastInAir.next = null;
      tail = lastInAir;
    }
    queueTimeMicros = nowMicros;
    if (aqm != null) {
      aqm.update(nowMicros);
    }
    double rate = phase.rateGbps(direction);
    picosecPerByte = picosecPerByte(rate);
    latencyMicros = phase.latencyMicros();
    jitterMicros = phase.jitterMicros();
    jitterModel = phase.jitterModel();
    queueDelayMaxMicros = phase.queueDelayMaxMicros();
    suspended = rate <= 0;
    burstLossCount = phase.burstLossCount();
    packetsBetweenBursts = phase.packetsBetweenBursts();
    packetsAcceptedNextBurst = packetsAccepted + phase.packetsBetweenBursts();
    queueTimeMicros = nowMicros;
    if (aqm != null) {
      aqm.update(nowMicros);
    }
    while (requeue != null) {
      LinkPacket next = requeue.next;
      requeue.next = null;
      submitPacket(nowMicros, requeue);
      requeue = next;
    }
  }

  static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < a ? Long.MAX_VALUE : sum;
  }

  /** Packets held right now, counted by walking the queues (tests check it against counters). */
  public int packetsHeld() {
    int count = 0;
    for (LinkPacket p = head; p != null; p = p.next) {
      count++;
    }
    return count + (aqm == null ? 0 : aqm.packetsHeld());
  }

  @Override
  public String toString() {
    return "SimulatedLink[" + direction + ", " + statistics + "]";
  }
}
