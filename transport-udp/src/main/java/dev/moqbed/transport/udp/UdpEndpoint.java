package dev.moqbed.transport.udp;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.endpoint.Endpoint;
import dev.moqbed.transport.endpoint.EndpointConnection;
import dev.moqbed.transport.endpoint.EndpointHost;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.HandshakeBudget;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.Role;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.DatagramPacket;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One UDP socket, bound to an address, on one event-loop thread, carrying many QUIC connections of
 * the project's stack, client and server side alike: the socket-free {@link Endpoint} routes,
 * accepts and answers (Retry, Stateless Reset), and this class feeds it the socket's datagrams and
 * gives each connection a {@link SendPump} on the channel. Every id the endpoint hands out is 8
 * random bytes from a {@link SecureRandom}. Not implemented: ECN (see {@link UdpConnection}).
 *
 * <p>Every connection's callbacks run on the endpoint's event loop; call into a connection from
 * elsewhere through {@link #call}.
 */
public final class UdpEndpoint implements AutoCloseable {
  /** Socket buffers: 4 MiB (Linux caps them at net.core.rmem_max and wmem_max). */
  static final int SOCKET_BUFFER_BYTES = 4 << 20;

  /** Outbound bytes queued in the channel above which pumps wait: a few ms at Gbit/s rates. */
  private static final WriteBufferWaterMark WATER_MARK =
      new WriteBufferWaterMark(512 << 10, 2 << 20);

  /** The loop's group when this endpoint owns it; null on a loop that stays its owner's. */
  private final EventLoopGroup group;

  private final EventLoopScheduler scheduler;
  private final UdpSecurity security;
  private final UdpServerSetup server;
  private final Endpoint<UdpConnection> endpoint;
  private final Set<UdpConnection> waitingForWritable = new LinkedHashSet<>();
  private final SocketCounters socketCounters = new SocketCounters();
  private final ChannelFlusher flusher;
  private final PumpWakeups wakeups;
  // The endpoints on the same port that route each other's connections, or null when alone.
  private final LoopRouting routing;
  // A server's ClientHellos are answered off the loop; null on a client or without TLS.
  private final HandshakeWorker handshakes;
  private volatile Channel channel;
  private volatile boolean closed;

  private UdpEndpoint(
      EventLoopGroup group,
      EventLoop loop,
      EndpointLimits limits,
      UdpSecurity security,
      UdpServerSetup server,
      LoopRouting routing) {
    this.group = group;
    this.scheduler = new EventLoopScheduler(loop);
    this.flusher = new ChannelFlusher(scheduler::execute, socketCounters);
    this.wakeups = new PumpWakeups(scheduler);
    this.security = security;
    this.server = server;
    this.routing = routing;
    this.endpoint =
        new Endpoint<>(
            scheduler,
            limits,
            security,
            server == null
                ? null
                : new Endpoint.Server(server.config(), server.controllers(), server.taps()),
            new SocketHost(),
            new SecureRandom(),
            routing == null ? new HandshakeBudget(limits) : routing.handshakes());
    if (routing != null) {
      endpoint.followAddressChanges();
    }
    this.handshakes =
        server != null && security.authenticates() ? new HandshakeWorker(scheduler::execute) : null;
    if (handshakes != null) {
      endpoint.offloadHandshakes(handshakes);
    }
  }

  /**
   * Binds a socket on its own event-loop thread.
   *
   * @param security real TLS, or the null protection that is not QUIC
   * @param server how to accept connections, or null for an endpoint that only connects
   * @throws IOException if the address cannot be bound
   */
  public static UdpEndpoint bind(
      InetSocketAddress local, EndpointLimits limits, UdpSecurity security, UdpServerSetup server)
      throws IOException {
    EventLoopGroup group = DatagramChannels.newEventLoop();
    return bind(local, limits, security, server, group, group.next(), null);
  }

  /**
   * Binds one of the sockets of a {@link UdpEndpointGroup} (SO_REUSEPORT on the group's port) on
   * its own event-loop thread.
   */
  static UdpEndpoint bindShared(
      InetSocketAddress local,
      EndpointLimits limits,
      UdpSecurity security,
      UdpServerSetup server,
      LoopRouting routing)
      throws IOException {
    EventLoopGroup group = DatagramChannels.newEventLoop();
    return bind(local, limits, security, server, group, group.next(), routing);
  }

  /**
   * Binds a socket on an event loop that stays its owner's: a role that reconnects keeps its thread
   * across connections, as the quiche path's clients do on a shared loop. Closing the endpoint
   * leaves the loop running. Must not be called on that loop's thread (binding waits).
   */
  public static UdpEndpoint bindOn(
      EventLoopScheduler loop,
      InetSocketAddress local,
      EndpointLimits limits,
      UdpSecurity security,
      UdpServerSetup server)
      throws IOException {
    if (loop.inEventLoop()) {
      throw new IllegalStateException("binding would wait on its own event loop");
    }
    return bind(local, limits, security, server, null, loop.eventLoop(), null);
  }

  private static UdpEndpoint bind(
      InetSocketAddress local,
      EndpointLimits limits,
      UdpSecurity security,
      UdpServerSetup server,
      EventLoopGroup owned,
      EventLoop loop,
      LoopRouting routing)
      throws IOException {
    UdpEndpoint endpoint = new UdpEndpoint(owned, loop, limits, security, server, routing);
    try {
      Bootstrap bootstrap = new Bootstrap();
      if (routing != null) {
        DatagramChannels.reusePort(bootstrap);
      }
      bootstrap
          .group(loop)
          .channel(DatagramChannels.channelClass())
          .option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER_BYTES)
          .option(ChannelOption.SO_SNDBUF, SOCKET_BUFFER_BYTES)
          .option(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
          .handler(new InboundDatagrams(endpoint))
          .bind(local)
          .sync();
    } catch (Exception e) {
      endpoint.stopHandshakes();
      if (owned != null) {
        shutDown(owned);
      }
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IOException("cannot bind UDP " + local + ": " + e.getMessage(), e);
    }
    return endpoint;
  }

  /** The address the socket is bound to (with the port the system chose for port 0). */
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) channel.localAddress();
  }

  /** The loop every connection runs on, with its microsecond clock and timers. */
  public EventLoopScheduler scheduler() {
    return scheduler;
  }

  /** What protects the packets. */
  public UdpSecurity security() {
    return security;
  }

  /** "epoll" or "NIO". */
  public String socketKind() {
    return socketLayer();
  }

  /** The socket layer endpoints of this process use: "epoll" or "NIO". */
  public static String socketLayer() {
    return DatagramChannels.describe();
  }

  /**
   * Opens a client connection to {@code remote}; its first Initial leaves on the next pass of the
   * loop. The handler's callbacks run on the loop.
   *
   * @throws IllegalStateException if the endpoint holds {@link EndpointLimits#maxConnections()}
   */
  public UdpConnection connect(
      InetSocketAddress remote,
      ConnectionConfig config,
      ControllerFactory controllers,
      ConnectionHandler handler) {
    return connect(remote, config, controllers, handler, PacketTaps.NONE);
  }

  /**
   * As {@link #connect(InetSocketAddress, ConnectionConfig, ControllerFactory, ConnectionHandler)},
   * with the connection's packets shown to a tap {@code taps} opens.
   */
  public UdpConnection connect(
      InetSocketAddress remote,
      ConnectionConfig config,
      ControllerFactory controllers,
      ConnectionHandler handler,
      PacketTaps taps) {
    return call(() -> endpoint.connect(remote, config, controllers, handler, taps).sender());
  }

  /** Runs {@code task} on the event loop (directly when already there) and returns its result. */
  public <T> T call(Callable<T> task) {
    try {
      if (scheduler.inEventLoop()) {
        return task.call();
      }
      return scheduler.eventLoop().submit(task).get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Routes a datagram another endpoint of the group received for a connection of this one; runs on
   * this endpoint's loop.
   */
  void receiveHandedOver(byte[] datagram, InetSocketAddress sender, EcnMark ecn) {
    if (!closed) {
      endpoint.receiveHandedOver(ByteBuffer.wrap(datagram), sender, ecn);
    }
  }

  /** A copy of the counters, read on the loop. */
  public UdpEndpointStats stats() {
    return call(() -> socketCounters.snapshot(endpoint.counters(), endpoint.connectionCount()));
  }

  /** Closes the socket and frees every connection without a word to the peers. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      call(
          () -> {
            endpoint.removeAll();
            Channel open = channel;
            if (open != null) {
              open.close();
            }
            return null;
          });
    } finally {
      stopHandshakes();
      if (group != null) {
        shutDown(group);
      }
    }
  }

  private void stopHandshakes() {
    if (handshakes != null) {
      handshakes.close();
    }
  }

  /**
   * Server connections whose ClientHello was answered on the endpoint's handshake thread, not on
   * its event loop, so far.
   */
  public long handshakesOffLoop() {
    return call(() -> endpoint.counters().handshakesOffLoop());
  }

  private static void shutDown(EventLoopGroup group) {
    group
        .shutdownGracefully(0, 100, TimeUnit.MILLISECONDS)
        .awaitUninterruptibly(5, TimeUnit.SECONDS);
  }

  // ---------------------------------------------------------------------------------------------
  // On the event loop

  void attach(Channel channel) {
    this.channel = channel;
    flusher.attach(channel);
  }

  Channel channel() {
    return channel;
  }

  ChannelFlusher flusher() {
    return flusher;
  }

  /** The wake-ups of this endpoint's send pumps: one timer on the loop for all of them. */
  PumpWakeups wakeups() {
    return wakeups;
  }

  void onDatagram(ByteBuf content, InetSocketAddress sender) {
    endpoint.receive(
        content.nioBuffer(content.readerIndex(), content.readableBytes()), sender, EcnMark.NOT_ECT);
  }

  void awaitWritable(UdpConnection connection) {
    waitingForWritable.add(connection);
  }

  void stopWaitingForWritable(UdpConnection connection) {
    waitingForWritable.remove(connection);
  }

  void onWritable() {
    List<UdpConnection> waiting = new ArrayList<>(waitingForWritable);
    waitingForWritable.clear();
    for (UdpConnection connection : waiting) {
      connection.schedule();
    }
  }

  void onSocketError(Throwable cause) {
    socketCounters.socketErrors++;
  }

  /** Connections in the table, for tests. */
  int connectionCount() {
    return endpoint.connectionCount();
  }

  /** The socket under the endpoint: its answers go out at once, each connection gets a pump. */
  private final class SocketHost implements EndpointHost<UdpConnection> {
    @Override
    public void transmit(ByteBuffer datagram, InetSocketAddress to) {
      channel.writeAndFlush(
          new DatagramPacket(Unpooled.wrappedBuffer(datagram), to), channel.voidPromise());
    }

    @Override
    public UdpConnection attach(EndpointConnection<UdpConnection> connection) {
      UdpConnection udp = new UdpConnection(UdpEndpoint.this, connection);
      if (connection.connection().role() == Role.SERVER) {
        connection.connection().setHandler(server.handlers().apply(udp));
      }
      return udp;
    }

    @Override
    public void onRouted(long routingKey) {
      if (routing != null) {
        routing.route(routingKey, UdpEndpoint.this);
      }
    }

    @Override
    public void onUnrouted(long routingKey) {
      if (routing != null) {
        routing.unroute(routingKey, UdpEndpoint.this);
      }
    }

    @Override
    public boolean handOff(
        long routingKey, ByteBuffer content, InetSocketAddress sender, EcnMark ecn) {
      return routing != null && routing.handOff(routingKey, UdpEndpoint.this, content, sender, ecn);
    }
  }
}
