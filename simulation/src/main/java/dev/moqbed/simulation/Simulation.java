package dev.moqbed.simulation;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.bbr.PicoquicRandom;
import dev.moqbed.netsim.NetworkConfig;
import dev.moqbed.netsim.TwoNodeNetwork;
import dev.moqbed.runtime.RandomStreams;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import dev.moqbed.transport.qlog.ConnectionQlog;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionDriver;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * One run of the reference simulator's topology: a server node and a client node joined by one
 * bottleneck link per direction, carrying up to five connections (flow ids 0..4). Everything runs
 * on one {@link VirtualScheduler}; the seed and run number decide every random draw.
 */
public final class Simulation {
  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final RandomStreams random;
  private final TwoNodeNetwork network;
  private final DatagramReceiver[] serverEndpoints = new DatagramReceiver[TwoNodeNetwork.MAX_FLOWS];
  private final DatagramReceiver[] clientEndpoints = new DatagramReceiver[TwoNodeNetwork.MAX_FLOWS];
  private final List<ConnectionPair> pairs = new ArrayList<>();
  private final ControllerSeeding controllerSeeding;
  private DatagramReceiver sentDatagramObserver;
  private QlogRun qlog;

  /** Both ends of one connection. */
  public record ConnectionPair(int flowId, QuicConnection client, QuicConnection server) {}

  public Simulation(NetworkConfig.Builder network, long masterSeed, int runNumber) {
    this(network, masterSeed, runNumber, ControllerSeeding.DEFAULT);
  }

  /** A run whose controllers draw as {@code controllerSeeding} says. */
  public Simulation(
      NetworkConfig.Builder network,
      long masterSeed,
      int runNumber,
      ControllerSeeding controllerSeeding) {
    this.controllerSeeding = controllerSeeding;
    this.random = new RandomStreams(masterSeed, runNumber);
    this.network = new TwoNodeNetwork(scheduler, network.randomStreams(random).build());
    this.network.attach(TwoNodeNetwork.SERVER_NODE, (now, d) -> deliver(serverEndpoints, now, d));
    this.network.attach(TwoNodeNetwork.CLIENT_NODE, (now, d) -> deliver(clientEndpoints, now, d));
  }

  /**
   * Shows {@code observer} every datagram an endpoint sends, at the time it is sent and before the
   * network takes it (the packet codec's size check encodes each one). The observer must not change
   * the datagram or its packets, nor schedule anything: then a run's results are the same with or
   * without it. Set it before adding connections.
   */
  public void observeSentDatagrams(DatagramReceiver observer) {
    this.sentDatagramObserver = observer;
  }

  /**
   * Writes a qlog trace of both ends of every connection added from now on into {@code run}'s files
   * (null: none). The traces only read the connections, so the run's results are the same with or
   * without them; the caller closes {@code run} when the run ends. Set it before adding
   * connections.
   */
  public void recordQlog(QlogRun run) {
    this.qlog = run;
  }

  /** Where every endpoint's datagrams go: the observer, if any, then the network. */
  private void send(long nowMicros, Datagram datagram) {
    if (sentDatagramObserver != null) {
      sentDatagramObserver.receive(nowMicros, datagram);
    }
    network.send(datagram);
  }

  private static void deliver(DatagramReceiver[] endpoints, long nowMicros, Datagram datagram) {
    DatagramReceiver endpoint = endpoints[datagram.flowId()];
    if (endpoint != null) {
      endpoint.receive(nowMicros, datagram);
    }
  }

  /**
   * Adds a connection whose client starts at {@code startMicros}; the server side runs {@code
   * serverController}, the data sender of a download (the reference picks one algorithm for both
   * ends of a connection).
   */
  public ConnectionPair addConnection(
      ControllerFactory controller,
      ConnectionConfig clientConfig,
      ConnectionConfig serverConfig,
      ConnectionHandler clientHandler,
      ConnectionHandler serverHandler,
      long startMicros) {
    int flowId = pairs.size();
    if (flowId >= TwoNodeNetwork.MAX_FLOWS) {
      throw new IllegalArgumentException("at most " + TwoNodeNetwork.MAX_FLOWS + " connections");
    }
    Scheduler endpoints = network.endpointScheduler();
    QuicConnection[] serverHolder = new QuicConnection[1];
    RandomGenerator serverControllerRandom =
        controllerSeeding == ControllerSeeding.CLOCK
            ? new SetUpTimeRandom(() -> serverHolder[0].firstReceivedMicros(), false)
            : random.stream("controller.server." + flowId);
    QuicConnection server =
        new QuicConnection(
            serverConfig,
            TwoNodeNetwork.SERVER_NODE,
            TwoNodeNetwork.CLIENT_NODE,
            flowId,
            controller,
            serverControllerRandom,
            random.stream("transport.server." + flowId),
            startMicros);
    serverHolder[0] = server;
    server.stats().keepSendHistory(); // the load metric reads the senders' bytes over a window
    server.setHandler(serverHandler);
    serverEndpoints[flowId] = attach(endpoints, server).receiver();
    ConnectionPair pair =
        new ConnectionPair(
            flowId,
            startClient(controller, clientConfig, clientHandler, flowId, startMicros),
            server);
    pairs.add(pair);
    return pair;
  }

  private QuicConnection startClient(
      ControllerFactory controller,
      ConnectionConfig config,
      ConnectionHandler handler,
      int flowId,
      long startMicros) {
    QuicConnection client =
        new QuicConnection(
            config,
            TwoNodeNetwork.CLIENT_NODE,
            TwoNodeNetwork.SERVER_NODE,
            flowId,
            controller,
            controllerSeeding == ControllerSeeding.CLOCK
                ? PicoquicRandom.picoquicGenerator(startMicros, true, 0)
                : random.stream("controller.client." + flowId),
            random.stream("transport.client." + flowId),
            startMicros);
    client.stats().keepSendHistory(); // an upload's sender is the client (BulkSimulation)
    client.setHandler(handler);
    Endpoint endpoint = attach(network.endpointScheduler(), client);
    clientEndpoints[flowId] = endpoint.receiver();
    network.endpointScheduler().scheduleAt(startMicros, endpoint.driver()::start);
    return client;
  }

  /** The driver of one end, and what the network delivers to: the driver, or its qlog tap. */
  private record Endpoint(ConnectionDriver driver, DatagramReceiver receiver) {}

  private Endpoint attach(Scheduler endpoints, QuicConnection connection) {
    if (qlog == null) {
      ConnectionDriver driver = new ConnectionDriver(endpoints, connection, this::send);
      return new Endpoint(driver, driver);
    }
    // The trace sees each datagram sent before the network takes it, each arriving one before
    // the connection processes it, and what processing changed afterwards.
    ConnectionQlog trace = qlog.open(connection, connection.flowId());
    ConnectionDriver driver =
        new ConnectionDriver(
            endpoints,
            connection,
            (now, datagram) -> {
              trace.onDatagramSent(now, datagram);
              send(now, datagram);
            });
    return new Endpoint(
        driver,
        (now, datagram) -> {
          trace.onDatagramReceived(now, datagram);
          driver.receive(now, datagram);
          trace.afterEvent(now);
        });
  }

  /** The default connection configurations: picoquic's, for each role. */
  public ConnectionPair addConnection(
      ControllerFactory controller,
      ConnectionHandler clientHandler,
      ConnectionHandler serverHandler,
      long startMicros) {
    return addConnection(
        controller,
        ConnectionConfig.picoquic(Role.CLIENT),
        ConnectionConfig.picoquic(Role.SERVER),
        clientHandler,
        serverHandler,
        startMicros);
  }

  /** Runs while {@code condition} holds, up to {@code limitMicros} of virtual time. */
  public void runWhile(BooleanSupplier condition, long limitMicros) {
    scheduler.runWhile(condition, limitMicros);
  }

  public long nowMicros() {
    return scheduler.nowMicros();
  }

  public long eventsExecuted() {
    return scheduler.eventsExecuted();
  }

  /** The scheduler applications use: their tasks run after the network events due at the time. */
  public Scheduler applicationScheduler() {
    return network.endpointScheduler();
  }

  public TwoNodeNetwork network() {
    return network;
  }
}
