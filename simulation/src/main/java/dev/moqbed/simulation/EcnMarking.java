package dev.moqbed.simulation;

import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.quic.ConnectionConfig;

/**
 * Which ECN codepoint the simulated connections put on their packets. It decides which DualQ queue
 * each connection uses in the ECN scenarios (scenarios.md §1.3): the reference simulator's
 * behaviour changed over time, and the draft's prose describes a third.
 */
public enum EcnMarking {
  /** Each controller's own codepoint: C4 ECT(1), the others not ECN-capable (the draft's prose). */
  PER_CONTROLLER(null),
  /**
   * Every packet ECT(0): picoquic_ns since commit e1d98bcd (2026-02-15), all in the Classic queue.
   */
  ALL_ECT0(EcnMark.ECT_0),
  /** Every packet ECT(1): picoquic_ns before that commit, all in the L4S queue. */
  ALL_ECT1(EcnMark.ECT_1);

  /** The marking runs use unless told otherwise. */
  public static final EcnMarking DEFAULT = ALL_ECT0;

  private final EcnMark override;

  EcnMarking(EcnMark override) {
    this.override = override;
  }

  /** Sets this marking on {@code config} (public for the MoQ workload, in another package). */
  public ConnectionConfig.Builder apply(ConnectionConfig.Builder config) {
    return override == null ? config : config.ecnOverride(override);
  }
}
