package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;

import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;

/**
 * picoquic BBR's losses and recovery episodes. It gathers the losses the transport reports one by
 * one before the ACK that found them (their bytes and ranges feed that ACK's rate sample), runs
 * fast recovery (packet conservation until the recovery point is acknowledged) and PTO recovery (a
 * window of one packet beyond the flight, and Startup again at the exit), counts probe timeouts as
 * picoquic's {@code nb_retransmit}, and ends a PTO episode that proves spurious.
 */
final class PicoquicBbrRecovery {
  private final PicoquicBbrController bbr;

  boolean inRecovery;
  boolean ptoRecovery;
  private long recoveryPacketNumber;

  /** The path's delivered bytes at the last recovery change; older packets' losses do not count. */
  long recoveryDeliveredBytes;

  // Losses of the ACK being processed (the transport reports them one by one before onAck).
  private long pendingLossMicros = Long.MIN_VALUE;
  private long pendingLostBytes;
  private long pendingLostRanges;
  private long lossRangesFound;
  private long latestRepeatLossPacketNumber;

  // picoquic's path->nb_retransmit: probe timeouts since the largest acknowledged last advanced.
  private long probeTimeoutCount;
  private long largestAckedAtProbeTimeout = Long.MIN_VALUE;

  PicoquicBbrRecovery(PicoquicBbrController bbr) {
    this.bbr = bbr;
  }

  // ---------------------------------------------------------------- transport events

  void onPacketLost(long nowMicros, LossSample loss) {
    if (loss.trigger() == LossTrigger.TIMER) {
      onEnterRto(loss.packetNumber());
      return;
    }
    if (pendingLossMicros != nowMicros) {
      // Losses found by an earlier scan (a sender-loop timer) belong to no ACK: picoquic counts
      // only the losses found while processing the ACK in that ACK's newly_lost.
      pendingLossMicros = nowMicros;
      pendingLostBytes = 0;
      pendingLostRanges = 0;
    }
    pendingLostBytes += loss.sizeBytes();
    // picoquic's nb_loss_ranges_found: a new range unless this packet follows the last loss.
    if (lossRangesFound == 0 || loss.packetNumber() != latestRepeatLossPacketNumber + 1) {
      lossRangesFound++;
      pendingLostRanges++;
    }
    latestRepeatLossPacketNumber = loss.packetNumber();
    updatePtoRecoveryOnRepeatLoss(loss.sizeBytes());
    bbr.probeBw.handleLostPacket(nowMicros, loss);
  }

  /** The bytes lost just before the ACK processed at {@code nowMicros}. */
  long newlyLostBytes(long nowMicros) {
    return pendingLossMicros == nowMicros ? pendingLostBytes : 0;
  }

  /** The loss ranges found just before the ACK processed at {@code nowMicros}. */
  long newlyLostRanges(long nowMicros) {
    return pendingLossMicros == nowMicros ? pendingLostRanges : 0;
  }

  /** The ACK took its losses: the next ones belong to a later ACK. */
  void endAckLosses() {
    pendingLossMicros = Long.MIN_VALUE;
  }

  void onProbeTimeout() {
    long largestAcked = bbr.path.largestAckedPacketNumber();
    if (largestAcked > largestAckedAtProbeTimeout) {
      probeTimeoutCount = 0;
    }
    probeTimeoutCount++;
    largestAckedAtProbeTimeout = largestAcked;
  }

  void onSpuriousLoss(long nowMicros, long packetNumber) {
    if (recoveryPacketNumber <= packetNumber && ptoRecovery) {
      onExitRecovery(nowMicros);
    }
  }

  // ---------------------------------------------------------------- episodes

  void checkRecovery(BbrRateSample rs, long nowMicros) {
    if (inRecovery) {
      if (bbr.path.largestAckedPacketNumber() >= recoveryPacketNumber) {
        onExitRecovery(nowMicros);
      }
    } else if (bbr.model.isInflightTooHigh(rs)) {
      onEnterFastRecovery(rs);
    }
  }

  private void onEnterFastRecovery(BbrRateSample rs) {
    bbr.window.priorCwndBytes = bbr.window.saveCwnd();
    bbr.congestionWindowBytes = bbr.path.bytesInFlight() + Math.max(bbr.mtu(), rs.newlyAckedBytes);
    recoveryPacketNumber = bbr.path.nextPacketNumber();
    bbr.window.packetConservation = true;
    inRecovery = true;
    ptoRecovery = false;
    recoveryDeliveredBytes = bbr.path.deliveredBytes();
  }

  private void onEnterRto(long lostPacketNumber) {
    if (!inRecovery) {
      bbr.window.priorCwndBytes = bbr.window.saveCwnd();
      inRecovery = true;
    }
    if (!ptoRecovery) {
      PicoquicBbrBandwidthModel model = bbr.model;
      long priorBw =
          model.bwBytesPerSecond > 0 ? model.bwBytesPerSecond : model.maxBwBytesPerSecond;
      if (priorBw > 0 && bbr.rtt.minRttMicros != INFINITE) {
        bbr.startup.bdpSeedBytes =
            Math.max(bbr.startup.bdpSeedBytes, bbr.window.inflightWithBw(1.0, priorBw));
      }
      bbr.congestionWindowBytes = bbr.path.bytesInFlight() + bbr.mtu();
      recoveryPacketNumber = lostPacketNumber;
      ptoRecovery = true;
      recoveryDeliveredBytes = bbr.path.deliveredBytes();
    }
  }

  private void onExitRecovery(long nowMicros) {
    if (!inRecovery) {
      return;
    }
    // picoquic also zeroes the path's bandwidth_estimate_max here; only its session-ticket code
    // reads that field, so nothing a controller sees depends on it.
    bbr.congestionWindowBytes = bbr.window.restoreCwnd();
    recoveryPacketNumber = INFINITE;
    bbr.window.packetConservation = false;
    if (ptoRecovery) {
      bbr.startup.reEnterStartup();
    } else if (bbr.state == BbrState.PROBE_BW_UP) {
      bbr.probeBw.startProbeBwDown(nowMicros);
    }
    recoveryDeliveredBytes = bbr.path.deliveredBytes();
    inRecovery = false;
    ptoRecovery = false;
    // Loss episodes must not trigger ProbeRTT.
    bbr.rtt.probeRttMinStampMicros = nowMicros;
    bbr.rtt.minRttStampMicros = nowMicros;
  }

  private void updatePtoRecoveryOnRepeatLoss(long newlyLostBytes) {
    long retransmitCount =
        bbr.path.largestAckedPacketNumber() > largestAckedAtProbeTimeout ? 0 : probeTimeoutCount;
    if (retransmitCount >= 1 && inRecovery && ptoRecovery) {
      if (bbr.congestionWindowBytes > newlyLostBytes) {
        bbr.congestionWindowBytes =
            Math.max(bbr.congestionWindowBytes - newlyLostBytes, 2 * bbr.mtu());
      }
    }
  }
}
