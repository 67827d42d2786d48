package dev.moqbed.transport.quic;

import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.DeliveryRateSampler;
import dev.moqbed.transport.recovery.ProbeTimeoutBackoff;
import dev.moqbed.transport.recovery.RttEstimator;
import dev.moqbed.transport.recovery.RttFlavor;
import dev.moqbed.transport.recovery.TransportDefaults;
import java.util.Iterator;

/**
 * The sender's record of packets in flight and what becomes of the lost ones: it records each sent
 * packet, declares packets lost (by packet and time threshold after an ACK, by timer, on a probe
 * timeout), queues their frames again, recognises spurious losses, and owns the probe timeout and
 * the {@link ConnectionTimer#LOSS_DETECTION} timer. picoquic's rules by default, RFC 9002's as the
 * option.
 */
final class LossDetection {
  private final PacketNumberSpace[] spaces;
  private final PathState path;
  private final LostFrames lostFrames;
  private final ConnectionStats stats;
  private final TimerTable timers;
  private final RttFlavor flavor;
  private final ProbeTimeoutBackoff backoff;
  private final long startMicros;
  private final ImplicitAcknowledgement implicitAck;
  private final PreReadyRetransmit preReady;

  /** Told when an Initial or Handshake space is discarded, so its keys can go too. */
  private java.util.function.Consumer<PacketSpace> discardListener = space -> {};

  private static final PacketLossListener.Reason TIME = PacketLossListener.Reason.TIME_THRESHOLD;
  private final LossSample lossSample = new LossSample();
  private final SentPacketPool sentPacketPool;
  private PacketLossListener lossListener;

  private int consecutiveProbeTimeouts;
  private boolean probeTimeoutPending;
  private long lastPacketSentMicros;
  private long lastAckElicitingSentMicros;
  private long highestSpuriousSentMicros;

  LossDetection(
      ConnectionConfig config,
      PacketNumberSpace[] spaces,
      PathState path,
      StreamTable streams,
      PendingFrames pending,
      AckFrequencyRequest ackFrequency,
      ConnectionStats stats,
      TimerTable timers,
      OutputRecycling output,
      long startMicros) {
    this.sentPacketPool = new SentPacketPool(output);
    this.spaces = spaces;
    this.path = path;
    this.lostFrames = new LostFrames(streams, pending, ackFrequency);
    this.stats = stats;
    this.timers = timers;
    this.flavor = config.recoveryFlavor();
    this.backoff = new ProbeTimeoutBackoff(config.recoveryFlavor(), config.idleTimeoutMicros());
    this.startMicros = startMicros;
    this.implicitAck =
        new ImplicitAcknowledgement(
            path, flavor == RttFlavor.PICOQUIC && config.implicitAckNotified());
    this.preReady = new PreReadyRetransmit(this, spaces, config.role() == Role.CLIENT);
  }

  /** Observes every packet declared lost (null for none); it must not change the connection. */
  void setLossListener(PacketLossListener lossListener) {
    this.lossListener = lossListener;
  }

  /** A probe timeout fired: the next packet bypasses the window and must elicit an ACK. */
  boolean probeTimeoutPending() {
    return probeTimeoutPending;
  }

  /** An ack-eliciting 1-RTT packet left: the probe the timeout asked for is on its way. */
  void onProbeSent() {
    probeTimeoutPending = false;
  }

  /** A new largest acknowledged, or the handshake confirmed: the probe backoff starts over. */
  void resetProbeTimeouts() {
    consecutiveProbeTimeouts = 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Sending

  /** A packet left: it enters the flight and the controller hears of it. */
  void onPacketSent(long nowMicros, PacketNumberSpace space, QuicPacket packet, boolean probe) {
    long before = path.bytesInFlight();
    int countedBytes = packet.countedBytes(flavor == RttFlavor.PICOQUIC);
    boolean ackEliciting = packet.ackEliciting();
    if (ackEliciting
        && space.space == PacketSpace.APPLICATION
        && before == 0
        && lastPacketSentMicros > 0
        && nowMicros - lastPacketSentMicros > Math.max(currentProbeTimeoutMicros(), 1_000_000)) {
      path.controller().onIdleRestart(nowMicros);
      path.updatePacing();
    }
    SentPacket sent =
        sentPacketPool
            .take()
            .fill(
                space.space,
                packet.packetNumber(),
                nowMicros,
                countedBytes,
                ackEliciting,
                probe,
                packet.frames());
    sent.headerBytes = PacketAssembly.SHORT_HEADER_BYTES + packet.packetNumberLength();
    path.sampler()
        .onPacketSent(
            sent.snapshot,
            before,
            path.controller().congestionWindowBytes(),
            path.handshakeConfirmed());
    space.sentPackets.addLast(sent);
    if (ackEliciting) {
      space.ackElicitingInFlight++;
      lastAckElicitingSentMicros = nowMicros;
    }
    space.nextPacketNumber++;
    path.addToFlight(countedBytes);
    path.controller()
        .onPacketSent(
            nowMicros,
            packet.packetNumber(),
            countedBytes,
            before,
            path.sampler().applicationLimitedIndexBytes() != 0);
  }

  /**
   * Takes back the record of a packet acknowledged: the caller has removed it from its space's list
   * and reads it no more.
   */
  void recycle(SentPacket packet) {
    sentPacketPool.release(packet);
  }

  /** A datagram left: the probe timeout counts from here (picoquic). */
  void onDatagramSent(long nowMicros) {
    lastPacketSentMicros = nowMicros;
  }

  // ---------------------------------------------------------------------------------------------
  // Losses

  /**
   * picoquic's ACK-driven loss scan: a packet is lost once 3 newer numbers were acknowledged, or
   * once its time threshold passed. Returns the bytes declared lost. Sets the loss timer to the
   * earliest threshold of this space's packets, replacing what another space set.
   */
  long detectAckLosses(long nowMicros, PacketNumberSpace space) {
    long lostBytes = 0;
    long lossTimerMicros = Long.MAX_VALUE;
    // RFC 9002 §7.6: a run of consecutive lost ack-eliciting packets spanning too long a time.
    long runFirstSentMicros = -1;
    long runLastSentMicros = -1;
    long previousLostNumber = -2;
    boolean persistentCongestion = false;
    Iterator<SentPacket> ascending = space.sentPackets.iterator();
    while (ascending.hasNext()) {
      SentPacket packet = ascending.next();
      if (packet.packetNumber >= space.largestAcked) {
        break;
      }
      boolean lostByNumber =
          space.largestAcked - packet.packetNumber >= TransportDefaults.LOSS_PACKET_THRESHOLD;
      long lossTime = LossThresholds.timeThresholdMicros(flavor, path, space, packet);
      if (lostByNumber || nowMicros >= lossTime) {
        ascending.remove();
        lostBytes +=
            declareLost(
                nowMicros,
                space,
                packet,
                LossTrigger.ACK_THRESHOLD,
                lostByNumber
                    ? PacketLossListener.Reason.REORDERING_THRESHOLD
                    : PacketLossListener.Reason.TIME_THRESHOLD);
        if (packet.packetNumber != previousLostNumber + 1) {
          runFirstSentMicros = -1; // acknowledged packets lie in between: a new run starts
        }
        previousLostNumber = packet.packetNumber;
        if (packet.ackEliciting) {
          if (runFirstSentMicros < 0) {
            runFirstSentMicros = packet.sentMicros;
          }
          runLastSentMicros = packet.sentMicros;
          persistentCongestion |=
              runLastSentMicros - runFirstSentMicros
                  > LossThresholds.persistentCongestionDurationMicros(path);
        }
      } else {
        lossTimerMicros = Math.min(lossTimerMicros, lossTime);
        previousLostNumber = -2;
        if (flavor == RttFlavor.PICOQUIC) {
          break; // picoquic stops at the first packet that is not lost
        }
      }
    }
    timers.set(ConnectionTimer.LOSS_DETECTION, lossTimerMicros);
    if (persistentCongestion && flavor == RttFlavor.RFC9002 && path.rtt().hasSample()) {
      // picoquic has no such rule: only the RFC transport reports it.
      path.controller().onPersistentCongestion(nowMicros);
    }
    return lostBytes;
  }

  /**
   * Time-threshold losses due now, then the probe timeout or {@link PreReadyRetransmit}'s timers.
   */
  void detectTimerLosses(long nowMicros) {
    if (timers.isExpired(ConnectionTimer.LOSS_DETECTION, nowMicros)) {
      timers.stop(ConnectionTimer.LOSS_DETECTION);
      for (PacketNumberSpace space : spaces) {
        if (!space.discarded && space.largestAcked >= 0) {
          long lost = detectAckLosses(nowMicros, space);
          if (lost > 0) {
            path.updatePacing();
          }
        }
      }
    }
    if (preReadyRules()) {
      preReady.onSendOpportunity(nowMicros);
      return;
    }
    if (flavor == RttFlavor.PICOQUIC
        && path.handshakeConfirmed()
        && nowMicros >= retransmitTimerDeadlineMicros()) {
      dropExpiredNonElicitingPackets(nowMicros);
    }
    if (nowMicros >= probeTimeoutDeadlineMicros()) {
      onProbeTimeout(nowMicros, true);
    }
    PacketNumberSpace app = spaces[PacketSpace.APPLICATION.ordinal()];
    while (nowMicros >= secondTimerDeadlineMicros()) { // an ack-eliciting one: the PTO's branch
      if (app.sentPackets.peekFirst().ackEliciting) {
        if (!onProbeTimeout(nowMicros, false)) {
          break;
        }
        continue; // nothing sent again (a DATAGRAM): the next packet's own deadline
      }
      declareLost(nowMicros, app, app.sentPackets.pollFirst(), LossTrigger.ACK_THRESHOLD, TIME);
      path.updatePacing();
    }
  }

  private long secondTimerDeadlineMicros() {
    boolean armed = flavor == RttFlavor.PICOQUIC && path.handshakeConfirmed();
    return SecondRetransmitTimer.deadlineMicros(
        spaces[PacketSpace.APPLICATION.ordinal()],
        !armed || consecutiveProbeTimeouts > 0,
        currentProbeTimeoutMicros(),
        lastPacketSentMicros);
  }

  /**
   * picoquic's retransmit timer for the application space: the last packet sent plus the current
   * retransmit timer, armed for every packet in flight, ack-eliciting or not ({@code
   * picoquic_is_packet_probably_lost}, {@code loss_recovery.c}). {@link Long#MAX_VALUE} when
   * nothing is in flight there.
   */
  private long retransmitTimerDeadlineMicros() {
    PacketNumberSpace application = spaces[PacketSpace.APPLICATION.ordinal()];
    if (application.discarded || application.sentPackets.isEmpty()) {
      return Long.MAX_VALUE;
    }
    return lastPacketSentMicros + currentProbeTimeoutMicros();
  }

  /**
   * picoquic's loop over the retransmit queue once the retransmit timer has expired ({@code
   * picoquic_retransmit_needed_packet}, the "timer is expired" branch): from the oldest packet,
   * each packet that did not elicit an ACK (ACK and PADDING only) is dropped and reported by {@code
   * picoquic_count_and_notify_loss(cnx, old_p, 2, ...)}, which tells the controller {@code
   * picoquic_congestion_notification_timeout} (only 0 means "repeat"); the loop stops at the first
   * ack-eliciting packet, which is the probe timeout's business. Such a packet is freed, not kept
   * for spurious-loss detection; neither the MTU, {@code packetsLost} (picoquic's {@code
   * nb_retransmission_total}) nor qlog's {@code packet_lost} hears of it.
   *
   * <p>This is what collapses picoquic's Cubic and NewReno on an app-limited fast path: a server
   * ACK-of-ACK (ACK + PADDING) that the peer never acknowledges, because nothing ack-eliciting
   * follows it within the timer, counts as a timer loss and drops the window to 3,072 bytes.
   */
  private void dropExpiredNonElicitingPackets(long nowMicros) {
    PacketNumberSpace space = spaces[PacketSpace.APPLICATION.ordinal()];
    Iterator<SentPacket> ascending = space.sentPackets.iterator();
    boolean dropped = false;
    while (ascending.hasNext()) {
      SentPacket packet = ascending.next();
      if (packet.ackEliciting) {
        break;
      }
      ascending.remove();
      // Not a retransmission: neither packetsLost nor qlog's packet_lost counts it (picoquic).
      if (lossListener != null) {
        lossListener.onNonElicitingDropped(
            nowMicros, space.space, packet.packetNumber, packet.sizeBytes);
      }
      if (!space.leaveFlight(packet)) {
        sentPacketPool.release(packet);
        continue;
      }
      path.removeFromFlight(packet.sizeBytes);
      dropped = true;
      notifyLoss(nowMicros, space, packet, LossTrigger.TIMER);
      sentPacketPool.release(packet); // freed, not kept for spurious-loss detection
    }
    if (dropped) {
      path.updatePacing();
    }
  }

  /**
   * When {@link #detectTimerLosses} next has something to do on a timer: the probe timeout, or with
   * picoquic's rules the retransmit timer of packets that elicit no ACK (picoquic wakes for it).
   */
  long timerDeadlineMicros() {
    if (preReadyRules()) {
      return preReady.deadlineMicros();
    }
    long deadline = probeTimeoutDeadlineMicros();
    if (flavor == RttFlavor.PICOQUIC && path.handshakeConfirmed()) {
      deadline = Math.min(deadline, retransmitTimerDeadlineMicros());
    }
    return Math.min(deadline, secondTimerDeadlineMicros());
  }

  /** When the probe timeout fires, {@link Long#MAX_VALUE} with nothing ack-eliciting in flight. */
  long probeTimeoutDeadlineMicros() {
    boolean anyInFlight = false;
    for (PacketNumberSpace space : spaces) {
      if (!space.discarded && space.hasAckElicitingInFlight()) {
        anyInFlight = true;
        break;
      }
    }
    if (!anyInFlight) {
      return Long.MAX_VALUE;
    }
    long reference =
        flavor == RttFlavor.PICOQUIC ? lastPacketSentMicros : lastAckElicitingSentMicros;
    return reference + currentProbeTimeoutMicros();
  }

  long currentProbeTimeoutMicros() {
    RttEstimator rtt = path.rtt();
    long base =
        rtt.hasSample()
            ? rtt.retransmitTimeoutMicros(path.peerMaxAckDelayMicros())
            : TransportDefaults.INITIAL_RETRANSMIT_TIMER_MICROS;
    return backoff.timeoutMicros(
        base,
        consecutiveProbeTimeouts,
        path.handshakeConfirmed(),
        rtt.minRttMicros(),
        rtt.smoothedRttMicros());
  }

  /**
   * picoquic: one PTO per expiry declares the oldest ack-eliciting packet lost by timer, resets the
   * MTU in the ready state and lets the next packet bypass the window. A packet with nothing to
   * send again (DATAGRAM, ACK and PADDING only) is declared lost the same way but is no
   * retransmission: {@code picoquic_retransmit_needed_packet} then neither counts {@code
   * nb_retransmit} nor asks for a probe, and goes on to the next packet, which on the first timer
   * ({@code firstTimer}: last packet sent + timer) has expired too. RFC 9002: the probe timeout
   * declares nothing lost; it only sends a probe.
   *
   * @return whether a packet was declared lost or a probe asked for (false: nothing to do)
   */
  private boolean onProbeTimeout(long nowMicros, boolean firstTimer) {
    requeueHandshakeCrypto(); // handshake spaces resend their CRYPTO data
    boolean declared = flavor == RttFlavor.PICOQUIC && path.handshakeConfirmed();
    if (declared) {
      declared = declareProbeTimeoutLosses(nowMicros, firstTimer);
    }
    if (!declared && firstTimer) {
      countProbeTimeout(nowMicros); // nothing declared: a probe all the same, and the backoff
    }
    path.updatePacing();
    return declared;
  }

  /**
   * picoquic's PTO branch over the 1-RTT queue; returns whether a packet was declared lost (and
   * counts the probe timeout if one is sent again).
   */
  private boolean declareProbeTimeoutLosses(long nowMicros, boolean firstTimer) {
    PacketNumberSpace space = spaces[PacketSpace.APPLICATION.ordinal()];
    boolean declared = false;
    Iterator<SentPacket> ascending = space.sentPackets.iterator();
    while (ascending.hasNext()) {
      SentPacket packet = ascending.next();
      if (packet.ackEliciting && packet.inFlight) {
        ascending.remove();
        boolean repeats = LostFrames.anySentAgain(packet.frames);
        declareLost(
            nowMicros, space, packet, LossTrigger.TIMER, PacketLossListener.Reason.PTO_EXPIRED);
        path.mtu().onProbeTimeout();
        declared = true;
        if (repeats) {
          countProbeTimeout(nowMicros);
          break;
        }
        if (!firstTimer) {
          break; // the next packet has a later deadline of its own
        }
      }
    }
    return declared;
  }

  /** picoquic before ready: its retransmit timers, not RFC 9002's probe timeout. */
  private boolean preReadyRules() {
    return flavor == RttFlavor.PICOQUIC && !path.handshakeConfirmed();
  }

  /** A timer loss before ready that counts as a retransmission: the timer backs off. */
  void onPreReadyRetransmit() {
    stats.probeTimeouts++;
    consecutiveProbeTimeouts++;
  }

  /** No retransmission since the last ACK of a new largest (picoquic's nb_retransmit == 0). */
  boolean noRetransmitSinceAck() {
    return consecutiveProbeTimeouts == 0;
  }

  private void countProbeTimeout(long nowMicros) {
    stats.probeTimeouts++;
    path.controller().onProbeTimeout(nowMicros);
    consecutiveProbeTimeouts++;
    probeTimeoutPending = true;
  }

  /** Takes a packet out of the flight, queues its frames for resending and tells the controller. */
  long declareLost(
      long nowMicros,
      PacketNumberSpace space,
      SentPacket packet,
      LossTrigger trigger,
      PacketLossListener.Reason reason) {
    if (lossListener != null) {
      lossListener.onPacketLost(
          nowMicros, space.space, packet.packetNumber, packet.sizeBytes, reason);
    }
    boolean wasInFlight = space.leaveFlight(packet);
    if (wasInFlight) {
      path.removeFromFlight(packet.sizeBytes);
    }
    stats.packetsLost++;
    lostFrames.requeue(space, packet);
    path.mtu().onPacketLost(packet, path.handshakeConfirmed());
    long lostBytes = wasInFlight ? notifyLoss(nowMicros, space, packet, trigger) : 0;
    space.declaredLost.put(packet.packetNumber, packet);
    // Last: pruning may give this very record back to the pool (sent more than 1 s before the
    // newest acknowledged packet), so nothing may read it after. Neither the sampler nor the
    // controller sees the map, so the order does not change what they hear.
    pruneDeclaredLost(space);
    return lostBytes;
  }

  /** A packet in flight is lost: the sampler hears, the controller only once ready (picoquic). */
  private long notifyLoss(
      long nowMicros, PacketNumberSpace space, SentPacket packet, LossTrigger trigger) {
    RttEstimator rtt = path.rtt();
    boolean counted =
        DeliveryRateSampler.countsAsLoss(
            packet.sentMicros, startMicros, rtt.smoothedRttMicros(), rtt.rttVarianceMicros());
    LossSample sample =
        path.sampler()
            .onPacketLost(
                lossSample,
                packet.packetNumber,
                packet.sentMicros,
                packet.unprotectedBytes(),
                trigger,
                packet.snapshot,
                counted)
            .packetSpace(space.space);
    if (!preReadyRules()) {
      path.controller().onPacketLost(nowMicros, sample);
    }
    return packet.unprotectedBytes();
  }

  /** Forgets declared-lost packets sent more than 1 s before the newest acknowledged send. */
  private void pruneDeclaredLost(PacketNumberSpace space) {
    while (!space.declaredLost.isEmpty()
        && space.declaredLost.firstEntry().getValue().sentMicros
                + TransportDefaults.SPURIOUS_RETRANSMIT_DELAY_MAX_MICROS
            < space.largestAckedSentMicros) {
      sentPacketPool.release(space.declaredLost.pollFirstEntry().getValue());
    }
  }

  /**
   * Packets declared lost that an ACK covers after all: spurious losses. Each counts in the ACK's
   * sample as picoquic records it; returns the number of the highest of them in this range (its
   * send time in {@link #highestSpuriousSentMicros()}), -1 if none.
   */
  long detectSpuriousLosses(long nowMicros, PacketNumberSpace space, long smallest, long largest) {
    if (space.declaredLost.isEmpty()) {
      return -1;
    }
    var covered = space.declaredLost.subMap(smallest, true, largest, true);
    long highestNumber = -1;
    for (SentPacket packet : covered.descendingMap().values()) {
      stats.spuriousLosses++;
      if (lossListener != null) {
        lossListener.onSpuriousLoss(nowMicros, space.space, packet.packetNumber);
      }
      if (highestNumber < 0) {
        highestNumber = packet.packetNumber;
        highestSpuriousSentMicros = packet.sentMicros;
      }
      path.sampler().onSpuriousLoss(packet.unprotectedBytes());
      path.sampler()
          .onSpuriousPacketAcked(packet.snapshot, packet.sentMicros, packet.unprotectedBytes());
      path.controller().onSpuriousLoss(nowMicros, packet.packetNumber);
      sentPacketPool.release(packet); // the map entry goes just below
    }
    covered.clear();
    return highestNumber;
  }

  /** The send time of the packet {@link #detectSpuriousLosses} last returned. */
  long highestSpuriousSentMicros() {
    return highestSpuriousSentMicros;
  }

  /**
   * The client repeated its Initial: the server's handshake flights are resent now (RFC 9002), or
   * with picoquic's rules its oldest Initial packet is declared lost at the next send.
   */
  void resendUnacknowledgedCrypto() {
    if (flavor == RttFlavor.PICOQUIC) {
      preReady.onInitialRepeated();
    } else {
      requeueHandshakeCrypto();
    }
  }

  private void requeueHandshakeCrypto() {
    for (PacketNumberSpace space : spaces) {
      if (!space.discarded && space.space != PacketSpace.APPLICATION) {
        space.requeueCrypto();
      }
    }
  }

  private void releaseAll(Iterable<SentPacket> packets) {
    for (SentPacket packet : packets) {
      sentPacketPool.release(packet);
    }
  }

  void setDiscardListener(java.util.function.Consumer<PacketSpace> listener) {
    this.discardListener = listener;
  }

  /** Closes an Initial or Handshake context: its packets leave the flight, nothing is resent. */
  void discardSpace(PacketNumberSpace space, long nowMicros) {
    if (space.discarded) {
      return;
    }
    space.discarded = true;
    for (SentPacket packet : space.sentPackets) {
      if (space.leaveFlight(packet)) {
        if (packet.sentMicros < startMicros + TransportDefaults.INITIAL_RTT_MICROS) {
          implicitAck.onDiscarded(space.space, packet, nowMicros);
        }
        path.removeFromFlight(packet.sizeBytes);
      }
    }
    releaseAll(space.sentPackets);
    space.sentPackets.clear();
    releaseAll(space.declaredLost.values());
    space.declaredLost.clear();
    space.cryptoToSend.toResend.clear();
    space.cryptoToSend.nextOffset = space.cryptoToSend.totalBytes;
    space.cryptoToSend.releaseBytes();
    discardListener.accept(space.space);
  }
}
