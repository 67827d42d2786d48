package dev.moqbed.transport.endpoint;

import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.quic.PathValidation;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.QuicPackets;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.QuicWireException;
import dev.moqbed.transport.wire.StatelessResetToken;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * One connection of an {@link Endpoint}: the sans-IO {@link QuicConnection}, its codec, the peer's
 * address, and what the endpoint keeps for it (routing key, handshake slot, the peer's reset token,
 * the drain timer). Its host's {@link ConnectionSender} sends its datagrams. Everything here runs
 * on the endpoint's thread.
 *
 * <p>Received datagrams carry the ECN mark the host read ({@link EcnMark#NOT_ECT} on a socket that
 * reports none).
 *
 * @param <S> the host's sender type
 */
public final class EndpointConnection<S extends ConnectionSender> {
  /** The node numbers a connection's decoded datagrams carry: the wire has no use for them. */
  private static final int LOCAL_NODE = 0;

  private static final int REMOTE_NODE = 1;

  private final Endpoint<S> endpoint;
  private final QuicConnection connection;
  private final PacketCodec codec;
  private InetSocketAddress remote;

  /** The last address the peer proved it holds: the handshake's, then each validated one. */
  private InetSocketAddress validatedAddress;

  private final long routingKey;
  private final boolean authenticated;
  private final PacketTap tap;
  private S sender;
  private boolean handshakeCounted;
  private TimerHandle drainTimer;
  private ConnectionId clientChosenId;
  private StatelessResetToken peerResetToken;
  private long datagramsWhileClosing;

  /** While the client's ClientHello is processed off the endpoint's thread; else null. */
  private OffLoopHandshake<S> offLoop;

  EndpointConnection(
      Endpoint<S> endpoint,
      QuicConnection connection,
      PacketCodec codec,
      InetSocketAddress remote,
      long routingKey,
      boolean holdsHandshakeSlot,
      boolean authenticated,
      PacketTap tap) {
    this.endpoint = endpoint;
    this.connection = connection;
    // Each datagram is decoded and handed to the connection before the next: decoded into the
    // same objects every time (no packet, list or STREAM frame made per datagram).
    this.codec = codec.reuseDecoded();
    this.remote = remote;
    this.validatedAddress = remote;
    this.routingKey = routingKey;
    this.handshakeCounted = holdsHandshakeSlot;
    this.authenticated = authenticated;
    this.tap = tap;
  }

  public QuicConnection connection() {
    return connection;
  }

  public InetSocketAddress remoteAddress() {
    return remote;
  }

  /** The connection's codec (its key phases, drop counts), read on the endpoint's thread. */
  public PacketCodec codec() {
    return codec;
  }

  /** The ids the connection's packets carry now (the remote one as learnt from the peer). */
  public ConnectionIds ids() {
    return codec.ids();
  }

  /** The tap watching this connection's datagrams, or null. */
  public PacketTap tap() {
    return tap;
  }

  /** What sends this connection's datagrams; null until the host attached it. */
  public S sender() {
    return sender;
  }

  void attach(S sender) {
    this.sender = sender;
  }

  long routingKey() {
    return routingKey;
  }

  /** For a server: the client's first id when it was not 8 bytes (also routed), else null. */
  ConnectionId clientChosenId() {
    return clientChosenId;
  }

  void setClientChosenId(ConnectionId id) {
    clientChosenId = id;
  }

  /** The off-loop handshake this connection waits for, or null once the endpoint took it over. */
  OffLoopHandshake<S> offLoop() {
    return offLoop;
  }

  void startOffLoop(OffLoopHandshake<S> handshake) {
    offLoop = handshake;
  }

  void endOffLoop() {
    offLoop = null;
  }

  boolean holdsHandshakeSlot() {
    return handshakeCounted;
  }

  /** The stateless reset token the peer declared, registered with the endpoint; null if none. */
  StatelessResetToken peerResetToken() {
    return peerResetToken;
  }

  /**
   * Decodes a datagram routed here ({@code [position, limit)}, opened in place) and hands it to the
   * connection.
   *
   * @return false when it is malformed or no packet of it opened (the endpoint counts it)
   */
  boolean receive(ByteBuffer content, EcnMark ecn, long nowMicros) {
    return receive(content, ecn, nowMicros, null);
  }

  /**
   * As {@link #receive}, for a datagram from another address than the connection's: if it opens
   * with the connection's keys and is the newest non-probing packet, the connection sends to {@code
   * newAddress} from now on, and validates it unless it is the last validated one.
   */
  boolean receiveFromNewAddress(
      ByteBuffer content, InetSocketAddress newAddress, EcnMark ecn, long nowMicros) {
    return receive(content, ecn, nowMicros, newAddress);
  }

  /**
   * On the offload's thread, before the connection has a sender, a timer or a handler: decodes the
   * pass's datagram and hands it to the connection. Touches neither the endpoint nor the sender;
   * what went wrong is kept in the pass for {@link #finishOffLoopPass} on the endpoint's thread.
   */
  void receiveOffLoop(OffLoopHandshake<S>.Pass pass) {
    Datagram datagram;
    try {
      datagram =
          codec.decodeDatagram(
              pass.content, REMOTE_NODE, LOCAL_NODE, connection.flowId(), pass.ecn);
    } catch (QuicWireException e) {
      pass.malformed = e;
      return;
    } catch (RuntimeException e) {
      return; // undecodable, as on the loop
    }
    if (datagram == null) {
      return;
    }
    pass.decoded = true;
    try {
      process(datagram, pass.ecn, pass.nowMicros);
    } catch (QuicWireException e) {
      pass.malformed = e;
    } catch (RuntimeException e) {
      pass.failure = e;
    }
  }

  /**
   * On the endpoint's thread, once the connection has its sender: what {@link #receive} does after
   * processing, for the pass that ran off the loop.
   *
   * @return false when the datagram was dropped (the endpoint counts it)
   */
  boolean finishOffLoopPass(OffLoopHandshake<S>.Pass pass) {
    if (pass.failure != null) {
      fail(pass.failure);
      return true;
    }
    if (pass.malformed != null) {
      return onMalformed(pass.malformed);
    }
    if (!pass.decoded) {
      return false;
    }
    applyValidationOutcome();
    sender.schedule();
    return true;
  }

  private boolean receive(
      ByteBuffer content, EcnMark ecn, long nowMicros, InetSocketAddress newAddress) {
    if (connection.state() == QuicConnection.State.CLOSING) {
      if (newAddress != null) {
        return false; // a closing connection answers its old address only
      }
      onDatagramWhileClosing(content.remaining(), ecn, nowMicros);
      return true;
    }
    Datagram datagram;
    long retries = codec.retriesAccepted();
    try {
      datagram = codec.decodeDatagram(content, REMOTE_NODE, LOCAL_NODE, connection.flowId(), ecn);
    } catch (QuicWireException e) {
      return onMalformed(e);
    } catch (RuntimeException e) {
      return false;
    }
    if (datagram == null) {
      if (codec.retriesAccepted() != retries) {
        sender.schedule(); // a Retry: the Initial goes again, to the new id with the token
        return true;
      }
      return false;
    }
    if (newAddress != null && connection.pathValidation().isNewestNonProbing(datagram)) {
      moveTo(newAddress, nowMicros);
    }
    if (peerResetToken == null && codec.peerResetToken() != null) {
      peerResetToken = codec.peerResetToken(); // the server's, known once its parameters opened
      endpoint.registerResetToken(peerResetToken, this);
    }
    try {
      process(datagram, ecn, nowMicros);
    } catch (QuicWireException e) {
      onMalformed(e); // a kept packet that opened but breaks the protocol
    } catch (RuntimeException e) {
      fail(e);
      return true;
    }
    applyValidationOutcome();
    sender.schedule();
    return true;
  }

  /** RFC 9000 §9.3: the peer's newest packet came from {@code newAddress}; send there now. */
  private void moveTo(InetSocketAddress newAddress, long nowMicros) {
    PathValidation validation = connection.pathValidation();
    if (newAddress.equals(validatedAddress)) {
      validation.abandon(); // back where it was proven (§9.3.2): nothing to check
    } else {
      validation.start(nowMicros, newAddress.getAddress().equals(remote.getAddress()));
    }
    remote = newAddress;
    sender.onRemoteAddressChanged(newAddress);
  }

  /**
   * A PATH_RESPONSE validated the address sent to, or three probe timeouts passed without one: then
   * back to the last validated address (§8.2.4), which the connection sends to again.
   */
  private void applyValidationOutcome() {
    switch (connection.pathValidation().takeOutcome()) {
      case VALIDATED -> validatedAddress = remote;
      case FAILED -> {
        remote = validatedAddress;
        sender.onRemoteAddressChanged(remote);
        sender.schedule();
      }
      case NONE -> {}
    }
  }

  /**
   * RFC 9000 §10.2.1: a closing connection only answers with its CONNECTION_CLOSE, and should limit
   * how often. What the datagram carries no longer matters, so it is neither opened nor read (a
   * peer that floods a closing connection costs no decryption and no frame objects), and the
   * connection hears of the 1st, 2nd, 4th, 8th... only, each time repeating its close. The
   * simulator's connections answer every datagram, as picoquic does.
   */
  private void onDatagramWhileClosing(int bytes, EcnMark ecn, long nowMicros) {
    datagramsWhileClosing++;
    if (Long.bitCount(datagramsWhileClosing) != 1) {
      return;
    }
    connection.receive(
        nowMicros,
        new Datagram(REMOTE_NODE, LOCAL_NODE, connection.flowId(), bytes, ecn, QuicPackets.NONE));
    sender.schedule();
  }

  private void process(Datagram datagram, EcnMark ecn, long nowMicros) throws QuicWireException {
    if (tap != null) {
      tap.onReceived(nowMicros, datagram);
    }
    connection.receive(nowMicros, datagram);
    // Packets that came before their keys and open now (real TLS only: under the null
    // protection every space has keys from the start).
    Datagram kept;
    while ((kept = codec.decodeKeptPackets(REMOTE_NODE, LOCAL_NODE, connection.flowId(), ecn))
        != null) {
      if (tap != null) {
        tap.onReceived(nowMicros, kept);
      }
      connection.receive(nowMicros, kept);
    }
    if (tap != null) {
      tap.afterReceived(nowMicros);
    }
  }

  /**
   * A header that does not parse is dropped (RFC 9000 §12.2): anyone could have sent it. Under TLS,
   * a packet that opened and then breaks the protocol (reserved bits, malformed or forbidden
   * frames) is the peer's: a connection error with the decoder's code (§12.4). Under the null
   * protection nothing is authenticated, so nothing closes.
   *
   * @return true when the datagram was the peer's (the connection closes), false when dropped
   */
  private boolean onMalformed(QuicWireException error) {
    if (!authenticated || !codec.lastFailureAuthenticated()) {
      return false;
    }
    connection.close(error.error().code(), false);
    sender.schedule();
    return true;
  }

  /** The peer's Stateless Reset arrived: the connection ends without another packet (§10.3.1). */
  void onStatelessReset(long nowMicros) {
    try {
      connection.onStatelessReset(nowMicros);
    } catch (RuntimeException e) {
      fail(e);
      return;
    }
    endpoint.remove(this);
  }

  /**
   * Called by the sender after each send pass: follows the outcome of a path validation, frees the
   * handshake slot once the connection is ready, takes it out of the endpoint once closed, and
   * starts the drain's end.
   */
  public void afterPass() {
    applyValidationOutcome();
    if (handshakeCounted && connection.isReady()) {
      handshakeCounted = false;
      endpoint.onHandshakeDone(this);
    }
    QuicConnection.State state = connection.state();
    if (state == QuicConnection.State.CLOSED) {
      endpoint.remove(this);
    } else if (state == QuicConnection.State.DRAINING && drainTimer == null) {
      // The connection stays in DRAINING once its answer is sent (the simulator never needs the
      // end of a drain); RFC 9000 §10.2 lets the state go after three probe timeouts.
      long now = endpoint.scheduler().nowMicros();
      drainTimer = endpoint.scheduler().scheduleAt(now + 3 * probeTimeoutMicros(), this::drained);
    }
  }

  /** RFC 9002 §6.2.1's PTO from the path's RTT and the peer's default maximum ACK delay. */
  private long probeTimeoutMicros() {
    var path = connection.path();
    return path.smoothedRttMicros()
        + Math.max(4 * path.rttVarianceMicros(), 1_000)
        + TransportDefaults.DEFAULT_PEER_MAX_ACK_DELAY_MICROS;
  }

  private void drained() {
    drainTimer = null;
    endpoint.remove(this);
  }

  /**
   * The transport threw while the sender worked for it: a bug, not the peer's doing; the connection
   * is dropped and counted.
   */
  public void fail(RuntimeException error) {
    endpoint.onInternalError(this, error);
  }

  void closeTap() {
    if (tap != null) {
      tap.close();
    }
  }

  /** Called by the endpoint once it has taken the connection out of its table. */
  void onRemoved() {
    handshakeCounted = false;
    if (sender != null) {
      sender.stop();
    }
    boolean passRunning = offLoop != null && offLoop.onRemoved();
    if (!passRunning) {
      closeTap(); // else the pass closes it once done: it may be writing to it now
    }
    if (drainTimer != null) {
      drainTimer.cancel();
      drainTimer = null;
    }
  }
}
