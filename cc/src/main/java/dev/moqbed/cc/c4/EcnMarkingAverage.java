package dev.moqbed.cc.c4;

/**
 * The average fraction of CE marks over 1024, L4S/Prague style ({@code c4_update_ecn_alpha}): each
 * update reads the peer's cumulative ECT(1) and CE counts, takes the CE fraction of what arrived
 * since the last update, and folds it in with gain 1/16, except that a fraction of one half or more
 * that exceeds the average replaces it at once.
 */
final class EcnMarkingAverage {
  private static final int GAIN_SHIFT = 4;
  private static final long HEAVY_MARKING_1024 = 512;

  private long alpha1024;
  private long lastEct1Total;
  private long lastCeTotal;

  long alpha1024() {
    return alpha1024;
  }

  void update(long ect1Total, long ceTotal) {
    long deltaEct1 = ect1Total - lastEct1Total;
    long deltaCe = ceTotal - lastCeTotal;
    lastEct1Total = ect1Total;
    lastCeTotal = ceTotal;
    if (deltaCe > 0 || deltaEct1 > 0) {
      long fraction1024 = deltaCe * 1024 / (deltaCe + deltaEct1);
      if (fraction1024 > alpha1024 && fraction1024 >= HEAVY_MARKING_1024) {
        alpha1024 = fraction1024;
      } else {
        alpha1024 = ((alpha1024 << GAIN_SHIFT) - alpha1024 + fraction1024) >> GAIN_SHIFT;
      }
    }
  }

  /** Forgets the average (entry to Initial, every Recovery exit) but keeps the counters. */
  void clearAverage() {
    alpha1024 = 0;
  }

  void clear() {
    alpha1024 = 0;
    lastEct1Total = 0;
    lastCeTotal = 0;
  }
}
