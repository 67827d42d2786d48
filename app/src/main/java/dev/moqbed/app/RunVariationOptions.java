package dev.moqbed.app;

import dev.moqbed.simulation.ClientReadyMode;
import dev.moqbed.simulation.ControllerSeeding;
import dev.moqbed.simulation.PacketNumberHoleMode;
import dev.moqbed.simulation.RunVariation;
import picocli.CommandLine.Option;

/**
 * {@code --seed}, {@code --pn-holes}, {@code --bbr-seed}, {@code --receive-batch} and {@code
 * --client-ready}: where the runs' random draws come from, and what makes runs differ besides the
 * link's jitter.
 */
final class RunVariationOptions {
  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "1",
      description = "Master seed given to every run (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--pn-holes",
      paramLabel = "MODE",
      defaultValue = "PICOQUIC",
      description =
          "Packet-number holes: PICOQUIC (skip a 1-RTT packet number now and then, drawn per"
              + " run, as picoquic does: runs without jitter differ, default) or OFF (every"
              + " number used: such runs repeat exactly, as before moqbed modelled the holes).")
  PacketNumberHoleMode holes;

  @Option(
      names = "--bbr-seed",
      paramLabel = "SEEDING",
      defaultValue = "CLOCK",
      description =
          "BBR's random draws: CLOCK (seeded from its set-up time, as picoquic: the same in every"
              + " run without jitter, default) or RUN (from the run's random stream).")
  ControllerSeeding controllerSeeding;

  @Option(
      names = "--receive-batch",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "Datagrams a node takes at one instant before its endpoints run, as a receiver reading"
              + " its socket N at a time (an ACK due mid-burst leaves mid-burst); 0: every arrival"
              + " of an instant first, as picoquic_ns (default ${DEFAULT-VALUE}).")
  int receiveBatch;

  @Option(
      names = "--client-ready",
      paramLabel = "MODE",
      defaultValue = "PICOQUIC",
      description =
          "When a client counts its handshake as confirmed: PICOQUIC (as picoquic f00feeb7: at"
              + " the first acknowledged 1-RTT packet, inside the ACK, its handshake packets"
              + " notified to the controller as implicitly acknowledged; default) or"
              + " HANDSHAKE_DONE (on that frame, as RFC 9001 describes; the default before"
              + " 2026-12-07).")
  ClientReadyMode clientReady;

  RunVariation variation() {
    if (receiveBatch < 0) {
      throw new IllegalArgumentException("--receive-batch must not be negative");
    }
    return new RunVariation(holes, controllerSeeding, receiveBatch, clientReady);
  }
}
