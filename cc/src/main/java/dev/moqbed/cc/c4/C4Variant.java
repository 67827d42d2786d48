package dev.moqbed.cc.c4;

/**
 * Which version of C4 runs. All are picoquic's {@code c4.c}; they differ only by the changes made
 * after draft-04 (docs/cc/c4.md, "Variants"). Each toggle is a method so that the state machine
 * reads as the code it follows.
 */
public enum C4Variant {
  /**
   * picoquic master after PRs 2193 and 2194 (Aug 2026): the draft-5 code of {@link #V5}, with
   * neither trimming nor draining while the smoothed RTT is below 1 ms. picoquic's default C4, and
   * the project's.
   */
  V5_SHORT_RTT("v5-short-rtt"),
  /**
   * picoquic branch {@code c4-revisit-max-rtt} (PR 2177, "Changes for draft 5 of C4", commits
   * 6f02e9d0 to 01e58483, head f00feeb7, Aug 2026): the code the reference runs were made with.
   */
  V5("v5"),
  /** picoquic master {@code c4.c} as of 0a82f5f8 (Jul 2026), which matches draft-04. */
  V4("v4");

  private final String optionValue;

  C4Variant(String optionValue) {
    this.optionValue = optionValue;
  }

  /** The value of the {@code variant} option that selects this version. */
  public String optionValue() {
    return optionValue;
  }

  /** The option values, the default first. */
  static String[] optionValues() {
    C4Variant[] variants = values();
    String[] optionValues = new String[variants.length];
    for (int index = 0; index < variants.length; index++) {
      optionValues[index] = variants[index].optionValue;
    }
    return optionValues;
  }

  /** The variant for an option value. */
  public static C4Variant fromOptionValue(String value) {
    for (C4Variant variant : values()) {
      if (variant.optionValue.equals(value)) {
        return variant;
      }
    }
    throw new IllegalArgumentException("unknown C4 variant " + value);
  }

  /** Toggle 1: at a quiet Recovery exit, halve the distance to the recent maximum rate. */
  boolean trimsRateAtRecoveryExit() {
    return this != V4;
  }

  /**
   * Toggle 2: remember that a queue may need draining, and then recover at 7/8 instead of 15/16.
   */
  boolean drainsQueues() {
    return this != V4;
  }

  /**
   * Toggle 3: the high-jitter re-entry into Initial happens at most once per flow (V4), rather than
   * at most once per second after the first Recovery exit that follows Initial (V5).
   */
  boolean reentersInitialOnlyOnce() {
    return this == V4;
  }

  /**
   * Toggle 4: entering Initial sets the max RTT to the smoothed RTT and the window to rate x RTT.
   */
  boolean seedsInitialFromSmoothedRtt() {
    return this != V4;
  }

  /** Toggle 5a: in Initial, every output computation ratchets the Initial window up to the cwnd. */
  boolean ratchetsInitialWindow() {
    return this == V4;
  }

  /** Toggle 5b: a persistent-congestion rate reset also clears the count of recent congestions. */
  boolean clearsCongestionCountAfterReset() {
    return this != V4;
  }

  /**
   * Toggle 6 (PRs 2193, 2194): below 1 ms of smoothed RTT, neither trim the rate nor drain. On such
   * paths (loopback, a LAN) the measured RTT is mostly the hosts' wake-up jitter, so a lower RTT
   * sample or a decaying max RTT says nothing about a queue, and trimming and draining only cost
   * rate: picoquic measured C4 at 2.0 Gbit/s on loopback with them and 3.0 without.
   */
  boolean keepsRateBelowOneMillisecond() {
    return this == V5_SHORT_RTT;
  }
}
