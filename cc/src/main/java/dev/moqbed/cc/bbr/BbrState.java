package dev.moqbed.cc.bbr;

/**
 * The states of both BBR flavours. The ordinal of the first nine matches the number picoquic's
 * {@code picoquic_bbr_observe} writes into qlog; the draft flavour uses only the first seven.
 */
public enum BbrState {
  STARTUP("startup"),
  DRAIN("drain"),
  PROBE_BW_DOWN("probe_bw_down"),
  PROBE_BW_CRUISE("probe_bw_cruise"),
  PROBE_BW_REFILL("probe_bw_refill"),
  PROBE_BW_UP("probe_bw_up"),
  PROBE_RTT("probe_rtt"),
  /** picoquic only: HyStart-driven Startup when the path's minimum RTT exceeds 250 ms. */
  STARTUP_LONG_RTT("startup_long_rtt"),
  /** picoquic only: Startup seeded by careful resume or by the bandwidth known before a PTO. */
  STARTUP_RESUME("startup_resume");

  private final String traceName;

  BbrState(String traceName) {
    this.traceName = traceName;
  }

  /** The lower-case name used in traces and metrics. */
  public String traceName() {
    return traceName;
  }

  boolean isProbeBw() {
    return this == PROBE_BW_DOWN
        || this == PROBE_BW_CRUISE
        || this == PROBE_BW_REFILL
        || this == PROBE_BW_UP;
  }
}
