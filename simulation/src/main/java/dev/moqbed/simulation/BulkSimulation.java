package dev.moqbed.simulation;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netsim.NetworkConfig;
import dev.moqbed.quicperf.BatchClient;
import dev.moqbed.quicperf.BatchServer;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionStats;
import dev.moqbed.transport.quic.Role;

/** Runs a {@link BulkSpec}: one connection, one quicperf batch transfer, the draft's metrics. */
public final class BulkSimulation {
  /** Virtual time after which a run that has not finished counts as failed. */
  public static final long TIME_LIMIT_MICROS = 600_000_000;

  private BulkSimulation() {}

  public static BulkResult run(BulkSpec spec, long masterSeed, int runNumber) {
    return run(spec, masterSeed, runNumber, null);
  }

  /**
   * As {@link #run(BulkSpec, long, int)}, tracing the data sender's controller into {@code trace}.
   */
  public static BulkResult run(
      BulkSpec spec, long masterSeed, int runNumber, ControllerTrace trace) {
    return run(spec, masterSeed, runNumber, trace, RunVariation.DEFAULT);
  }

  /** As {@link #run(BulkSpec, long, int, ControllerTrace)}, with the given run variation. */
  public static BulkResult run(
      BulkSpec spec,
      long masterSeed,
      int runNumber,
      ControllerTrace trace,
      RunVariation variation) {
    return run(spec, masterSeed, runNumber, trace, variation, null);
  }

  /**
   * As {@link #run(BulkSpec, long, int, ControllerTrace, RunVariation)}, writing a qlog trace of
   * both ends into {@code qlog}'s files (null: none); the caller closes them.
   */
  public static BulkResult run(
      BulkSpec spec,
      long masterSeed,
      int runNumber,
      ControllerTrace trace,
      RunVariation variation,
      QlogRun qlog) {
    ControllerFactory controller = ControllerRegistry.standard().parse(spec.controller());
    Simulation simulation =
        new Simulation(
            variation.network(NetworkConfig.builder(spec.schedule())),
            masterSeed,
            runNumber,
            variation.controllerSeeding());
    simulation.recordQlog(qlog);
    BatchClient client = new BatchClient(spec.postBytes(), spec.responseBytes());
    Simulation.ConnectionPair pair =
        simulation.addConnection(
            controller,
            variation.apply(ConnectionConfig.builder(Role.CLIENT)).build(),
            variation.apply(ConnectionConfig.builder(Role.SERVER)).build(),
            client,
            new BatchServer(),
            0);
    if (trace != null) {
      trace.startRun(runNumber);
      (spec.responseBytes() >= spec.postBytes() ? pair.server() : pair.client())
          .setAckListener(trace);
    }
    simulation.runWhile(() -> client.closedMicros() < 0, TIME_LIMIT_MICROS);
    ConnectionStats sender =
        spec.responseBytes() >= spec.postBytes() ? pair.server().stats() : pair.client().stats();
    return new BulkResult(
        client.closedMicros(),
        sender.rttAverageMicros(),
        sender.rttStandardDeviationMicros(),
        load(sender, spec.nominalRateBitsPerSecond()),
        client.receivedBytes(),
        sender.datagramsSent(),
        sender.packetsLost(),
        simulation.eventsExecuted(),
        simulation.nowMicros());
  }

  /** Bytes sent between the first and the last datagram, over that time, against the rate. */
  static double load(ConnectionStats sender, long nominalRateBitsPerSecond) {
    long duration = sender.lastSendMicros() - sender.firstSendMicros();
    if (duration <= 0 || nominalRateBitsPerSecond <= 0) {
      return 0;
    }
    return sender.bytesSent() * 8e6 / duration / nominalRateBitsPerSecond;
  }
}
