package dev.moqbed.transport.udp;

import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.endpoint.ConnectionSender;
import dev.moqbed.transport.endpoint.Endpoint;
import dev.moqbed.transport.endpoint.EndpointConnection;
import dev.moqbed.transport.endpoint.EndpointHost;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.EndpointSecurity;
import dev.moqbed.transport.endpoint.HandshakeBudget;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Socket-free {@link Endpoint}s at made-up addresses joined by a lossless path of a fixed one-way
 * delay, in virtual time (quinn's {@code tests/util.rs} {@code Pair}): the endpoints' routing,
 * Retry, stateless reset and draining run as on a socket, deterministically and in microseconds of
 * real time. Every datagram that crosses is logged ({@link #sent}); a filter may drop some.
 */
final class VirtualNetwork {
  /** One datagram on the path. */
  record Transit(
      InetSocketAddress from, InetSocketAddress to, int bytes, long atMicros, byte[] content) {}

  final VirtualScheduler scheduler = new VirtualScheduler();
  final List<Transit> sent = new ArrayList<>();

  /** Events (deliveries, timers, passes) run so far. */
  long eventsRun;

  private final long oneWayMicros;
  private final SplittableRandom random;
  private final Map<InetSocketAddress, Endpoint<Sender>> endpoints = new HashMap<>();
  // Several endpoints on one address (one per event loop, SO_REUSEPORT): which one a datagram
  // reaches is the sender's port modulo their number, as the kernel's hash picks one by the sender.
  private final Map<InetSocketAddress, List<Endpoint<Sender>>> groups = new HashMap<>();
  // A NAT in front of an endpoint: what it sends appears to come from the outside address.
  private final Map<InetSocketAddress, InetSocketAddress> outsideOf = new HashMap<>();
  private Predicate<Transit> drop = transit -> false;

  VirtualNetwork(long oneWayMicros, long seed) {
    this.oneWayMicros = oneWayMicros;
    this.random = new SplittableRandom(seed);
  }

  /** {@code 10.0.0.host:port}, made without a name lookup. */
  static InetSocketAddress address(int host, int port) {
    try {
      return new InetSocketAddress(
          InetAddress.getByAddress(new byte[] {10, 0, 0, (byte) host}), port);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * An endpoint at {@code address}, replacing the one there (a restart without a word).
   *
   * @param server null for one that only connects
   * @param handlers the handler of each accepted connection
   */
  Endpoint<Sender> bind(
      InetSocketAddress address,
      EndpointLimits limits,
      EndpointSecurity security,
      Endpoint.Server server,
      Function<EndpointConnection<Sender>, ConnectionHandler> handlers) {
    Endpoint<Sender> endpoint =
        new Endpoint<>(
            scheduler,
            limits,
            security,
            server,
            new Host(address, handlers),
            new SplittableRandom(random.nextLong()));
    endpoints.put(address, endpoint);
    return endpoint;
  }

  /**
   * {@code loops} endpoints on one address, each routing its own connections and handing a datagram
   * for another's connection to that one (through the scheduler, as through a loop's task queue),
   * sharing one handshake budget and following their clients' address changes.
   */
  List<Endpoint<Sender>> bindGroup(
      InetSocketAddress address,
      int loops,
      EndpointLimits limits,
      EndpointSecurity security,
      Endpoint.Server server,
      Function<EndpointConnection<Sender>, ConnectionHandler> handlers) {
    Map<Long, Endpoint<Sender>> owners = new HashMap<>();
    HandshakeBudget budget = new HandshakeBudget(limits);
    List<Endpoint<Sender>> group = new ArrayList<>();
    for (int i = 0; i < loops; i++) {
      GroupHost host = new GroupHost(address, handlers, owners);
      Endpoint<Sender> endpoint =
          new Endpoint<>(
              scheduler,
              limits,
              security,
              server,
              host,
              new SplittableRandom(random.nextLong()),
              budget);
      host.self = endpoint;
      endpoint.followAddressChanges();
      group.add(endpoint);
    }
    groups.put(address, group);
    return group;
  }

  /**
   * A NAT rebinds the endpoint at {@code inside}: from now on what it sends leaves from {@code
   * outside}, and what is sent to {@code outside} reaches it.
   */
  void rebind(InetSocketAddress inside, InetSocketAddress outside) {
    outsideOf.put(inside, outside);
    endpoints.put(outside, endpoints.get(inside));
  }

  /** Drops every datagram the filter matches (it is still logged). */
  void dropWhere(Predicate<Transit> filter) {
    drop = filter;
  }

  /** Hands raw bytes to the endpoint at {@code to} as if {@code from} had sent them. */
  void inject(InetSocketAddress from, InetSocketAddress to, byte[] datagram) {
    send(from, to, ByteBuffer.wrap(datagram));
  }

  /** Runs the events until {@code done} holds or virtual time passes {@code limitMicros}. */
  boolean runUntil(BooleanSupplier done, long limitMicros) {
    long end = scheduler.nowMicros() + limitMicros;
    while (!done.getAsBoolean()) {
      if (scheduler.pendingTasks() == 0 || scheduler.nextDeadlineMicros() > end) {
        return false;
      }
      scheduler.runNext();
      eventsRun++;
    }
    return true;
  }

  /** Runs the events of the next {@code micros}. */
  void runFor(long micros) {
    long end = scheduler.nowMicros() + micros;
    while (scheduler.pendingTasks() > 0 && scheduler.nextDeadlineMicros() <= end) {
      scheduler.runNext();
      eventsRun++;
    }
  }

  /** Bytes of the logged datagrams that went from {@code from} to {@code to}. */
  long bytesSent(InetSocketAddress from, InetSocketAddress to) {
    return sent.stream()
        .filter(t -> t.from().equals(from) && t.to().equals(to))
        .mapToLong(Transit::bytes)
        .sum();
  }

  private void send(InetSocketAddress sender, InetSocketAddress to, ByteBuffer datagram) {
    InetSocketAddress from = outsideOf.getOrDefault(sender, sender);
    byte[] copy = new byte[datagram.remaining()];
    datagram.get(copy);
    Transit transit = new Transit(from, to, copy.length, scheduler.nowMicros(), copy);
    sent.add(transit);
    if (drop.test(transit)) {
      return;
    }
    scheduler.scheduleAfter(
        oneWayMicros,
        () -> {
          List<Endpoint<Sender>> group = groups.get(to);
          Endpoint<Sender> endpoint =
              group != null
                  ? group.get(Math.floorMod(from.getPort(), group.size()))
                  : endpoints.get(to);
          if (endpoint != null) {
            endpoint.receive(ByteBuffer.wrap(copy), from, EcnMark.NOT_ECT);
          }
        });
  }

  private class Host implements EndpointHost<Sender> {
    private final InetSocketAddress address;
    private final Function<EndpointConnection<Sender>, ConnectionHandler> handlers;

    Host(
        InetSocketAddress address,
        Function<EndpointConnection<Sender>, ConnectionHandler> handlers) {
      this.address = address;
      this.handlers = handlers;
    }

    @Override
    public void transmit(ByteBuffer datagram, InetSocketAddress to) {
      send(address, to, datagram);
    }

    @Override
    public Sender attach(EndpointConnection<Sender> connection) {
      if (connection.connection().role() == dev.moqbed.transport.quic.Role.SERVER) {
        connection.connection().setHandler(handlers.apply(connection));
      }
      return new Sender(address, connection);
    }
  }

  /** A host of a group: records which endpoint routes each id, hands datagrams to it. */
  private final class GroupHost extends Host {
    private final Map<Long, Endpoint<Sender>> owners;
    private Endpoint<Sender> self;

    GroupHost(
        InetSocketAddress address,
        Function<EndpointConnection<Sender>, ConnectionHandler> handlers,
        Map<Long, Endpoint<Sender>> owners) {
      super(address, handlers);
      this.owners = owners;
    }

    @Override
    public void onRouted(long routingKey) {
      owners.put(routingKey, self);
    }

    @Override
    public void onUnrouted(long routingKey) {
      owners.remove(routingKey, self);
    }

    @Override
    public boolean handOff(
        long routingKey, ByteBuffer content, InetSocketAddress sender, EcnMark ecn) {
      Endpoint<Sender> owner = owners.get(routingKey);
      if (owner == null || owner == self) {
        return false;
      }
      byte[] copy = new byte[content.remaining()];
      content.duplicate().get(copy);
      scheduler.execute(() -> owner.receiveHandedOver(ByteBuffer.wrap(copy), sender, ecn));
      return true;
    }
  }

  /** Sends a connection's datagrams as the connection allows, one timer at its next wake-up. */
  final class Sender implements ConnectionSender {
    private final InetSocketAddress address;
    private final EndpointConnection<Sender> routed;
    private final QuicConnection connection;
    private TimerHandle wake;
    private boolean scheduled;
    private boolean stopped;

    Sender(InetSocketAddress address, EndpointConnection<Sender> routed) {
      this.address = address;
      this.routed = routed;
      this.connection = routed.connection();
      connection.setWakeListener(this::schedule);
    }

    @Override
    public void schedule() {
      if (!scheduled && !stopped) {
        scheduled = true;
        scheduler.execute(this::pass);
      }
    }

    @Override
    public void stop() {
      stopped = true;
      if (wake != null) {
        wake.cancel();
      }
    }

    boolean stopped() {
      return stopped;
    }

    private void pass() {
      scheduled = false;
      if (stopped) {
        return;
      }
      long now = scheduler.nowMicros();
      Datagram datagram;
      while ((datagram = connection.poll(now)) != null) {
        ByteBuffer payload = routed.codec().encode(datagram);
        if (payload.hasRemaining()) {
          send(address, routed.remoteAddress(), payload);
        }
      }
      routed.afterPass();
      if (stopped) {
        return;
      }
      long wakeAt = connection.nextWakeMicros(now);
      if (wake != null) {
        wake.cancel();
        wake = null;
      }
      if (wakeAt != Long.MAX_VALUE) {
        wake = scheduler.scheduleAt(Math.max(wakeAt, now + 1), this::schedule);
      }
    }
  }
}
