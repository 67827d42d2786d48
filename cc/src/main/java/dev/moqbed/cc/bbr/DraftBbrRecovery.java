package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.DraftBbrController.LOSS_THRESHOLD;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;

/**
 * The draft BBR's losses and recovery episode: the transport's episode as BBR needs it for
 * SaveCwnd/RestoreCwnd, the RTO response, the losses gathered for the ACK that found them, the loss
 * of a probing packet that lowers inflight_longterm, and the undo of an episode whose every lost
 * packet was acknowledged after all.
 */
final class DraftBbrRecovery {
  private final DraftBbrController bbr;
  private final BbrRateSample lossSample = new BbrRateSample();

  /** The window before recovery or ProbeRTT, restored when they end. */
  long priorCwndBytes;

  // The transport's recovery episode.
  private boolean inRecovery;
  private boolean rtoRecovery;
  private long recoveryPacketNumber;
  private long episodeFirstLostPacketNumber;
  private long episodeLostPackets;
  private long episodeSpuriousPackets;

  // What the undo restores.
  private BbrState undoState;
  private long undoBwShorttermBytesPerSecond;
  private long undoInflightShorttermBytes;
  private long undoInflightLongtermBytes;

  // Loss ranges, for the Startup high-loss exit.
  private long lossRangesFound;
  private long latestLossPacketNumber;

  // Losses reported just before the ACK that found them.
  private long pendingLossMicros = Long.MIN_VALUE;
  private long pendingLostBytes;

  DraftBbrRecovery(DraftBbrController bbr) {
    this.bbr = bbr;
  }

  // ---------------------------------------------------------------- transport events

  void onPacketLost(long nowMicros, LossSample loss) {
    if (!inRecovery) {
      enterRecovery(loss);
    }
    if (loss.trigger() == LossTrigger.TIMER && !rtoRecovery) {
      // OnEnterRTO: SaveCwnd and SaveStateUponLoss, then room for one packet beyond the flight.
      saveStateUponLoss();
      rtoRecovery = true;
      recoveryPacketNumber = bbr.path.nextPacketNumber();
      bbr.congestionWindowBytes = bbr.path.bytesInFlight() + bbr.mtu();
    }
    episodeLostPackets++;
    if (pendingLossMicros != nowMicros) {
      pendingLossMicros = nowMicros;
      pendingLostBytes = 0;
    }
    pendingLostBytes += loss.sizeBytes();
    if (lossRangesFound == 0 || loss.packetNumber() != latestLossPacketNumber + 1) {
      lossRangesFound++;
      bbr.model.lossRangesInRound++;
    }
    latestLossPacketNumber = loss.packetNumber();
    handleLostPacket(nowMicros, loss);
  }

  /** The bytes lost just before the ACK processed at {@code nowMicros}; later losses start anew. */
  long takeNewlyLostBytes(long nowMicros) {
    long newlyLostBytes = pendingLossMicros == nowMicros ? pendingLostBytes : 0;
    pendingLossMicros = Long.MIN_VALUE;
    return newlyLostBytes;
  }

  /** The episode ends once its recovery point is acknowledged; the window gets its prior back. */
  void checkRecoveryDone(AckSample ack) {
    if (inRecovery && ack.largestAckedPacketNumber() >= recoveryPacketNumber) {
      inRecovery = false;
      rtoRecovery = false;
      bbr.congestionWindowBytes = Math.max(bbr.congestionWindowBytes, priorCwndBytes);
    }
  }

  void onSpuriousLoss(long packetNumber) {
    if (episodeLostPackets == 0) {
      return;
    }
    if (packetNumber >= episodeFirstLostPacketNumber) {
      episodeSpuriousPackets++;
    }
    // The episode was spurious once every packet it declared lost has been acknowledged.
    if (episodeLostPackets > 0 && episodeSpuriousPackets >= episodeLostPackets) {
      handleSpuriousLossDetection();
      inRecovery = false;
      rtoRecovery = false;
      episodeLostPackets = 0;
      episodeSpuriousPackets = 0;
    }
  }

  // ---------------------------------------------------------------- losses

  private void handleLostPacket(long nowMicros, LossSample loss) {
    bbr.model.noteLoss();
    if (!bbr.probeBw.bwProbeSample) {
      return;
    }
    BbrRateSample rs = lossSample;
    rs.clear();
    // The draft's P.tx_in_flight counts the packet itself.
    rs.txInFlightBytes = loss.bytesInFlightAtSend() + loss.sizeBytes();
    rs.lostBytes = loss.lostSinceSentBytes();
    rs.applicationLimited = loss.applicationLimitedAtSend();
    if (bbr.model.isInflightTooHigh(rs)) {
      rs.txInFlightBytes = inflightAtLoss(rs, loss.sizeBytes());
      bbr.probeBw.handleInflightTooHigh(rs, nowMicros);
    }
  }

  /** The in-flight volume at which the loss rate crossed LossThresh within the lost packet. */
  static long inflightAtLoss(BbrRateSample rs, long packetBytes) {
    double inflightPrev = (double) (rs.txInFlightBytes - packetBytes);
    double lostPrev = (double) (rs.lostBytes - packetBytes);
    double lostPrefix = (LOSS_THRESHOLD * inflightPrev - lostPrev) / (1.0 - LOSS_THRESHOLD);
    return Math.max(0, (long) (inflightPrev + lostPrefix));
  }

  // ---------------------------------------------------------------- recovery and undo

  private void enterRecovery(LossSample loss) {
    saveCwnd();
    inRecovery = true;
    recoveryPacketNumber = bbr.path.nextPacketNumber();
    episodeFirstLostPacketNumber = loss.packetNumber();
    episodeLostPackets = 0;
    episodeSpuriousPackets = 0;
    saveStateUponLoss();
  }

  void saveCwnd() {
    if (!inRecovery && bbr.state != BbrState.PROBE_RTT) {
      priorCwndBytes = bbr.congestionWindowBytes;
    } else {
      priorCwndBytes = Math.max(priorCwndBytes, bbr.congestionWindowBytes);
    }
  }

  void saveStateUponLoss() {
    saveCwnd();
    undoState = null;
    DraftBbrModel model = bbr.model;
    undoBwShorttermBytesPerSecond = model.bwShorttermBytesPerSecond;
    undoInflightShorttermBytes = model.inflightShorttermBytes;
    undoInflightLongtermBytes = model.inflightLongtermBytes;
  }

  /** Marks the state a too-high probe or Startup's loss exit left, for a possible undo. */
  void setUndoState(BbrState state) {
    undoState = state;
  }

  private void handleSpuriousLossDetection() {
    DraftBbrModel model = bbr.model;
    bbr.congestionWindowBytes = Math.max(bbr.congestionWindowBytes, priorCwndBytes);
    model.lossInRound = false;
    bbr.startup.resetFullBw();
    model.bwShorttermBytesPerSecond =
        Math.max(model.bwShorttermBytesPerSecond, undoBwShorttermBytesPerSecond);
    model.inflightShorttermBytes =
        Math.max(model.inflightShorttermBytes, undoInflightShorttermBytes);
    model.inflightLongtermBytes = Math.max(model.inflightLongtermBytes, undoInflightLongtermBytes);
    BbrState state = bbr.state;
    if (undoState == BbrState.STARTUP && state != BbrState.STARTUP) {
      bbr.startup.fullBwReached = false;
      if (state != BbrState.PROBE_RTT) {
        bbr.startup.enterStartup();
      }
    } else if (undoState == BbrState.PROBE_BW_UP && state != BbrState.PROBE_BW_UP) {
      if (state != BbrState.PROBE_RTT) {
        bbr.probeBw.startProbeBwRefill();
      }
    }
    undoState = null;
  }
}
