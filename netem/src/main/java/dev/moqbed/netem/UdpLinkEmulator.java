package dev.moqbed.netem;

import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkDropReason;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.netsim.NetworkConfig;
import dev.moqbed.netsim.NetworkListener;
import dev.moqbed.netsim.TwoNodeNetwork;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.SharedEventLoops;
import dev.moqbed.netty.UdpPort;
import dev.moqbed.runtime.RandomStreams;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * A UDP forwarder with the simulator's links in between: datagrams from clients to the listening
 * socket cross the {@code UP} link of a netsim {@link TwoNodeNetwork} and leave for the forward
 * address from a socket of that client's own; replies to that socket cross the {@code DOWN} link
 * and go back to the client from the listening socket. The network is the simulator's, unchanged:
 * the client is its node 1, the forward address its node 0, one flow; only its scheduler differs
 * (an event loop's real time instead of virtual time). Everything runs on one event-loop thread.
 *
 * <p>ECN: Netty's epoll and NIO datagram channels neither report the ECN bits of a received
 * datagram nor set them per datagram, so every datagram enters the link as Not-ECT; a DualQ AQM
 * then classifies all of it as Classic and drops where it would mark L4S traffic.
 */
public final class UdpLinkEmulator implements AutoCloseable {
  /**
   * What to emulate, where.
   *
   * @param seed the master seed of the links' jitter, or null for the reference's seeds
   * @param seedRun the run number the jitter is drawn for with {@code seed}, as the simulator's
   *     {@code RandomStreams(seed, run)}: run 0 is the reference's seeds whatever the master seed
   *     (picoquic_ns's rep 0), run r &gt; 0 the simulator's run r of that master seed
   */
  public record Settings(
      InetSocketAddress listen,
      InetSocketAddress forward,
      LinkSchedule schedule,
      Long seed,
      int seedRun,
      int maxClients,
      long idleTimeoutMicros,
      long upBufferBytes,
      long downBufferBytes) {

    /** Defaults: reference jitter seeds, 64 clients, 60 s idle timeout, buffers from the link. */
    public static Settings of(
        InetSocketAddress listen, InetSocketAddress forward, LinkSchedule schedule) {
      return new Settings(
          listen,
          forward,
          schedule,
          null,
          1,
          64,
          60_000_000L,
          BufferBudget.defaultBytes(schedule, LinkDirection.UP),
          BufferBudget.defaultBytes(schedule, LinkDirection.DOWN));
    }

    /** Jitter drawn from master seed {@code value} as the simulator's run 1 of it. */
    public Settings withSeed(Long value) {
      return withSeed(value, 1);
    }

    /**
     * Jitter drawn as the simulator's run {@code run} of master seed {@code value} draws it, so a
     * live run and the simulated run of the same seed and number see the same jitter for the same
     * sequence of datagrams.
     */
    public Settings withSeed(Long value, int run) {
      if (run < 0) {
        throw new IllegalArgumentException("the seed's run number cannot be negative: " + run);
      }
      return new Settings(
          listen,
          forward,
          schedule,
          value,
          run,
          maxClients,
          idleTimeoutMicros,
          upBufferBytes,
          downBufferBytes);
    }

    public Settings withClients(int max, long idleMicros) {
      return new Settings(
          listen,
          forward,
          schedule,
          seed,
          seedRun,
          max,
          idleMicros,
          upBufferBytes,
          downBufferBytes);
    }

    /** Both directions' buffer budget; 0 keeps the defaults from the link. */
    public Settings withBufferBytes(long bytes) {
      return bytes <= 0
          ? this
          : new Settings(
              listen,
              forward,
              schedule,
              seed,
              seedRun,
              maxClients,
              idleTimeoutMicros,
              bytes,
              bytes);
    }
  }

  private final Settings settings;
  private final SharedEventLoops loops;
  private final EventLoopScheduler loop;
  private final ClientTable<ClientFlow> clients;
  private final BufferBudget[] budgets = new BufferBudget[2];
  private final DirectionMeter[] meters = new DirectionMeter[2];
  private TwoNodeNetwork network;
  private UdpPort listenPort;
  private final java.util.List<UdpPort> extraPorts = new java.util.ArrayList<>();
  private boolean closing;

  private UdpLinkEmulator(Settings settings, SharedEventLoops loops) {
    this.settings = settings;
    this.loops = loops;
    this.loop = loops.next();
    this.clients = new ClientTable<>(settings.maxClients(), settings.idleTimeoutMicros());
    budgets[LinkDirection.UP.ordinal()] = new BufferBudget(settings.upBufferBytes());
    budgets[LinkDirection.DOWN.ordinal()] = new BufferBudget(settings.downBufferBytes());
  }

  /** Binds the listening socket and starts the links (phase 0 applies now). */
  public static UdpLinkEmulator start(Settings settings) throws IOException {
    InetSocketAddress forward = settings.forward();
    if (forward.isUnresolved()
        || forward.getAddress().isAnyLocalAddress()
        || forward.getPort() == 0) {
      // replies are accepted only from the forward address itself
      throw new IllegalArgumentException(
          "the forward address needs a concrete host and port, not " + forward);
    }
    SharedEventLoops loops = SharedEventLoops.startForUdp(1);
    UdpLinkEmulator emulator = new UdpLinkEmulator(settings, loops);
    try {
      emulator.onLoop(
          () -> {
            emulator.startOnLoop();
            return null;
          });
    } catch (IOException | RuntimeException e) {
      loops.close();
      throw e;
    }
    return emulator;
  }

  private void startOnLoop() {
    long now = loop.nowMicros();
    for (LinkDirection direction : LinkDirection.values()) {
      meters[direction.ordinal()] = new DirectionMeter(direction, now);
    }
    NetworkConfig.Builder config =
        NetworkConfig.builder(settings.schedule()).maxFlows(1).listener(new Meters());
    if (settings.seed() != null) {
      config.randomStreams(new RandomStreams(settings.seed(), settings.seedRun()));
    }
    network = new TwoNodeNetwork(loop, config.build());
    network.attach(TwoNodeNetwork.SERVER_NODE, this::arrivedAtServer);
    network.attach(TwoNodeNetwork.CLIENT_NODE, this::arrivedAtClient);
    try {
      listenPort =
          UdpPort.bind(
              loop,
              settings.listen(),
              (sender, payload) -> fromClient(listenPort, settings.forward(), sender, payload));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    scheduleExpiry();
  }

  /** Where clients send. */
  public InetSocketAddress listenAddress() {
    return listenPort.localAddress();
  }

  public Settings settings() {
    return settings;
  }

  /** The buffer budget of one direction, bytes. */
  public long bufferBytes(LinkDirection direction) {
    return budgets[direction.ordinal()].capacityBytes();
  }

  /**
   * Opens one more listening port whose clients go to {@code forward} instead of the forward
   * address, through the same two links: a second flow sharing the bottleneck (how a live scenario
   * puts a bulk upload on the path of the media's acknowledgements). Returns where its clients
   * send.
   */
  public InetSocketAddress addRoute(InetSocketAddress forward) throws IOException {
    if (forward.isUnresolved() || forward.getPort() == 0) {
      throw new IllegalArgumentException("a route needs a concrete host and port, not " + forward);
    }
    return onLoop(
        () -> {
          UdpPort[] port = new UdpPort[1];
          try {
            port[0] =
                UdpPort.bind(
                    loop,
                    new InetSocketAddress(settings.listen().getAddress(), 0),
                    (sender, payload) -> fromClient(port[0], forward, sender, payload));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
          extraPorts.add(port[0]);
          return port[0].localAddress();
        });
  }

  /**
   * The state of one direction's jitter generator now: before any datagram, the seed {@link
   * Settings#seedRun()} gave it (how a test checks a live run draws the simulated run's jitter).
   */
  public long jitterState(LinkDirection direction) throws IOException {
    return onLoop(() -> network.link(direction).jitterState());
  }

  /** The clients known now. */
  public int clientCount() throws IOException {
    return onLoop(clients::size);
  }

  /**
   * The local port of the socket that forwards for the client at port {@code clientPort} (what the
   * server sees as that client's port), or -1 if no such client has sent yet.
   */
  public int forwardingPort(int clientPort) throws IOException {
    return onLoop(
        () -> {
          for (ClientFlow client : clients.values()) {
            if (client.address.getPort() == clientPort && client.upstream != null) {
              return client.upstream.localAddress().getPort();
            }
          }
          return -1;
        });
  }

  /** Both directions since the last call (the first: since the start); up first. */
  public List<DirectionSample> takeInterval() throws IOException {
    return onLoop(
        () -> {
          long now = loop.nowMicros();
          return List.of(
              meter(LinkDirection.UP).takeInterval(now, held(LinkDirection.UP)),
              meter(LinkDirection.DOWN).takeInterval(now, held(LinkDirection.DOWN)));
        });
  }

  /** Both directions since the start; up first. */
  public List<DirectionSample> totals() throws IOException {
    return onLoop(
        () -> {
          long now = loop.nowMicros();
          return List.of(
              meter(LinkDirection.UP).takeTotal(now, held(LinkDirection.UP)),
              meter(LinkDirection.DOWN).takeTotal(now, held(LinkDirection.DOWN)));
        });
  }

  private long held(LinkDirection direction) {
    return network.statistics(direction).packetsQueued();
  }

  private DirectionMeter meter(LinkDirection direction) {
    return meters[direction.ordinal()];
  }

  /** From a client to the listening socket: into the up link. */
  private void fromClient(
      UdpPort port, InetSocketAddress forward, InetSocketAddress sender, ByteBuffer payload) {
    if (closing) {
      return;
    }
    long now = loop.nowMicros();
    DirectionMeter meter = meter(LinkDirection.UP);
    meter.received(payload.remaining());
    ClientFlow client = clients.touch(sender, now);
    if (client == null) {
      client = open(port, forward, sender, now);
      if (client == null) {
        meter.add(DirectionMeter.Count.DROPPED_OTHER, 1);
        return;
      }
    }
    submit(LinkDirection.UP, client, payload, now);
  }

  /** A socket towards the forward address for a new client; null when the table is full. */
  private ClientFlow open(
      UdpPort port, InetSocketAddress forward, InetSocketAddress sender, long now) {
    if (clients.isFull()) {
      return null;
    }
    ClientFlow client = new ClientFlow(sender, port, forward);
    try {
      client.upstream =
          UdpPort.bind(
              loop,
              new InetSocketAddress(
                  forward.getAddress().isLoopbackAddress() ? forward.getAddress() : null, 0),
              (from, payload) -> fromServer(client, from, payload));
    } catch (IOException e) {
      return null;
    }
    clients.add(sender, client, now);
    return client;
  }

  /** From the forward address to a client's socket: into the down link. */
  private void fromServer(ClientFlow client, InetSocketAddress sender, ByteBuffer payload) {
    if (closing) {
      return;
    }
    long now = loop.nowMicros();
    DirectionMeter meter = meter(LinkDirection.DOWN);
    meter.received(payload.remaining());
    if (client.closed || !sender.equals(client.forward)) {
      meter.add(DirectionMeter.Count.DROPPED_OTHER, 1); // a stray sender, or a forgotten client
      return;
    }
    clients.touch(client.address, now);
    submit(LinkDirection.DOWN, client, payload, now);
  }

  private void submit(LinkDirection direction, ClientFlow client, ByteBuffer payload, long now) {
    DirectionMeter meter = meter(direction);
    int size = payload.remaining();
    if (size == 0) {
      meter.add(DirectionMeter.Count.DROPPED_OTHER, 1); // the link model has no empty datagram
      return;
    }
    if (!budgets[direction.ordinal()].tryTake(size)) {
      meter.add(DirectionMeter.Count.DROPPED_BUFFER, 1);
      return;
    }
    byte[] bytes = new byte[size];
    payload.get(bytes);
    int source =
        direction == LinkDirection.UP ? TwoNodeNetwork.CLIENT_NODE : TwoNodeNetwork.SERVER_NODE;
    network.send(
        new Datagram(
            source,
            1 - source,
            0,
            size,
            EcnMark.NOT_ECT,
            new ForwardedDatagram(bytes, client, now)));
  }

  /** The up link delivered: out to the forward address from the client's own socket. */
  private void arrivedAtServer(long nowMicros, Datagram datagram) {
    ForwardedDatagram packet = (ForwardedDatagram) datagram.payload();
    release(LinkDirection.UP, packet);
    leave(
        LinkDirection.UP,
        packet,
        nowMicros,
        packet.client.closed ? null : packet.client.upstream,
        packet.client.forward);
  }

  /** The down link delivered: back to the client from the listening socket. */
  private void arrivedAtClient(long nowMicros, Datagram datagram) {
    ForwardedDatagram packet = (ForwardedDatagram) datagram.payload();
    release(LinkDirection.DOWN, packet);
    leave(LinkDirection.DOWN, packet, nowMicros, packet.client.listen, packet.client.address);
  }

  private void leave(
      LinkDirection direction,
      ForwardedDatagram packet,
      long nowMicros,
      UdpPort port,
      InetSocketAddress to) {
    DirectionMeter meter = meter(direction);
    if (port == null || closing) {
      meter.add(DirectionMeter.Count.DROPPED_OTHER, 1);
    } else if (port.send(to, packet.bytes, packet.bytes.length)) {
      meter.forwarded(packet.bytes.length, loop.nowMicros() - packet.receivedMicros);
    } else {
      meter.add(DirectionMeter.Count.DROPPED_SOCKET, 1);
    }
  }

  private void release(LinkDirection direction, ForwardedDatagram packet) {
    budgets[direction.ordinal()].release(packet.bytes.length);
  }

  /** Forgets idle clients, a few times per timeout. */
  private void scheduleExpiry() {
    long period = Math.max(1_000, Math.min(1_000_000, clients.idleTimeoutMicros() / 4));
    loop.scheduleAfter(
        period,
        () -> {
          if (closing) {
            return;
          }
          clients.expire(loop.nowMicros()).forEach(ClientFlow::close);
          scheduleExpiry();
        });
  }

  /** The link model's view: queuing times and drops. */
  private final class Meters implements NetworkListener {
    @Override
    public void onDelivered(
        long nowMicros,
        LinkDirection direction,
        Datagram datagram,
        long submittedMicros,
        long queueDelayMicros) {
      meter(direction).queued(queueDelayMicros);
    }

    @Override
    public void onDropped(
        long nowMicros, LinkDirection direction, Datagram datagram, LinkDropReason reason) {
      meter(direction).droppedByLink(reason);
      release(direction, (ForwardedDatagram) datagram.payload());
    }
  }

  /** Runs {@code task} on the loop and waits for its result. */
  private <T> T onLoop(Supplier<T> task) throws IOException {
    CompletableFuture<T> result = new CompletableFuture<>();
    loop.execute(
        () -> {
          try {
            result.complete(task.get());
          } catch (RuntimeException e) {
            result.completeExceptionally(e);
          }
        });
    try {
      return result.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof java.io.UncheckedIOException io) {
        throw io.getCause();
      }
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IOException(cause);
    }
  }

  /** Stops forwarding, closes every socket and the loop. */
  @Override
  public void close() {
    try {
      onLoop(
          () -> {
            closing = true;
            clients.clear().forEach(ClientFlow::close);
            if (listenPort != null) {
              listenPort.close();
            }
            extraPorts.forEach(UdpPort::close);
            return null;
          });
    } catch (IOException e) {
      // the loop is going anyway
    } finally {
      loops.close();
    }
  }
}
