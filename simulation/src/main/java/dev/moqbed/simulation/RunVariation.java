package dev.moqbed.simulation;

import dev.moqbed.transport.quic.ConnectionConfig;

/**
 * What makes the runs of one scenario differ besides the link's jitter, as in the reference
 * simulator (docs/scenarios.md, "Seeds and run-to-run variation").
 *
 * @param holes whether the connections skip packet numbers as picoquic does (drawn per run)
 * @param controllerSeeding where the controllers' random draws come from
 */
public record RunVariation(PacketNumberHoleMode holes, ControllerSeeding controllerSeeding) {
  /** picoquic_ns's: packet-number holes drawn per run, BBR seeded from its set-up time. */
  public static final RunVariation PICOQUIC =
      new RunVariation(PacketNumberHoleMode.PICOQUIC, ControllerSeeding.CLOCK);

  /** moqbed before it modelled the holes: no holes, BBR seeded per run. */
  public static final RunVariation BEFORE_HOLES =
      new RunVariation(PacketNumberHoleMode.OFF, ControllerSeeding.RUN);

  /**
   * What runs use unless told otherwise: picoquic's holes, BBR drawing per run (see {@link
   * ControllerSeeding#DEFAULT} for why not the clock).
   */
  public static final RunVariation DEFAULT =
      new RunVariation(PacketNumberHoleMode.DEFAULT, ControllerSeeding.DEFAULT);

  public RunVariation {
    if (holes == null || controllerSeeding == null) {
      throw new IllegalArgumentException("run variation needs both its parts");
    }
  }

  /** Sets these holes on {@code config}. */
  public ConnectionConfig.Builder apply(ConnectionConfig.Builder config) {
    return holes.apply(config);
  }
}
