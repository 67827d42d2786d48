package dev.moqbed.transport.endpoint;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.runtime.LongKeyMap;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.StatelessResetToken;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Many QUIC connections of the project's stack behind one address, client and server side alike,
 * without a socket (as quinn's {@code Endpoint} beside its {@code Connection}): its host hands it
 * each datagram with the sender's address, and it routes it by Destination Connection ID, accepts
 * new server connections, or answers itself (Retry, Stateless Reset) through {@link
 * EndpointHost#transmit}. The UDP driver hosts it on a socket; tests host it on a virtual-time
 * link. Every id it hands out is 8 bytes from its random generator.
 *
 * <ul>
 *   <li><b>Client:</b> {@link #connect} makes up its own id and one for the server, sends its
 *       Initial to the latter, and from the server's first long-header packet on sends to the
 *       Source Connection ID the server chose (RFC 9000 §7.2).
 *   <li><b>Server</b> (with a {@link Server}): a v1 Initial of at least 1,200 bytes (§14.1) for an
 *       unknown id, carrying a ClientHello, creates a connection. The server adopts the client's
 *       Destination Connection ID as its own id: the codec matches one local id, and the client
 *       would otherwise keep sending to the id it made up until the server's first packet arrives;
 *       the id is the client's random choice of 8 bytes (§7.2 asks it for at least 8 unpredictable
 *       ones), and a client that picks the id of a live connection only reaches that connection,
 *       which drops what does not open. A first id of another length (quiche's client: 20 bytes)
 *       cannot be adopted: the server takes an 8-byte id of its own and routes the client's long
 *       headers to the old id through a second table until the client follows.
 * </ul>
 *
 * <p>Bounded: at most {@link EndpointLimits#maxConnections()} connections; who may start a
 * handshake is the {@link HandshakeBudget}'s decision (a share of handshakes in progress per source
 * address, a Retry threshold in all, handshake rates per source and in all), and what it does not
 * admit yet is answered with a Retry ({@link RetryGate}) rather than dropped, so that honest
 * clients behind a busy address still get in; a long header of another version than 1 in a
 * full-sized datagram gets Version Negotiation ({@link VersionNegotiation}); a datagram for no
 * connection, from another address than its connection's (unless {@link #followAddressChanges}), or
 * that does not decode is dropped and counted ({@link #counters()}); a connection that is closed,
 * either way or by its idle timeout, leaves the table with all its state. A short header for an
 * unknown id is answered with a Stateless Reset, and a peer's reset ends its connection ({@link
 * StatelessResets}, §10.3). Single-threaded: every call on the host's thread.
 *
 * @param <S> what the host sends each connection's datagrams with
 */
public final class Endpoint<S extends ConnectionSender> {
  /**
   * How an endpoint accepts connections: the server's configuration, its congestion controllers,
   * what taps each accepted connection's packets. The host gives each its handler ({@link
   * EndpointHost#attach}).
   */
  public record Server(ConnectionConfig config, ControllerFactory controllers, PacketTaps taps) {
    public Server {
      if (config.role() != Role.SERVER) {
        throw new IllegalArgumentException("a server setup needs a server configuration");
      }
      if (taps == null) {
        throw new IllegalArgumentException("taps: PacketTaps.NONE for none");
      }
    }
  }

  private final Scheduler scheduler;
  private final EndpointLimits limits;
  private final EndpointSecurity security;
  private final Server server;
  private final EndpointHost<S> host;
  private final RandomGenerator random;
  private final LongKeyMap<EndpointConnection<S>> connections;

  /**
   * Server connections by the id their client made up when it was not 8 bytes long (quiche's 20):
   * the server took an id of its own, and the client's Initials go to the old one until the
   * server's first packet reaches it (RFC 9000 §7.2). One entry per such connection, freed with it.
   */
  private final Map<ConnectionId, EndpointConnection<S>> byClientChosenId = new HashMap<>();

  private final HandshakeBudget handshakes;
  private final EndpointCounters counters = new EndpointCounters();
  private final InboundHeader header = new InboundHeader();
  private final StatelessResets resets;
  private final RetryGate retryGate;
  private final VersionNegotiation versionNegotiation;

  /** A client without TLS cannot answer a Retry (no transport parameters to check it with). */
  private final boolean retries;

  // Off by default (a one-loop endpoint drops other addresses): see followAddressChanges.
  private boolean followsAddressChanges;

  // Null: every ClientHello is processed on the endpoint's thread (see offloadHandshakes).
  private HandshakeOffload offload;

  /**
   * @param scheduler the clock and timers of the host's thread
   * @param server how to accept connections, or null for an endpoint that only connects
   * @param random the source of ids, tokens and reset bytes: a SecureRandom on a real network
   */
  public Endpoint(
      Scheduler scheduler,
      EndpointLimits limits,
      EndpointSecurity security,
      Server server,
      EndpointHost<S> host,
      RandomGenerator random) {
    this(scheduler, limits, security, server, host, random, new HandshakeBudget(limits));
  }

  /**
   * As the other constructor, with a handshake budget shared with other endpoints on the same port
   * (one per event loop), so that its limits hold for all of them together.
   */
  public Endpoint(
      Scheduler scheduler,
      EndpointLimits limits,
      EndpointSecurity security,
      Server server,
      EndpointHost<S> host,
      RandomGenerator random,
      HandshakeBudget handshakes) {
    this.scheduler = scheduler;
    this.limits = limits;
    this.security = security;
    this.server = server;
    this.host = host;
    this.random = random;
    this.connections = new LongKeyMap<>(random.nextLong());
    this.resets = new StatelessResets(server == null ? null : security.resetKey(), random);
    this.handshakes = handshakes;
    this.retryGate = new RetryGate(random, counters, host);
    this.versionNegotiation = new VersionNegotiation(random);
    this.retries =
        security.authenticates() && limits.retryAboveHandshakes() != EndpointLimits.RETRY_NEVER;
  }

  /** The clock and timers every connection runs on. */
  public Scheduler scheduler() {
    return scheduler;
  }

  public EndpointSecurity security() {
    return security;
  }

  /** What the endpoint counted, read on its thread. */
  public EndpointCounters counters() {
    return counters;
  }

  /** Connections in the table. */
  public int connectionCount() {
    return connections.size();
  }

  /**
   * Opens a client connection to {@code remote}; the host's sender sends its first Initial.
   *
   * @throws IllegalStateException if the endpoint holds {@link EndpointLimits#maxConnections()}
   */
  public EndpointConnection<S> connect(
      InetSocketAddress remote,
      ConnectionConfig config,
      ControllerFactory controllers,
      ConnectionHandler handler,
      PacketTaps taps) {
    if (config.role() != Role.CLIENT) {
      throw new IllegalArgumentException("connect needs a client configuration");
    }
    if (connections.size() >= limits.maxConnections()) {
      throw new IllegalStateException(
          "the endpoint holds its limit of " + limits.maxConnections() + " connections");
    }
    ConnectionIds ids;
    do {
      ids = ConnectionIds.randomForClient(random);
    } while (connections.containsKey(InboundHeader.keyOf(ids.local())));
    long nowMicros = scheduler.nowMicros();
    EndpointSecurity.Made made = security.client(config, ids, controllers, random, nowMicros);
    made.connection().setHandler(handler);
    EndpointConnection<S> opened =
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
    opened.attach(host.attach(opened));
    opened.sender().schedule();
    return opened;
  }

  /**
   * From now on, a datagram of a set-up connection that arrives from another address than the
   * connection's and opens with its keys moves the connection there (a NAT that rebound the
   * client's port, or, on a relay of several event loops, a datagram handed over from the loop its
   * new address reached), if it is the highest-numbered non-probing packet so far (RFC 9000 §9.3);
   * the connection then validates the new address ({@link
   * dev.moqbed.transport.quic.PathValidation}: a PATH_CHALLENGE, at most 3× the bytes received sent
   * there until answered) and returns to the last validated address if no answer comes within three
   * probe timeouts. An on-path attacker who re-sends a captured packet from another address so gets
   * at most 3× its own bytes sent there, for at most three probe timeouts.
   */
  public void followAddressChanges() {
    followsAddressChanges = true;
  }

  /**
   * From now on, a new server connection's datagrams up to the end of its client's ClientHello are
   * processed by {@code offload} (the server's key exchange and signature off this thread); the
   * endpoint takes the connection over once its ClientHello is answered, and only then attaches it
   * ({@link EndpointHost#attach}). Without it they are processed here, as they arrive.
   */
  public void offloadHandshakes(HandshakeOffload offload) {
    this.offload = offload;
  }

  /**
   * Routes one received datagram, {@code [position, limit)} of {@code content} (opened in place, so
   * the host must not reuse it meanwhile), from {@code sender}.
   */
  public void receive(ByteBuffer content, InetSocketAddress sender, EcnMark ecn) {
    receive(content, sender, ecn, true);
  }

  /**
   * Routes a datagram another endpoint of the host's group received for a connection of this one
   * ({@link EndpointHost#handOff}); it is never handed on again.
   */
  public void receiveHandedOver(ByteBuffer content, InetSocketAddress sender, EcnMark ecn) {
    counters.handedOverIn++;
    receive(content, sender, ecn, false);
  }

  private void receive(
      ByteBuffer content, InetSocketAddress sender, EcnMark ecn, boolean mayHandOff) {
    counters.datagramsReceived++;
    if (!header.parse(content)) {
      counters.droppedUnroutable++;
      return;
    }
    long nowMicros = scheduler.nowMicros();
    if (header.hasUnknownVersion()) {
      onUnknownVersion(content, sender, nowMicros);
      return;
    }
    ConnectionId clientChosenId = null;
    EndpointConnection<S> connection;
    if (header.hasForeignDestination()) {
      clientChosenId = header.destinationId(content);
      connection = byClientChosenId.get(clientChosenId);
    } else {
      connection = connections.get(header.destinationKey());
    }
    if (connection == null
        && mayHandOff
        && clientChosenId == null
        && host.handOff(header.destinationKey(), content, sender, ecn)) {
      counters.handedOverOut++;
      return;
    }
    if (connection == null && header.isShortHeader()) {
      onUnknownShortHeader(content, sender, nowMicros);
      return;
    }
    if (connection == null) {
      EndpointConnection<S> accepted = accept(content, sender, clientChosenId, nowMicros);
      if (accepted != null && accepted.offLoop() != null) {
        accepted.offLoop().receive(content, ecn, nowMicros);
        return;
      }
      if (accepted != null
          && (!accepted.receive(content, ecn, nowMicros)
              || accepted.connection().stats().cryptoFramesReceived() == 0)) {
        // Something shaped like an Initial that does not decode, or carries no ClientHello (only
        // CRYPTO frames start one), holds no slot (RFC 9000 §8.1: connections from real clients).
        counters.droppedUndecodable++;
        remove(accepted);
      }
      return;
    }
    if (!connection.remoteAddress().equals(sender)) {
      // Not while the handshake holds its slot: the slot is counted against the first address.
      if (!followsAddressChanges
          || !connection.connection().isReady()
          || connection.holdsHandshakeSlot()) {
        counters.droppedUnroutable++;
      } else if (!connection.receiveFromNewAddress(content, sender, ecn, nowMicros)) {
        counters.droppedUndecodable++;
      } else {
        counters.addressChanges++;
      }
      return;
    }
    if (connection.offLoop() != null) {
      connection.offLoop().receive(content, ecn, nowMicros);
      return;
    }
    if (!connection.receive(content, ecn, nowMicros)) {
      counters.droppedUndecodable++;
    }
  }

  /**
   * An off-loop pass left the connection's ClientHello answered (or the connection failed): the
   * connection is this thread's from now on. It gets its sender and handler, the pass's outcome is
   * applied, and the datagrams that waited are processed here, in order.
   */
  void adoptFromOffLoop(
      EndpointConnection<S> connection,
      OffLoopHandshake<S>.Pass pass,
      Iterable<OffLoopHandshake<S>.Pass> waiting) {
    connection.endOffLoop();
    try {
      connection.attach(host.attach(connection));
    } catch (RuntimeException e) {
      onInternalError(connection, e);
      return;
    }
    counters.handshakesOffLoop++;
    if (!connection.finishOffLoopPass(pass)) {
      counters.droppedUndecodable++;
    }
    for (OffLoopHandshake<S>.Pass next : waiting) {
      if (connections.get(connection.routingKey()) != connection) {
        return; // the pass's outcome or a datagram before this one removed it
      }
      if (!connection.receive(next.content, next.ecn, next.nowMicros)) {
        counters.droppedUndecodable++;
      }
    }
  }

  /** Frees every connection without a word to the peers. */
  public void removeAll() {
    for (EndpointConnection<S> connection : connections.values()) {
      remove(connection);
    }
  }

  /**
   * A short header for no connection here: a peer's Stateless Reset for one of ours, or a packet
   * for a connection this endpoint lost, answered with a reset (RFC 9000 §10.3).
   */
  private void onUnknownShortHeader(ByteBuffer content, InetSocketAddress sender, long nowMicros) {
    EndpointConnection<?> reset = resets.match(content);
    if (reset != null) {
      counters.statelessResetsReceived++;
      reset.onStatelessReset(nowMicros);
      return;
    }
    counters.droppedUnroutable++;
    ByteBuffer answer =
        resets.answer(content.remaining(), InboundHeader.idOf(header.destinationKey()), nowMicros);
    if (answer != null) {
      counters.statelessResetsSent++;
      host.transmit(answer, sender);
    }
  }

  /**
   * Connections whose peer declared a stateless reset token: a datagram ending with it ends them.
   */
  void registerResetToken(StatelessResetToken peerToken, EndpointConnection<S> connection) {
    resets.register(peerToken, connection);
  }

  /**
   * A long header of a version other than 1: a server answers a client's first datagram (at least
   * 1,200 bytes, RFC 9000 §14.1, so the answer is smaller) with Version Negotiation listing v1
   * (§6.1), within its rate; everything else, a Version Negotiation for this endpoint's clients
   * included (they offer only v1, which a server that answers so does not speak), is dropped.
   */
  private void onUnknownVersion(ByteBuffer content, InetSocketAddress sender, long nowMicros) {
    ByteBuffer answer =
        server == null || header.version() == 0 || !header.isLargeEnoughForInitial()
            ? null
            : versionNegotiation.answer(content, header, nowMicros);
    if (answer == null) {
      counters.droppedUnroutable++;
      return;
    }
    counters.versionNegotiationsSent++;
    host.transmit(answer, sender);
  }

  /**
   * Decides on a client Initial for no connection here ({@link HandshakeBudget}): makes the
   * connection, answers with a Retry, or drops it.
   *
   * @param clientChosenId the Initial's Destination Connection ID when it is not 8 bytes long, else
   *     null (the server then adopts the client's 8 bytes as its own id)
   */
  private EndpointConnection<S> accept(
      ByteBuffer content, InetSocketAddress sender, ConnectionId clientChosenId, long nowMicros) {
    if (server == null || !header.isAcceptableInitial()) {
      counters.droppedUnroutable++;
      return null;
    }
    if (connections.size() >= limits.maxConnections()) {
      counters.refusedAtCapacity++;
      return null;
    }
    ConnectionId destinationId =
        clientChosenId != null ? clientChosenId : InboundHeader.idOf(header.destinationKey());
    RetryGate.Admission admission =
        retryGate.read(content, header, sender, destinationId, nowMicros);
    if (admission == null) {
      counters.droppedUndecodable++;
      return null;
    }
    switch (handshakes.decide(sender.getAddress(), admission.proven(), nowMicros)) {
      case ADMIT -> {
        return makeServerConnection(content, sender, clientChosenId, admission, nowMicros);
      }
      case RETRY -> {
        if (admission.tokenInvalid()) {
          counters.invalidRetryTokens++;
        } else if (retries) {
          retryGate.sendRetry(content, header, sender, destinationId, nowMicros);
        } else {
          counters.refusedHandshakes++;
        }
      }
      case REFUSE_SOURCE -> counters.refusedHandshakes++;
      case REFUSE_RATE -> counters.refusedRate++;
    }
    return null;
  }

  private EndpointConnection<S> makeServerConnection(
      ByteBuffer content,
      InetSocketAddress sender,
      ConnectionId clientChosenId,
      RetryGate.Admission admission,
      long nowMicros) {
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
    EndpointSecurity.Made made;
    try {
      made =
          security.server(
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
    EndpointConnection<S> connection =
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
      made.connection()
          .pathValidation()
          .markAddressValidated(); // the token proved the address (RFC 9000 §8.1)
    }
    if (clientChosenId != null) {
      connection.setClientChosenId(clientChosenId);
      byClientChosenId.put(clientChosenId, connection);
    }
    counters.connectionsAccepted++;
    if (offload != null) {
      connection.startOffLoop(
          new OffLoopHandshake<>(
              this, connection, offload, nowMicros, server.config().idleTimeoutMicros()));
      return connection; // attached once the ClientHello is answered: adoptFromOffLoop
    }
    try {
      connection.attach(host.attach(connection));
    } catch (RuntimeException e) {
      onInternalError(connection, e);
      return null;
    }
    return connection;
  }

  private EndpointConnection<S> register(
      QuicConnection connection,
      PacketCodec codec,
      InetSocketAddress remote,
      long key,
      boolean handshakeSlot,
      PacketTaps taps,
      ConnectionId firstClientDestination,
      long nowMicros) {
    PacketTap tap = taps.open(connection, remote, firstClientDestination.toString(), nowMicros);
    EndpointConnection<S> added =
        new EndpointConnection<>(
            this, connection, codec, remote, key, handshakeSlot, security.authenticates(), tap);
    connections.put(key, added);
    host.onRouted(key);
    if (handshakeSlot) {
      handshakes.take(remote.getAddress());
    }
    return added;
  }

  void onHandshakeDone(EndpointConnection<S> connection) {
    handshakes.release(connection.remoteAddress().getAddress());
  }

  /** Takes a connection out of the table with everything the endpoint keeps for it. */
  void remove(EndpointConnection<S> connection) {
    if (connections.get(connection.routingKey()) != connection) {
      return;
    }
    connections.remove(connection.routingKey());
    host.onUnrouted(connection.routingKey());
    if (connection.clientChosenId() != null) {
      byClientChosenId.remove(connection.clientChosenId(), connection);
    }
    if (connection.holdsHandshakeSlot()) {
      handshakes.release(connection.remoteAddress().getAddress());
    }
    if (connection.peerResetToken() != null) {
      resets.unregister(connection.peerResetToken(), connection);
    }
    counters.connectionsRemoved++;
    connection.onRemoved();
  }

  void onInternalError(EndpointConnection<S> connection, RuntimeException error) {
    counters.internalErrors++;
    remove(connection);
  }
}
