package dev.moqbed.cc.bbr;

/**
 * picoquic BBR's ECN signal: the CE fraction of the packets the peer counted since the last round
 * start, and its moving average alpha (1/16 per round). It reads the peer's totals from the path at
 * every ACK, which is why the controller ignores the transport's CE notification.
 */
final class PicoquicBbrEcn {
  private final PicoquicBbrController bbr;
  private long ect0LastRound;
  private long ect1LastRound;
  private long ceLastRound;
  private double ecnAlpha;

  PicoquicBbrEcn(PicoquicBbrController bbr) {
    this.bbr = bbr;
  }

  /** Sets the sample's CE fraction and, when ECN-counted packets arrived, its alpha. */
  void computeEcnFraction(BbrRateSample rs) {
    long ect0 = bbr.path.peerEct0Total();
    long ect1 = bbr.path.peerEct1Total();
    long ce = bbr.path.peerCeTotal();
    rs.ecnFraction = 0;
    if (ect0 >= ect0LastRound && ect1 >= ect1LastRound && ce >= ceLastRound) {
      long deltaEct0 = ect0 - ect0LastRound;
      long deltaEct1 = ect1 - ect1LastRound;
      long deltaCe = ce - ceLastRound;
      long total = deltaEct0 + deltaEct1 + deltaCe;
      if (total > 0) {
        rs.ecnFraction = (double) deltaCe / (double) total;
        // picoquic leaves the sample's alpha at 0 when no ECN-counted packet arrived this round.
        rs.ecnAlpha = (rs.ecnFraction + 15.0 * ecnAlpha) / 16.0;
      }
    }
  }

  /** At a round start: folds the round's fraction into alpha and starts counting again. */
  void advanceEcnFraction(BbrRateSample rs) {
    if (!bbr.roundStart) {
      return;
    }
    long ect0 = bbr.path.peerEct0Total();
    long ect1 = bbr.path.peerEct1Total();
    long ce = bbr.path.peerCeTotal();
    if (ect0 < ect0LastRound || ect1 < ect1LastRound || ce < ceLastRound) {
      ecnAlpha = 0;
    } else {
      ecnAlpha = (rs.ecnFraction + 15.0 * ecnAlpha) / 16.0;
    }
    ect0LastRound = ect0;
    ect1LastRound = ect1;
    ceLastRound = ce;
  }
}
