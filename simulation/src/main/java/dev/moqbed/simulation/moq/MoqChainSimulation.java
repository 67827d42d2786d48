package dev.moqbed.simulation.moq;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.netsim.NetworkConfig;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.simulation.BackgroundConnections;
import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.EcnMarking;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.Load;
import dev.moqbed.simulation.QlogDirectory;
import dev.moqbed.simulation.QlogRun;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.simulation.ScenarioSimulation;
import dev.moqbed.simulation.Simulation;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import dev.moqbed.transport.DatagramReceiver;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.ConnectionStats;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.session.QuicTransportConnection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The MoQ chain on a scenario's network, in virtual time: publisher → relay → subscriber, the three
 * roles written against the session interface only.
 *
 * <p>Hop 1 (publisher → relay) is ideal: an in-memory connection pair with no delay and no rate
 * limit on the simulation's application scheduler, so the relay has every object at its capture
 * time. Hop 2 (relay → subscriber) is the scenario's link: a {@link QuicTransportConnection} over
 * the project's QUIC model, the subscriber on the client node opening the connection at the main
 * connection's start time, the relay on the server node sending with the controller under test.
 * Background connections of the scenario run as in the draft workload. The subscriber measures
 * capture → complete-arrival latency per frame and stops a {@code vmid} group whose frame is more
 * than {@link #LATE_MICROS} late; the relay then resets the group's stream and resumes the layer
 * with the next group.
 */
public final class MoqChainSimulation {
  /** A frame of the droppable layer later than this stops its group (the task's 250 ms). */
  public static final long LATE_MICROS = 250_000;

  /** The track the subscriber may stop. */
  public static final String DROPPABLE_TRACK = "vmid";

  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  private static final String NAMESPACE = "live";
  private static final long PUBLISHER_LINGER_MICROS = 1_000_000;
  private static final long SUBSCRIBER_GRACE_MICROS = 2_000_000;

  private final SimSpec spec;
  private final ControllerRegistry registry;
  private final EcnMarking ecn;
  private final RunVariation variation;
  private final boolean untilBackgroundCloses;

  /** The value of the {@code workload} column in the MoQ chain's rows. */
  public static final String WORKLOAD = "moq";

  /** The extra column that tells a MoQ-chain row from a draft-workload row (which lacks it). */
  public static final String WORKLOAD_COLUMN = "workload";

  /** The columns a MoQ-chain run fills after {@link RunRecord#COLUMNS}, in order. */
  public static final List<String> EXTRA_COLUMNS =
      List.of(
          "completed",
          WORKLOAD_COLUMN,
          "main_packets_lost",
          "main_bytes_sent",
          "events",
          "simulated_us",
          "frames_sent",
          "frames_received",
          "frames_cancelled",
          "stop_sending",
          "media_streams");

  /**
   * What one run measured.
   *
   * @param report the subscriber's report; null when it never finished
   * @param sent every object the publisher handed to the relay, in capture order
   * @param frames every frame the subscriber received, in arrival order
   * @param relaySender the relay's sending side of hop 2, where the controller under test acts
   * @param load the relay sender's share of the link, as the draft computes it
   * @param endMicros virtual time when the run ended
   * @param finishedMicros virtual time when the subscriber finished (the run's end unless it waited
   *     for the background), -1 if it never did
   * @param backgroundCompletionMicros per background connection, its client's time from the
   *     background start to closing, -1 if it had not closed when the run stopped
   */
  public record Outcome(
      SubscriberReport report,
      List<MediaObject> sent,
      List<FrameRecord> frames,
      ConnectionStats relaySender,
      double load,
      long events,
      long endMicros,
      long finishedMicros,
      List<Long> backgroundCompletionMicros) {
    public boolean completed() {
      return report != null && report.completed();
    }

    /**
     * The run as a row of runs.csv. The draft's columns keep their meaning with the relay as the
     * main sender: completion when the subscriber finished, the relay sender's RTT, its load; the
     * media columns are the largest per-track average and maximum over every track, since the MoQ
     * chain excludes no stream and no warm-up.
     */
    public RunRecord record(String scenario, String controller, int run, long seed) {
      Map<String, String> extra = new LinkedHashMap<>();
      extra.put("completed", Boolean.toString(completed()));
      extra.put(WORKLOAD_COLUMN, WORKLOAD);
      extra.put("main_packets_lost", Long.toString(relaySender.packetsLost()));
      extra.put("main_bytes_sent", Long.toString(relaySender.bytesSent()));
      extra.put("events", Long.toString(events));
      extra.put("simulated_us", Long.toString(endMicros));
      extra.put("frames_sent", Integer.toString(sent.size()));
      extra.put("frames_received", Integer.toString(frames.size()));
      long stopSending = 0;
      if (report != null) {
        for (TrackReport track : report.tracks()) {
          stopSending += track.stopSendingSent();
        }
      }
      TrackLatencies latencies = new TrackLatencies();
      for (FrameRecord frame : frames) {
        latencies.add(frame.track(), frame.latencyMicros());
      }
      extra.put("frames_cancelled", Integer.toString(frameTable(run).cancelledRows()));
      extra.put("stop_sending", Long.toString(stopSending));
      extra.put("media_streams", latencies.mediaStreams());
      return new RunRecord(
          scenario,
          controller,
          run,
          seed,
          completed() ? finishedMicros : null,
          relaySender.rttAverageMicros(),
          relaySender.rttStandardDeviationMicros(),
          load,
          latencies.averageLatencyMicros(),
          latencies.maxLatencyMicros(),
          extra);
    }

    /** Every frame the publisher sent, with its arrival or its loss, as rows of run {@code run}. */
    public FrameTable frameTable(int run) {
      FrameTable table = new FrameTable();
      table.add(run, sent, frames);
      return table;
    }
  }

  /** Runs a catalogue media scenario once through the MoQ chain: its row and its frames. */
  public static CompletedRun runWithFrames(
      ResolvedScenario resolved, int run, long seed, RunVariation variation) {
    return runWithFrames(resolved, run, seed, variation, null);
  }

  /** As {@link #runWithFrames(ResolvedScenario, int, long, RunVariation)}, with qlog files. */
  public static CompletedRun runWithFrames(
      ResolvedScenario resolved, int run, long seed, RunVariation variation, QlogDirectory qlog) {
    MoqChainSimulation simulation =
        new MoqChainSimulation(
            resolved.spec(), ControllerRegistry.standard(), EcnMarking.DEFAULT, variation);
    Outcome outcome;
    if (qlog == null) {
      outcome = simulation.run(seed, run);
    } else {
      try (QlogRun files = qlog.forRun(resolved.scenario().name(), resolved.controller(), run)) {
        outcome = simulation.run(seed, run, null, files);
      }
    }
    return new CompletedRun(
        outcome.record(resolved.scenario().name(), resolved.controller(), run, seed),
        outcome.frameTable(run));
  }

  public MoqChainSimulation(SimSpec spec, ControllerRegistry registry, EcnMarking ecn) {
    this(spec, registry, ecn, RunVariation.DEFAULT);
  }

  public MoqChainSimulation(
      SimSpec spec, ControllerRegistry registry, EcnMarking ecn, RunVariation variation) {
    this(spec, registry, ecn, variation, false);
  }

  private MoqChainSimulation(
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
   * same time limit), so a fairness scenario's bulk download is measured to its end; the draft's
   * scenarios stop when the subscriber finishes.
   */
  public MoqChainSimulation untilBackgroundCloses() {
    return new MoqChainSimulation(spec, registry, ecn, variation, true);
  }

  private ConnectionConfig.Builder config(Role role) {
    return variation.apply(ecn.apply(ConnectionConfig.builder(role)));
  }

  /** One run under master seed {@code seed}. */
  public Outcome run(long seed, int run) {
    return run(seed, run, null);
  }

  /**
   * As {@link #run(long, int)}, showing every datagram sent to {@code sentDatagrams} (null: none),
   * as {@link Simulation#observeSentDatagrams} describes.
   */
  public Outcome run(long seed, int run, DatagramReceiver sentDatagrams) {
    return run(seed, run, sentDatagrams, null);
  }

  /**
   * As {@link #run(long, int, DatagramReceiver)}, writing a qlog trace of both ends of each hop
   * into {@code qlog}'s files (null: none); the caller closes them.
   */
  public Outcome run(long seed, int run, DatagramReceiver sentDatagrams, QlogRun qlog) {
    Simulation simulation =
        new Simulation(
            variation.network(NetworkConfig.builder(spec.linkSchedule())),
            seed,
            run,
            variation.controllerSeeding());
    simulation.observeSentDatagrams(sentDatagrams);
    simulation.recordQlog(qlog);
    ChainRecording recording = new ChainRecording();
    Relay relay = new Relay(simulation.applicationScheduler(), RelayConfig.DEFAULT, line -> {});
    Publisher publisher = publisher(simulation, recording);
    MemoryTransport.Pair hop1 =
        MemoryTransport.pair(
            simulation.applicationScheduler(),
            MemoryLink.ofDelay(0),
            MemoryLink.ofDelay(0),
            "publisher");
    relay.serve(hop1.server(), VERSION);
    MoqtSession.client(hop1.client(), publisher, VERSION);
    Subscriber subscriber = subscriber(simulation, recording, publisher);
    ConnectionConfig clientConfig = config(Role.CLIENT).build();
    Simulation.ConnectionPair hop2 = connectSubscriber(simulation, relay, subscriber, clientConfig);

    BackgroundConnections background =
        BackgroundConnections.add(
            simulation, spec, registry, clientConfig, config(Role.SERVER).build());
    if (untilBackgroundCloses) {
      simulation.runWhile(
          () -> recording.report == null || !background.allClosed(),
          ScenarioSimulation.TIME_LIMIT_MICROS);
    } else {
      simulation.runWhile(() -> recording.report == null, ScenarioSimulation.TIME_LIMIT_MICROS);
    }
    ConnectionStats relaySender = hop2.server().stats();
    return new Outcome(
        recording.report,
        List.copyOf(recording.sent),
        List.copyOf(recording.frames),
        relaySender,
        Load.of(relaySender, background.senders(), spec.nominalRateBitsPerSecond()),
        simulation.eventsExecuted(),
        simulation.nowMicros(),
        recording.finishedAtMicros,
        background.completionMicros());
  }

  /** What a run records while it runs: the objects sent, the frames received, the report. */
  private static final class ChainRecording {
    final List<MediaObject> sent = new ArrayList<>();
    final List<FrameRecord> frames = new ArrayList<>();
    SubscriberReport report;
    long finishedAtMicros = -1;
  }

  /** The spec's main media, published under {@link #NAMESPACE}, each object sent recorded. */
  private Publisher publisher(Simulation simulation, ChainRecording recording) {
    return new Publisher(
        simulation.applicationScheduler(),
        new PublisherConfig(NAMESPACE, spec.mainScenario(), 0, false, PUBLISHER_LINGER_MICROS),
        new PublisherEvents() {
          @Override
          public void onObjectSent(MediaObject object) {
            recording.sent.add(object);
          }
        });
  }

  /** The subscriber to every track, which starts the publisher's media once it is answered. */
  private Subscriber subscriber(
      Simulation simulation, ChainRecording recording, Publisher publisher) {
    List<String> tracks = spec.mainScenario().flows().stream().map(MediaFlow::id).toList();
    return new Subscriber(
        simulation.applicationScheduler(),
        new SubscriberConfig(
            NAMESPACE, tracks, LATE_MICROS, Set.of(DROPPABLE_TRACK), 0, SUBSCRIBER_GRACE_MICROS),
        new SubscriberEvents() {
          @Override
          public void onSubscriptionsAnswered(int accepted, int refused) {
            publisher.startMedia();
          }

          @Override
          public void onFrame(FrameRecord frame) {
            recording.frames.add(frame);
          }

          @Override
          public void onFinished(SubscriberReport finished) {
            recording.report = finished;
            recording.finishedAtMicros = simulation.nowMicros();
          }
        });
  }

  /**
   * The relay → subscriber hop: a QUIC connection over the simulated link with the spec's
   * controller (the variable under test), its server seeded when the spec resumes a session.
   */
  private Simulation.ConnectionPair connectSubscriber(
      Simulation simulation, Relay relay, Subscriber subscriber, ConnectionConfig clientConfig) {
    ConnectionConfig.Builder server = config(Role.SERVER);
    if (spec.seeded()) {
      server.resumeSeed(spec.seedCwinBytes(), spec.seedRttMicros());
    }
    Simulation.ConnectionPair hop2 =
        simulation.addConnection(
            registry.parse(spec.mainCcAlgo()),
            clientConfig,
            server.build(),
            new ConnectionHandler() {},
            new ConnectionHandler() {},
            spec.mainStartMicros());
    QuicTransportConnection relaySide = new QuicTransportConnection(hop2.server(), "subscriber");
    relay.serve(relaySide, VERSION);
    QuicTransportConnection subscriberSide = new QuicTransportConnection(hop2.client(), "relay");
    subscriberSide.whenReady(() -> MoqtSession.client(subscriberSide, subscriber, VERSION));
    return hop2;
  }
}
