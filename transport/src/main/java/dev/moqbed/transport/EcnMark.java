package dev.moqbed.transport;

/** The ECN field of a datagram's IP header (RFC 3168, RFC 9331). */
public enum EcnMark {
  NOT_ECT,
  ECT_0,
  /** L4S-capable traffic: a DualQ AQM sends it to its low-latency queue. */
  ECT_1,
  /** Congestion experienced: set by an AQM instead of dropping. */
  CE;

  /** True for ECT(1) and CE, which a DualQ AQM classifies as L4S (RFC 9332 §2.3). */
  public boolean isL4s() {
    return this == ECT_1 || this == CE;
  }

  /** True when an AQM may mark instead of dropping. */
  public boolean isEcnCapable() {
    return this != NOT_ECT;
  }
}
