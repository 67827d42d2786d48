package dev.moqbed.simulation;

import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.recovery.PacketNumberHoles;
import java.util.Locale;

/**
 * Whether the simulated connections skip packet numbers as picoquic does (its optimistic-ACK
 * defence, docs/transport/connection.md). The skips are the only per-run randomness the reference
 * simulator has on a link without jitter, so with them runs of such a scenario differ as the
 * reference's 100 runs do; without them every run of such a scenario is the same.
 */
public enum PacketNumberHoleMode {
  /** picoquic's default: a hole within 3..258 packets, then with doubling mean spacing. */
  PICOQUIC(PacketNumberHoles.PICOQUIC_PERIOD),
  /** Every number used (moqbed before the holes were modelled): jitter-free runs repeat exactly. */
  OFF(0);

  /** What runs use unless told otherwise. */
  public static final PacketNumberHoleMode DEFAULT = PICOQUIC;

  private final int period;

  PacketNumberHoleMode(int period) {
    this.period = period;
  }

  /** Sets this mode on {@code config} (public for the MoQ workload, in another package). */
  public ConnectionConfig.Builder apply(ConnectionConfig.Builder config) {
    return config.packetNumberHolePeriod(period);
  }

  /** The name in sweep.json and on the command line: {@code picoquic} or {@code off}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The mode called {@code label}.
   *
   * @throws IllegalArgumentException naming the valid labels
   */
  public static PacketNumberHoleMode ofLabel(String label) {
    for (PacketNumberHoleMode mode : values()) {
      if (mode.label().equals(label)) {
        return mode;
      }
    }
    throw new IllegalArgumentException(
        "packet-number holes '" + label + "': expected picoquic or off");
  }
}
