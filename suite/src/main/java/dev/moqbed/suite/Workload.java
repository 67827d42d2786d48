package dev.moqbed.suite;

import java.util.Locale;

/** What the main connection of a scenario carries. */
public enum Workload {
  /** The draft's quicperf media or transfers, as picoquic_ns runs them: reproduces its tables. */
  DRAFT,
  /**
   * The MoQ chain: publisher → relay (ideal hop) → subscriber over the scenario's link, the relay
   * sending with the controller under test. Media scenarios only.
   */
  MOQ;

  /** The name on the command line and in {@code sweep.json}: {@code draft} or {@code moq}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The workload called {@code id}.
   *
   * @throws IllegalArgumentException naming the valid workloads
   */
  public static Workload byId(String id) {
    for (Workload workload : values()) {
      if (workload.id().equals(id)) {
        return workload;
      }
    }
    throw new IllegalArgumentException("unknown workload '" + id + "'; valid: draft, moq");
  }
}
