package dev.moqbed.transport.quic;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.runtime.RandomStreams;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Predicate;

/**
 * A client and a server of the project's stack joined by two {@link TestPath}s in virtual time: the
 * one set-up the transport's tests share, as quinn's {@code tests/util.rs} {@code Pair}. Built,
 * then given handlers, then {@link #start()}ed; a test that meters or forges what a side sends
 * wires its own driver to {@link #up} and {@link #down} instead.
 *
 * <p>The connections are those every test used before this harness: node 1 is the client, node 0
 * the server, flow 0, controller randomness from {@code RandomStreams(1, 0)} streams "c" and "s".
 * The server is created first, so a controller factory that keeps its first controller keeps the
 * server's.
 */
public final class ConnectionPair {
  public final VirtualScheduler scheduler;
  public final QuicConnection client;
  public final QuicConnection server;

  /** Client to server. */
  public final TestPath up;

  /** Server to client. */
  public final TestPath down;

  private ConnectionDriver clientDriver;
  private ConnectionDriver serverDriver;

  private ConnectionPair(Builder builder) {
    scheduler = builder.scheduler != null ? builder.scheduler : new VirtualScheduler();
    RandomStreams random = new RandomStreams(1, 0);
    server =
        connection(
            builder.serverConfig,
            0,
            1,
            builder.serverControllers,
            random.stream("s"),
            builder.serverTransportSeed);
    client =
        connection(
            builder.clientConfig,
            1,
            0,
            builder.clientControllers,
            random.stream("c"),
            builder.clientTransportSeed);
    up =
        new TestPath(
            scheduler, builder.bitsPerSecondAt, builder.oneWayMicros, builder.dropToServer);
    down =
        new TestPath(
            scheduler, builder.bitsPerSecondAt, builder.oneWayMicros, builder.dropToClient);
  }

  private static QuicConnection connection(
      ConnectionConfig config,
      int localNode,
      int remoteNode,
      ControllerFactory controllers,
      SplittableRandom controllerRandom,
      Long transportSeed) {
    if (transportSeed == null) {
      return new QuicConnection(config, localNode, remoteNode, 0, controllers, controllerRandom, 0);
    }
    return new QuicConnection(
        config,
        localNode,
        remoteNode,
        0,
        controllers,
        controllerRandom,
        new SplittableRandom(transportSeed),
        0);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Drives both connections over the two paths; the client sends its first Initial now. */
  public ConnectionPair start() {
    clientDriver = new ConnectionDriver(scheduler, client, up);
    serverDriver = new ConnectionDriver(scheduler, server, down);
    up.connect(serverDriver);
    down.connect(clientDriver);
    clientDriver.start();
    serverDriver.start();
    return this;
  }

  /** The server's driver, once started: where a test hands the server forged datagrams. */
  public ConnectionDriver serverDriver() {
    return serverDriver;
  }

  /** Runs the scheduler while {@code condition} holds, up to {@code untilMicros}. */
  public void runWhile(BooleanSupplier condition, long untilMicros) {
    scheduler.runWhile(condition, untilMicros);
  }

  /** Runs until both ends are ready or {@code untilMicros}; returns whether both are. */
  public boolean handshake(long untilMicros) {
    BooleanSupplier bothReady = () -> client.isReady() && server.isReady();
    scheduler.runWhile(() -> !bothReady.getAsBoolean(), untilMicros);
    return bothReady.getAsBoolean();
  }

  /** What the pair is made of; every setting has the value most tests used. */
  public static final class Builder {
    private VirtualScheduler scheduler;
    private ConnectionConfig clientConfig = ConnectionConfig.picoquic(Role.CLIENT);
    private ConnectionConfig serverConfig = ConnectionConfig.picoquic(Role.SERVER);
    private ControllerFactory clientControllers;
    private ControllerFactory serverControllers;
    private Long clientTransportSeed;
    private Long serverTransportSeed;
    private LongUnaryOperator bitsPerSecondAt = now -> 20_000_000;
    private long oneWayMicros = 10_000;
    private Predicate<Datagram> dropToServer = datagram -> false;
    private Predicate<Datagram> dropToClient = datagram -> false;

    private Builder() {
      controller("cubic");
    }

    /** The scheduler to run on, for a test whose drop rules read its clock. */
    public Builder scheduler(VirtualScheduler value) {
      scheduler = value;
      return this;
    }

    /** Both ends' controller, by its registry id (default cubic). */
    public Builder controller(String id) {
      return controllers(ControllerRegistry.standard().parse(id));
    }

    public Builder controllers(ControllerFactory value) {
      clientControllers = value;
      serverControllers = value;
      return this;
    }

    public Builder clientControllers(ControllerFactory value) {
      clientControllers = value;
      return this;
    }

    public Builder serverControllers(ControllerFactory value) {
      serverControllers = value;
      return this;
    }

    public Builder clientConfig(ConnectionConfig value) {
      clientConfig = value;
      return this;
    }

    public Builder serverConfig(ConnectionConfig value) {
      serverConfig = value;
      return this;
    }

    /** Seeds of the transport's own randomness (packet-number holes); default: the config's. */
    public Builder transportSeeds(long clientSeed, long serverSeed) {
      clientTransportSeed = clientSeed;
      serverTransportSeed = serverSeed;
      return this;
    }

    /** Both paths' rate (default 20 Mbit/s). */
    public Builder bitsPerSecond(long value) {
      bitsPerSecondAt = now -> value;
      return this;
    }

    /** Both paths' rate at the time a datagram starts to serialize. */
    public Builder bitsPerSecondAt(LongUnaryOperator value) {
      bitsPerSecondAt = value;
      return this;
    }

    /** Both paths' one-way delay (default 10 ms). */
    public Builder oneWayMicros(long value) {
      oneWayMicros = value;
      return this;
    }

    /** Which datagrams the client-to-server path drops; it sees every datagram sent that way. */
    public Builder dropToServer(Predicate<Datagram> value) {
      dropToServer = value;
      return this;
    }

    /** Which datagrams the server-to-client path drops; it sees every datagram sent that way. */
    public Builder dropToClient(Predicate<Datagram> value) {
      dropToClient = value;
      return this;
    }

    public ConnectionPair build() {
      return new ConnectionPair(this);
    }
  }
}
