package dev.moqbed.netsim;

import java.util.Locale;

/** Which DualQ the links run when the schedule's phase 0 sets an L4S threshold. */
public enum AqmQuirks {
  /**
   * picoquic's {@code dualq_aqm.c} as it is: Classic probability p_C = p'·p'_L (so with no L4S
   * traffic the Classic queue never drops or marks), L4S marking on the native ramp p'_L alone, the
   * ramp measured on the packet left at the head of the L queue after the dequeue and only when at
   * least two remain, deterministic accumulators instead of random draws.
   */
  PICOQUIC,
  /**
   * RFC 9332's DualPI2 where picoquic departs from it: p_C = p'^2, L4S marking with p_L = max(p'_L,
   * p_CL), the ramp measured on the dequeued packet's own sojourn, random draws from the link's AQM
   * stream. Everything else (WRR 15:1, byte limit, PI2 gains, opportunistic updates) is shared with
   * {@link #PICOQUIC}.
   */
  RFC;

  /** {@code picoquic} or {@code rfc}. */
  public static AqmQuirks parse(String text) {
    for (AqmQuirks quirks : values()) {
      if (quirks.name().toLowerCase(Locale.ROOT).equals(text)) {
        return quirks;
      }
    }
    throw new IllegalArgumentException(
        "'" + text + "' is not an AQM flavour (valid: picoquic, rfc)");
  }
}
