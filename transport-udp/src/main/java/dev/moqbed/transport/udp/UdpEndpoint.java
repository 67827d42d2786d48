package dev.moqbed.transport.udp;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.StatelessResetToken;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.DatagramPacket;
import io.netty.util.collection.LongObjectHashMap;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One UDP socket, bound to an address, on one event-loop thread, carrying many QUIC connections of
 * the project's stack, client and server side alike (as quinn's {@code Endpoint} and picoquic's
 * {@code quic} context do). Datagrams are routed by Destination Connection ID; every id this
 * endpoint hands out is 8 random bytes from a {@link SecureRandom}.
 *
 * <ul>
 *   <li><b>Client:</b> {@link #connect} makes up its own id and one for the server, sends its
 *       Initial to the latter, and from the server's first long-header packet on sends to the
 *       Source Connection ID the server chose (RFC 9000 §7.2).
 *   <li><b>Server</b> (with a {@link UdpServerSetup}): a v1 Initial of at least 1,200 bytes (§14.1)
 *       for an unknown id creates a connection. The server adopts the client's Destination
 *       Connection ID as its own id: the codec matches one local id, and the client would otherwise
 *       keep sending to the id it made up until the server's first packet arrives, which a second
 *       id in the table would have to catch; the id is the client's random choice of 8 bytes (§7.2
 *       asks it for at least 8 unpredictable ones), and a client that picks the id of a live
 *       connection only reaches that connection, which drops what does not open. A first id of
 *       another length (quiche's client: 20 bytes) cannot be adopted: the server takes an 8-byte id
 *       of its own and routes the client's long headers to the old id through a second table until
 *       the client follows.
 * </ul>
 *
 * <p>Bounded: at most {@link UdpLimits#maxConnections()} connections and {@link
 * UdpLimits#maxHandshakesPerSource()} handshakes in progress per source address; a datagram for no
 * connection, from another address than its connection's (no migration, §9), or that does not
 * decode is dropped and counted ({@link #stats()}); a connection that is closed, either way or by
 * its idle timeout, leaves the table with all its state. A short header for an unknown id is
 * answered with a Stateless Reset, and a peer's reset ends its connection ({@link StatelessResets},
 * §10.3). Not implemented: version negotiation (§6), a server's Retry (§8.1), ECN (see {@link
 * UdpConnection}).
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
  private final UdpLimits limits;
  private final UdpServerSetup server;
  private final UdpSecurity security;
  private final SecureRandom random = new SecureRandom();

  /** By routing key, in a map of primitive keys: a lookup per datagram boxes nothing. */
  private final LongObjectHashMap<UdpConnection> connections = new LongObjectHashMap<>();

  /**
   * Server connections by the id their client made up when it was not 8 bytes long (quiche's 20):
   * the server took an id of its own, and the client's Initials go to the old one until the
   * server's first packet reaches it (RFC 9000 §7.2). One entry per such connection, freed with it.
   */
  private final Map<ConnectionId, UdpConnection> byClientChosenId = new HashMap<>();

  private final HandshakeSlots handshakes = new HandshakeSlots();
  private final Set<UdpConnection> waitingForWritable = new LinkedHashSet<>();
  private final EndpointCounters counters = new EndpointCounters();
  private final InboundHeader header = new InboundHeader();
  private final StatelessResets resets;
  private final RetryGate retryGate;
  private volatile Channel channel;
  private volatile boolean closed;
  private int nextFlowId;

  private UdpEndpoint(
      EventLoopGroup group,
      EventLoop loop,
      UdpLimits limits,
      UdpSecurity security,
      UdpServerSetup server) {
    this.group = group;
    this.scheduler = new EventLoopScheduler(loop);
    this.limits = limits;
    this.security = security;
    this.server = server;
    this.resets = new StatelessResets(server == null ? null : security.resetKey(), random);
    // The null protection's client cannot answer a Retry (no TLS, no transport parameters).
    this.retryGate =
        new RetryGate(
            security.authenticates() ? limits.retryAboveHandshakes() : UdpLimits.RETRY_NEVER,
            random,
            counters,
            (datagram, address) ->
                channel.writeAndFlush(
                    new DatagramPacket(datagram, address), channel.voidPromise()));
  }

  /**
   * Binds a socket on its own event-loop thread.
   *
   * @param security real TLS, or the null protection that is not QUIC
   * @param server how to accept connections, or null for an endpoint that only connects
   * @throws IOException if the address cannot be bound
   */
  public static UdpEndpoint bind(
      InetSocketAddress local, UdpLimits limits, UdpSecurity security, UdpServerSetup server)
      throws IOException {
    EventLoopGroup group = DatagramChannels.newEventLoop();
    return bind(local, limits, security, server, group, group.next());
  }

  /**
   * Binds a socket on an event loop that stays its owner's: a role that reconnects keeps its thread
   * across connections, as the quiche path's clients do on a shared loop. Closing the endpoint
   * leaves the loop running. Must not be called on that loop's thread (binding waits).
   */
  public static UdpEndpoint bindOn(
      EventLoopScheduler loop,
      InetSocketAddress local,
      UdpLimits limits,
      UdpSecurity security,
      UdpServerSetup server)
      throws IOException {
    if (loop.inEventLoop()) {
      throw new IllegalStateException("binding would wait on its own event loop");
    }
    return bind(local, limits, security, server, null, loop.eventLoop());
  }

  private static UdpEndpoint bind(
      InetSocketAddress local,
      UdpLimits limits,
      UdpSecurity security,
      UdpServerSetup server,
      EventLoopGroup owned,
      EventLoop loop)
      throws IOException {
    UdpEndpoint endpoint = new UdpEndpoint(owned, loop, limits, security, server);
    try {
      new Bootstrap()
          .group(loop)
          .channel(DatagramChannels.channelClass())
          .option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER_BYTES)
          .option(ChannelOption.SO_SNDBUF, SOCKET_BUFFER_BYTES)
          .option(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
          .handler(new InboundDatagrams(endpoint))
          .bind(local)
          .sync();
    } catch (Exception e) {
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
   * @throws IllegalStateException if the endpoint holds {@link UdpLimits#maxConnections()}
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
    if (config.role() != Role.CLIENT) {
      throw new IllegalArgumentException("connect needs a client configuration");
    }
    return call(() -> openClient(remote, config, controllers, handler, taps));
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

  /** A copy of the counters, read on the loop. */
  public UdpEndpointStats stats() {
    return call(() -> counters.snapshot(connections.size()));
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
            for (UdpConnection connection : new ArrayList<>(connections.values())) {
              remove(connection);
            }
            Channel open = channel;
            if (open != null) {
              open.close();
            }
            return null;
          });
    } finally {
      if (group != null) {
        shutDown(group);
      }
    }
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
  }

  Channel channel() {
    return channel;
  }

  EndpointCounters counters() {
    return counters;
  }

  void onDatagram(ByteBuf content, InetSocketAddress sender) {
    counters.datagramsReceived++;
    if (!header.parse(content)) {
      counters.droppedUnroutable++;
      return;
    }
    long nowMicros = scheduler.nowMicros();
    ConnectionId clientChosenId = null;
    UdpConnection connection;
    if (header.hasForeignDestination()) {
      clientChosenId = header.destinationId(content);
      connection = byClientChosenId.get(clientChosenId);
    } else {
      connection = connections.get(header.destinationKey());
    }
    if (connection == null && header.isShortHeader()) {
      onUnknownShortHeader(content, sender, nowMicros);
      return;
    }
    if (connection == null) {
      UdpConnection accepted = accept(content, sender, clientChosenId, nowMicros);
      if (accepted != null
          && (!accepted.receive(content, nowMicros)
              || accepted.connection().stats().cryptoFramesReceived() == 0)) {
        // Something shaped like an Initial that does not decode, or carries no ClientHello (only
        // CRYPTO frames start one), holds no slot (RFC 9000 §8.1: connections from real clients).
        counters.droppedUndecodable++;
        remove(accepted);
      }
      return;
    }
    if (!connection.remoteAddress().equals(sender)) {
      counters.droppedUnroutable++;
      return;
    }
    if (!connection.receive(content, nowMicros)) {
      counters.droppedUndecodable++;
    }
  }

  /**
   * A short header for no connection here: a peer's Stateless Reset for one of ours, or a packet
   * for a connection this endpoint lost, answered with a reset (RFC 9000 §10.3).
   */
  private void onUnknownShortHeader(ByteBuf content, InetSocketAddress sender, long nowMicros) {
    UdpConnection reset = resets.match(content);
    if (reset != null) {
      counters.statelessResetsReceived++;
      reset.onStatelessReset(nowMicros);
      return;
    }
    counters.droppedUnroutable++;
    ByteBuf answer =
        resets.answer(
            content.readableBytes(), InboundHeader.idOf(header.destinationKey()), nowMicros);
    if (answer != null) {
      counters.statelessResetsSent++;
      channel.writeAndFlush(new DatagramPacket(answer, sender), channel.voidPromise());
    }
  }

  /**
   * Connections whose peer declared a stateless reset token: a datagram ending with it ends them.
   */
  void registerResetToken(StatelessResetToken peerToken, UdpConnection connection) {
    resets.register(peerToken, connection);
  }

  /**
   * @param clientChosenId the Initial's Destination Connection ID when it is not 8 bytes long, else
   *     null (the server then adopts the client's 8 bytes as its own id)
   */
  private UdpConnection accept(
      ByteBuf content, InetSocketAddress sender, ConnectionId clientChosenId, long nowMicros) {
    if (server == null || !header.isAcceptableInitial()) {
      counters.droppedUnroutable++;
      return null;
    }
    if (connections.size() >= limits.maxConnections()) {
      counters.refusedAtCapacity++;
      return null;
    }
    InetAddress source = sender.getAddress();
    if (handshakes.full(source, limits.maxHandshakesPerSource())) {
      counters.refusedHandshakes++;
      return null;
    }
    RetryGate.Admission admission =
        retryGate.admit(
            content,
            header,
            sender,
            clientChosenId != null ? clientChosenId : InboundHeader.idOf(header.destinationKey()),
            handshakes.total(),
            nowMicros);
    if (admission == null) {
      return null; // answered with a Retry, or dropped and counted
    }
    long key;
    ConnectionId ownId;
    ConnectionId originalId = admission.originalDestinationId();
    if (clientChosenId == null) {
      key = header.destinationKey();
      ownId = InboundHeader.idOf(key);
    } else {
      do {
        ownId = ConnectionIds.randomId(random);
        key = InboundHeader.keyOf(ownId);
      } while (connections.containsKey(key));
    }
    ConnectionIds ids = new ConnectionIds(ownId, header.sourceId(content));
    ConnectionMaker.Made made;
    try {
      made =
          security
              .maker()
              .server(
                  server.config(),
                  ids,
                  originalId,
                  admission.retrySourceId(),
                  server.controllers(),
                  random,
                  nowMicros);
      if (clientChosenId != null) {
        made.codec().acceptLongHeadersTo(clientChosenId);
      }
    } catch (RuntimeException e) {
      counters.internalErrors++;
      return null;
    }
    UdpConnection connection =
        register(
            made.connection(),
            made.codec(),
            sender,
            key,
            true,
            server.taps(),
            originalId,
            nowMicros);
    if (admission.retrySourceId() != null) {
      made.connection().markAddressValidated(); // the token proved the address (RFC 9000 §8.1)
    }
    if (clientChosenId != null) {
      connection.setClientChosenId(clientChosenId);
      byClientChosenId.put(clientChosenId, connection);
    }
    counters.connectionsAccepted++;
    try {
      connection.connection().setHandler(server.handlers().apply(connection));
    } catch (RuntimeException e) {
      onInternalError(connection, e);
      return null;
    }
    return connection;
  }

  private UdpConnection openClient(
      InetSocketAddress remote,
      ConnectionConfig config,
      ControllerFactory controllers,
      ConnectionHandler handler,
      PacketTaps taps) {
    if (connections.size() >= limits.maxConnections()) {
      throw new IllegalStateException(
          "the endpoint holds its limit of " + limits.maxConnections() + " connections");
    }
    ConnectionIds ids;
    do {
      ids = ConnectionIds.randomForClient(random);
    } while (connections.containsKey(InboundHeader.keyOf(ids.local())));
    long nowMicros = scheduler.nowMicros();
    ConnectionMaker.Made made =
        security.maker().client(config, ids, controllers, random, nowMicros);
    made.connection().setHandler(handler);
    UdpConnection opened =
        register(
            made.connection(),
            made.codec().followPeerSourceId(),
            remote,
            InboundHeader.keyOf(ids.local()),
            false,
            taps,
            ids.remote(),
            nowMicros);
    counters.connectionsOpened++;
    opened.start();
    return opened;
  }

  private UdpConnection register(
      QuicConnection connection,
      PacketCodec codec,
      InetSocketAddress remote,
      long key,
      boolean handshakeSlot,
      PacketTaps taps,
      ConnectionId firstClientDestination,
      long nowMicros) {
    PacketTap tap = taps.open(connection, remote, firstClientDestination.toString(), nowMicros);
    UdpConnection udp =
        new UdpConnection(
            this, connection, codec, remote, key, handshakeSlot, security.authenticates(), tap);
    connections.put(key, udp);
    if (handshakeSlot) {
      handshakes.take(remote.getAddress());
    }
    return udp;
  }

  void onHandshakeDone(UdpConnection connection) {
    releaseHandshakeSlot(connection.remoteAddress().getAddress());
  }

  private void releaseHandshakeSlot(InetAddress source) {
    handshakes.release(source);
  }

  /** Takes a connection out of the table with everything the endpoint keeps for it. */
  void remove(UdpConnection connection) {
    if (connections.get(connection.routingKey()) != connection) {
      return;
    }
    connections.remove(connection.routingKey());
    if (connection.clientChosenId() != null) {
      byClientChosenId.remove(connection.clientChosenId(), connection);
    }
    if (connection.holdsHandshakeSlot()) {
      releaseHandshakeSlot(connection.remoteAddress().getAddress());
    }
    waitingForWritable.remove(connection);
    if (connection.peerResetToken() != null) {
      resets.unregister(connection.peerResetToken(), connection);
    }
    counters.connectionsRemoved++;
    connection.onRemoved();
  }

  void onInternalError(UdpConnection connection, RuntimeException error) {
    counters.internalErrors++;
    remove(connection);
  }

  void awaitWritable(UdpConnection connection) {
    waitingForWritable.add(connection);
  }

  void onWritable() {
    List<UdpConnection> waiting = new ArrayList<>(waitingForWritable);
    waitingForWritable.clear();
    for (UdpConnection connection : waiting) {
      connection.resumeSending();
    }
  }

  void onSocketError(Throwable cause) {
    counters.socketErrors++;
  }

  /** Connections in the table, for tests. */
  int connectionCount() {
    return connections.size();
  }
}
