package dev.moqbed.simulation;

import dev.moqbed.netsim.NetworkConfig;
import dev.moqbed.transport.quic.ConnectionConfig;

/**
 * What makes the runs of one scenario differ besides the link's jitter, as in the reference
 * simulator (docs/scenarios.md, "Seeds and run-to-run variation").
 *
 * @param holes whether the connections skip packet numbers as picoquic does (drawn per run)
 * @param controllerSeeding where the controllers' random draws come from
 * @param receiveBatch datagrams a node takes at one instant before its endpoints run, as a receiver
 *     reading its socket in batches; 0: every arrival first, picoquic_ns's order (the default)
 * @param clientReady when the clients count their handshake as confirmed
 */
public record RunVariation(
    PacketNumberHoleMode holes,
    ControllerSeeding controllerSeeding,
    int receiveBatch,
    ClientReadyMode clientReady) {
  /**
   * picoquic_ns's: packet-number holes drawn per run, BBR seeded from its set-up time, the client's
   * ready transition inside the ACK.
   */
  public static final RunVariation PICOQUIC =
      new RunVariation(
          PacketNumberHoleMode.PICOQUIC, ControllerSeeding.CLOCK, 0, ClientReadyMode.PICOQUIC);

  /**
   * moqbed before it modelled the holes: no holes, BBR seeded per run, clients confirmed on
   * HANDSHAKE_DONE.
   */
  public static final RunVariation BEFORE_HOLES =
      new RunVariation(
          PacketNumberHoleMode.OFF, ControllerSeeding.RUN, 0, ClientReadyMode.HANDSHAKE_DONE);

  /**
   * What runs use unless told otherwise: picoquic's holes, BBR seeded from its set-up time and the
   * client's ready transition as picoquic's (see {@link ControllerSeeding#DEFAULT}, {@link
   * ClientReadyMode#DEFAULT}); the same as {@link #PICOQUIC}.
   */
  public static final RunVariation DEFAULT =
      new RunVariation(PacketNumberHoleMode.DEFAULT, ControllerSeeding.DEFAULT);

  public RunVariation {
    if (holes == null || controllerSeeding == null || clientReady == null) {
      throw new IllegalArgumentException(
          "run variation needs its holes, its seeding and its client ready mode");
    }
    if (receiveBatch < 0) {
      throw new IllegalArgumentException("a receive batch must not be negative: " + receiveBatch);
    }
  }

  /** With the default client ready mode ({@link ClientReadyMode#DEFAULT}: picoquic's). */
  public RunVariation(
      PacketNumberHoleMode holes, ControllerSeeding controllerSeeding, int receiveBatch) {
    this(holes, controllerSeeding, receiveBatch, ClientReadyMode.DEFAULT);
  }

  /** With picoquic_ns's receive order (every arrival of an instant before the endpoints). */
  public RunVariation(PacketNumberHoleMode holes, ControllerSeeding controllerSeeding) {
    this(holes, controllerSeeding, 0);
  }

  /** Sets these holes and this client ready mode on {@code config}. */
  public ConnectionConfig.Builder apply(ConnectionConfig.Builder config) {
    return clientReady.apply(holes.apply(config));
  }

  /**
   * Sets the receive batch on {@code network} ({@link NetworkConfig.Builder#receiveBatch}: 0, the
   * reference's order, unless asked).
   */
  public NetworkConfig.Builder network(NetworkConfig.Builder network) {
    return network.receiveBatch(receiveBatch);
  }
}
