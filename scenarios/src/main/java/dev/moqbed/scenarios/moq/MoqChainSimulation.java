package dev.moqbed.scenarios.moq;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netsim.NetworkConfig;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.scenarios.sim.EcnMarking;
import dev.moqbed.scenarios.sim.RunVariation;
import dev.moqbed.scenarios.sim.ScenarioSimulation;
import dev.moqbed.scenarios.sim.Simulation;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.transport.app.QuicperfClient;
import dev.moqbed.transport.app.QuicperfServer;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.Role;
import java.util.ArrayList;
import java.util.List;
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

  /** The outcome of one run. */
  public record Outcome(SubscriberReport report, List<FrameRecord> frames, long endMicros) {
    public boolean completed() {
      return report != null && report.completed();
    }
  }

  public MoqChainSimulation(SimSpec spec, ControllerRegistry registry, EcnMarking ecn) {
    this(spec, registry, ecn, RunVariation.DEFAULT);
  }

  public MoqChainSimulation(
      SimSpec spec, ControllerRegistry registry, EcnMarking ecn, RunVariation variation) {
    this.spec = spec;
    this.registry = registry;
    this.ecn = ecn;
    this.variation = variation;
  }

  private ConnectionConfig config(Role role) {
    return variation.apply(ecn.apply(ConnectionConfig.picoquic(role)));
  }

  /** One run under master seed {@code seed}. */
  public Outcome run(long seed, int run) {
    Simulation simulation =
        new Simulation(
            NetworkConfig.builder(spec.linkSchedule()), seed, run, variation.controllerSeeding());
    MediaSpec media = spec.mainScenario();
    List<String> tracks = media.flows().stream().map(MediaFlow::id).toList();
    List<FrameRecord> frames = new ArrayList<>();
    SubscriberReport[] report = new SubscriberReport[1];
    Publisher[] publisher = new Publisher[1];

    Relay relay = new Relay(simulation.applicationScheduler(), RelayConfig.DEFAULT, line -> {});
    publisher[0] =
        new Publisher(
            simulation.applicationScheduler(),
            new PublisherConfig(NAMESPACE, media, 0, false, PUBLISHER_LINGER_MICROS),
            new PublisherEvents() {});
    MemoryTransport.Pair hop1 =
        MemoryTransport.pair(
            simulation.applicationScheduler(),
            MemoryLink.ofDelay(0),
            MemoryLink.ofDelay(0),
            "publisher");
    MoqtSession.server(hop1.server(), relay.newSession(), VERSION);
    MoqtSession.client(hop1.client(), publisher[0], VERSION);

    Subscriber subscriber =
        new Subscriber(
            simulation.applicationScheduler(),
            new SubscriberConfig(
                NAMESPACE,
                tracks,
                LATE_MICROS,
                Set.of(DROPPABLE_TRACK),
                0,
                SUBSCRIBER_GRACE_MICROS),
            new SubscriberEvents() {
              @Override
              public void onSubscriptionsAnswered(int accepted, int refused) {
                publisher[0].startMedia();
              }

              @Override
              public void onFrame(FrameRecord frame) {
                frames.add(frame);
              }

              @Override
              public void onFinished(SubscriberReport finished) {
                report[0] = finished;
              }
            });

    ConnectionConfig serverConfig = config(Role.SERVER);
    ConnectionConfig clientConfig = config(Role.CLIENT);
    if (spec.seeded()) {
      serverConfig = serverConfig.withResumeSeed(spec.seedCwinBytes(), spec.seedRttMicros());
    }
    Simulation.ConnectionPair hop2 =
        simulation.addConnection(
            registry.parse(spec.mainCcAlgo()),
            clientConfig,
            serverConfig,
            new ConnectionHandler() {},
            new ConnectionHandler() {},
            spec.mainStartMicros());
    QuicTransportConnection relaySide = new QuicTransportConnection(hop2.server(), "subscriber");
    MoqtSession.server(relaySide, relay.newSession(), VERSION);
    QuicTransportConnection subscriberSide = new QuicTransportConnection(hop2.client(), "relay");
    subscriberSide.whenReady(() -> MoqtSession.client(subscriberSide, subscriber, VERSION));

    if (spec.hasBackground()) {
      ControllerFactory backgroundController = registry.parse(spec.backgroundCcAlgo());
      MediaSpec backgroundText = spec.backgroundScenario().orElseThrow();
      for (int i = 1; i < spec.connectionCount(); i++) {
        simulation.addConnection(
            backgroundController,
            clientConfig,
            config(Role.SERVER),
            new QuicperfClient(backgroundText, simulation.applicationScheduler()),
            new QuicperfServer(simulation.applicationScheduler()),
            spec.backgroundStartMicros());
      }
    }
    simulation.runWhile(() -> report[0] == null, ScenarioSimulation.TIME_LIMIT_MICROS);
    return new Outcome(report[0], List.copyOf(frames), simulation.nowMicros());
  }
}
