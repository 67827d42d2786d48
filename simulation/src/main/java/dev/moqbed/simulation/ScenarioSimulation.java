package dev.moqbed.simulation;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netsim.NetworkConfig;
import dev.moqbed.quicperf.FrameLog;
import dev.moqbed.quicperf.MediaCheck;
import dev.moqbed.quicperf.QuicperfClient;
import dev.moqbed.quicperf.QuicperfServer;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.transport.DatagramReceiver;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionStats;
import dev.moqbed.transport.quic.Role;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a picoquic_ns spec as the reference does: the main connection and its background connections
 * between the two nodes, each client running quicperf with its scenario text, until the main client
 * disconnects; then the draft's metrics (scenarios.md §3).
 */
public final class ScenarioSimulation {
  /** The columns {@link Outcome#record} fills after the standard ones of runs.csv, in order. */
  public static final List<String> EXTRA_COLUMNS =
      List.of(
          "completed",
          "main_packets_lost",
          "main_bytes_sent",
          "events",
          "simulated_us",
          "media_passed",
          "media_streams",
          "stop_sending",
          "frames_cancelled");

  /** Virtual time after which a run that has not finished is reported as incomplete. */
  public static final long TIME_LIMIT_MICROS = 600_000_000;

  private final SimSpec spec;
  private final ControllerRegistry registry;
  private final EcnMarking ecn;
  private final RunVariation variation;
  private final boolean untilBackgroundCloses;

  public ScenarioSimulation(SimSpec spec, ControllerRegistry registry) {
    this(spec, registry, EcnMarking.DEFAULT);
  }

  public ScenarioSimulation(SimSpec spec, ControllerRegistry registry, EcnMarking ecn) {
    this(spec, registry, ecn, RunVariation.DEFAULT);
  }

  public ScenarioSimulation(
      SimSpec spec, ControllerRegistry registry, EcnMarking ecn, RunVariation variation) {
    this(spec, registry, ecn, variation, false);
  }

  private ScenarioSimulation(
      SimSpec spec,
      ControllerRegistry registry,
      EcnMarking ecn,
      RunVariation variation,
      boolean untilBackgroundCloses) {
    this.spec = spec;
    this.registry = registry;
    this.ecn = ecn;
    this.variation = variation;
    this.untilBackgroundCloses = untilBackgroundCloses;
  }

  /**
   * The same simulation, whose runs last until the background clients have closed too (within the
   * same time limit), so their completion is measured: the fairness scenarios' bulk download. The
   * draft's scenarios stop when the main client closes, as picoquic_ns does.
   */
  public ScenarioSimulation untilBackgroundCloses() {
    return new ScenarioSimulation(spec, registry, ecn, variation, true);
  }

  /** Runs a catalogue scenario once and returns its row of runs.csv. */
  public static RunRecord run(ResolvedScenario resolved, int run, long seed) {
    return run(resolved, run, seed, RunVariation.DEFAULT);
  }

  /** Runs a catalogue scenario once with the given run-to-run variation: its row of runs.csv. */
  public static RunRecord run(
      ResolvedScenario resolved, int run, long seed, RunVariation variation) {
    return runWithFrames(resolved, run, seed, variation).record();
  }

  /**
   * Runs a catalogue scenario once with the given run-to-run variation: its row of runs.csv and,
   * for media, every frame.
   */
  public static CompletedRun runWithFrames(
      ResolvedScenario resolved, int run, long seed, RunVariation variation) {
    return runWithFrames(resolved, run, seed, variation, null);
  }

  /**
   * As {@link #runWithFrames(ResolvedScenario, int, long, RunVariation)}, writing a qlog file per
   * connection end into {@code qlog} (null: none).
   */
  public static CompletedRun runWithFrames(
      ResolvedScenario resolved, int run, long seed, RunVariation variation, QlogDirectory qlog) {
    ScenarioSimulation simulation =
        new ScenarioSimulation(
            resolved.spec(), ControllerRegistry.standard(), EcnMarking.DEFAULT, variation);
    Outcome outcome;
    if (qlog == null) {
      outcome = simulation.run(seed, run);
    } else {
      try (QlogRun files = qlog.forRun(resolved.scenario().name(), resolved.controller(), run)) {
        outcome = simulation.run(seed, run, null, null, files);
      }
    }
    RunRecord record = outcome.record(resolved.scenario().name(), resolved.controller(), run, seed);
    if (outcome.media() == null) {
      return CompletedRun.of(record);
    }
    FrameTable frames = new FrameTable();
    frames.add(run, outcome.frames());
    return new CompletedRun(record, frames);
  }

  /** The configuration of one end: picoquic's, with this simulation's ECN marking and holes. */
  private ConnectionConfig.Builder config(Role role) {
    return variation.apply(ecn.apply(ConnectionConfig.builder(role)));
  }

  /**
   * What one run measured.
   *
   * @param backgroundCompletionMicros per background connection, its client's time from the
   *     background start to closing, -1 if it had not closed when the run stopped (the draft's runs
   *     stop with the main client, so theirs are usually -1)
   */
  public record Outcome(
      long completionMicros,
      ConnectionStats mainSender,
      List<ConnectionStats> backgroundSenders,
      double load,
      MediaCheck media,
      FrameLog frames,
      long lateStopSendingSent,
      long events,
      long simulatedMicros,
      List<Long> backgroundCompletionMicros) {

    public boolean completed() {
      return completionMicros >= 0;
    }

    /** The run as a row of runs.csv, with the simulator's own figures as extra columns. */
    public RunRecord record(String scenario, String controller, int run, long seed) {
      Map<String, String> extra = new LinkedHashMap<>();
      extra.put("completed", Boolean.toString(completed()));
      extra.put("main_packets_lost", Long.toString(mainSender.packetsLost()));
      extra.put("main_bytes_sent", Long.toString(mainSender.bytesSent()));
      extra.put("events", Long.toString(events));
      extra.put("simulated_us", Long.toString(simulatedMicros));
      if (media != null) {
        extra.put("media_passed", Boolean.toString(media.passed()));
        extra.put("media_streams", streamSummary(frames));
        extra.put("stop_sending", Long.toString(lateStopSendingSent));
        extra.put("frames_cancelled", Long.toString(cancelledFrames(frames)));
      }
      return new RunRecord(
          scenario,
          controller,
          run,
          seed,
          completed() ? completionMicros : null,
          mainSender.rttAverageMicros(),
          mainSender.rttStandardDeviationMicros(),
          load,
          media == null ? null : media.avLatencyMicros(),
          media == null ? null : media.maxLatencyMicros(),
          extra);
    }
  }

  /** The frames STOP_SENDING cancelled (the rest of each abandoned group). */
  static long cancelledFrames(FrameLog frames) {
    long cancelled = 0;
    for (int i = 0; i < frames.size(); i++) {
      if (frames.isCancelled(i)) {
        cancelled++;
      }
    }
    return cancelled;
  }

  /**
   * Per media stream, in order of first frame: {@code id:frames:average_us:max_us} over the frames
   * the statistics count, joined by {@code ;} (e.g. {@code a1:250:30129:32232;vlow:150:...}).
   */
  static String streamSummary(FrameLog frames) {
    java.util.Map<String, long[]> byStream = new java.util.LinkedHashMap<>();
    for (int i = 0; i < frames.size(); i++) {
      if (frames.isCounted(i) && !frames.isCancelled(i) && frames.arrivalMicros(i) >= 0) {
        long[] stats = byStream.computeIfAbsent(frames.itemId(i), id -> new long[3]);
        long latency = frames.latencyMicros(i);
        stats[0]++;
        stats[1] += latency;
        stats[2] = Math.max(stats[2], latency);
      }
    }
    StringBuilder summary = new StringBuilder();
    byStream.forEach(
        (id, stats) ->
            summary
                .append(summary.length() == 0 ? "" : ";")
                .append(id)
                .append(':')
                .append(stats[0])
                .append(':')
                .append(stats[1] / stats[0])
                .append(':')
                .append(stats[2]));
    return summary.toString();
  }

  /** One run: the reference's rep {@code run} under master seed {@code seed}. */
  public Outcome run(long seed, int run) {
    return run(seed, run, null);
  }

  /** As {@link #run(long, int)}, tracing the main data sender's controller into {@code trace}. */
  public Outcome run(long seed, int run, ControllerTrace trace) {
    return run(seed, run, trace, null);
  }

  /**
   * As {@link #run(long, int, ControllerTrace)}, showing every datagram sent to {@code
   * sentDatagrams} (null: none), as {@link Simulation#observeSentDatagrams} describes.
   */
  public Outcome run(long seed, int run, ControllerTrace trace, DatagramReceiver sentDatagrams) {
    return run(seed, run, trace, sentDatagrams, null);
  }

  /**
   * As {@link #run(long, int, ControllerTrace, DatagramReceiver)}, writing a qlog trace of every
   * connection end into {@code qlog}'s files (null: none); the caller closes them.
   */
  public Outcome run(
      long seed, int run, ControllerTrace trace, DatagramReceiver sentDatagrams, QlogRun qlog) {
    Simulation simulation =
        new Simulation(
            variation.network(NetworkConfig.builder(spec.linkSchedule())),
            seed,
            run,
            variation.controllerSeeding());
    simulation.observeSentDatagrams(sentDatagrams);
    simulation.recordQlog(qlog);
    MediaSpec mainText = spec.mainScenario();
    QuicperfClient mainClient =
        new QuicperfClient(
            mainText, simulation.applicationScheduler(), spec.mediaStatsStartMicros());
    ConnectionConfig.Builder server = config(Role.SERVER);
    if (spec.seeded()) {
      server.resumeSeed(spec.seedCwinBytes(), spec.seedRttMicros());
    }
    ConnectionConfig serverConfig = server.build();
    ConnectionConfig clientConfig = config(Role.CLIENT).build();
    ControllerFactory mainController = registry.parse(spec.mainCcAlgo());
    Simulation.ConnectionPair main =
        simulation.addConnection(
            mainController,
            clientConfig,
            serverConfig,
            mainClient,
            new QuicperfServer(simulation.applicationScheduler()),
            spec.mainStartMicros());
    if (trace != null) {
      trace.startRun(run);
      main.server().setAckListener(trace);
    }
    BackgroundConnections background =
        BackgroundConnections.add(
            simulation, spec, registry, clientConfig, config(Role.SERVER).build());
    if (untilBackgroundCloses) {
      simulation.runWhile(
          () -> mainClient.closedMicros() < 0 || !background.allClosed(), TIME_LIMIT_MICROS);
    } else {
      simulation.runWhile(() -> mainClient.closedMicros() < 0, TIME_LIMIT_MICROS);
    }

    ConnectionStats mainSender = main.server().stats();
    List<ConnectionStats> backgroundSenders = background.senders();
    MediaCheck media =
        mainText.flows().isEmpty()
            ? null
            : mainClient.check(
                String.join(",", spec.mediaExcluded()),
                spec.mediaLatencyAverageMicros(),
                spec.mediaLatencyMaxMicros());
    return new Outcome(
        mainClient.closedMicros(),
        mainSender,
        backgroundSenders,
        Load.of(mainSender, backgroundSenders, spec.nominalRateBitsPerSecond()),
        media,
        mainClient.frames(),
        mainClient.lateStopSendingSent(),
        simulation.eventsExecuted(),
        simulation.nowMicros(),
        background.completionMicros());
  }
}
