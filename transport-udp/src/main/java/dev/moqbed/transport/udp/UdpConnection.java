package dev.moqbed.transport.udp;

import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.QuicWireException;
import dev.moqbed.transport.wire.StatelessResetToken;
import io.netty.buffer.ByteBuf;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * One connection of a {@link UdpEndpoint}: the sans-IO {@link QuicConnection}, its codec, the
 * peer's address and the pump that sends for it. Everything here runs on the endpoint's event loop;
 * the application reaches the connection from its handler's callbacks, or through {@link
 * UdpEndpoint#call} from another thread.
 *
 * <p>Received datagrams carry no ECN mark into the connection ({@link EcnMark#NOT_ECT}): neither
 * Netty's NIO nor its epoll datagram channel reports the IP header's ECN bits of a received
 * datagram, so the connection's ECN counts stay zero on a real socket.
 */
public final class UdpConnection {
  private final UdpEndpoint endpoint;
  private final QuicConnection connection;
  private final PacketCodec codec;
  private final InetSocketAddress remote;
  private final long routingKey;
  private final boolean countsAsHandshake;
  private final boolean authenticated;
  private final SendPump pump;
  private final PacketTap tap;
  private final CompletableFuture<UdpConnection> removed = new CompletableFuture<>();
  private boolean handshakeCounted;
  private TimerHandle drainTimer;
  private ConnectionId clientChosenId;
  private StatelessResetToken peerResetToken;

  UdpConnection(
      UdpEndpoint endpoint,
      QuicConnection connection,
      PacketCodec codec,
      InetSocketAddress remote,
      long routingKey,
      boolean countsAsHandshake,
      boolean authenticated,
      PacketTap tap) {
    this.endpoint = endpoint;
    this.connection = connection;
    this.codec = codec;
    this.remote = remote;
    this.routingKey = routingKey;
    this.countsAsHandshake = countsAsHandshake;
    this.authenticated = authenticated;
    this.handshakeCounted = countsAsHandshake;
    this.tap = tap;
    this.pump =
        new SendPump(
            endpoint.scheduler(), this, codec, endpoint.channel(), endpoint.counters(), tap);
  }

  public QuicConnection connection() {
    return connection;
  }

  public InetSocketAddress remoteAddress() {
    return remote;
  }

  /** The ids the connection's packets carry now (the remote one as learnt from the peer). */
  public ConnectionIds ids() {
    return codec.ids();
  }

  /** Completes when the endpoint has freed the connection: closed either way, or idle. */
  public CompletableFuture<UdpConnection> whenRemoved() {
    return removed;
  }

  /** Datagrams this connection wrote. */
  public long datagramsSent() {
    return pump.datagramsSent();
  }

  /** UDP payload bytes this connection wrote. */
  public long bytesSent() {
    return pump.bytesSent();
  }

  /** Flushes of the channel by this connection's pump: datagrams per flush is the batch size. */
  public long flushes() {
    return pump.flushes();
  }

  /** Writes to the channel: datagrams, or under GSO runs of datagrams sent as one. */
  public long writes() {
    return pump.writes();
  }

  /** Packets of received datagrams that did not open (another id, or failed to open). */
  public long packetsDropped() {
    return codec.packetsDropped();
  }

  /** For a server: the client's first id when it was not 8 bytes (also routed), else null. */
  ConnectionId clientChosenId() {
    return clientChosenId;
  }

  void setClientChosenId(ConnectionId id) {
    clientChosenId = id;
  }

  long routingKey() {
    return routingKey;
  }

  boolean holdsHandshakeSlot() {
    return handshakeCounted;
  }

  boolean countsAsHandshake() {
    return countsAsHandshake;
  }

  void start() {
    pump.schedule();
  }

  /**
   * Decodes a datagram routed here and hands it to the connection.
   *
   * @return false when it is malformed or no packet of it opened (the caller counts it)
   */
  boolean receive(ByteBuf content, long nowMicros) {
    Datagram datagram;
    long retries = codec.retriesAccepted();
    try {
      datagram =
          codec.decodeDatagram(
              content.nioBuffer(content.readerIndex(), content.readableBytes()),
              1,
              0,
              connection.flowId(),
              EcnMark.NOT_ECT);
    } catch (QuicWireException e) {
      return onMalformed(e);
    } catch (RuntimeException e) {
      return false;
    }
    if (datagram == null) {
      if (codec.retriesAccepted() != retries) {
        pump.schedule(); // a Retry: the Initial goes again, to the new id with the token
        return true;
      }
      return false;
    }
    if (peerResetToken == null && codec.peerResetToken() != null) {
      peerResetToken = codec.peerResetToken(); // the server's, known once its parameters opened
      endpoint.registerResetToken(peerResetToken, this);
    }
    try {
      if (tap != null) {
        tap.onReceived(nowMicros, datagram);
      }
      connection.receive(nowMicros, datagram);
      // Packets that came before their keys and open now (real TLS only: under the null
      // protection every space has keys from the start).
      Datagram kept;
      while ((kept = codec.decodeKeptPackets(1, 0, connection.flowId(), EcnMark.NOT_ECT)) != null) {
        if (tap != null) {
          tap.onReceived(nowMicros, kept);
        }
        connection.receive(nowMicros, kept);
      }
      if (tap != null) {
        tap.afterReceived(nowMicros);
      }
    } catch (QuicWireException e) {
      onMalformed(e); // a kept packet that opened but breaks the protocol
    } catch (RuntimeException e) {
      fail(e);
      return true;
    }
    pump.schedule();
    return true;
  }

  /**
   * A header that does not parse is dropped (RFC 9000 §12.2): anyone could have sent it. Under TLS,
   * a packet that opened and then breaks the protocol (reserved bits, malformed or forbidden
   * frames) is the peer's: a connection error with the decoder's code (§12.4), as in {@code
   * QuicEndpoint}. Under the null protection nothing is authenticated, so nothing closes.
   *
   * @return true when the datagram was the peer's (the connection closes), false when dropped
   */
  private boolean onMalformed(QuicWireException error) {
    if (!authenticated || !codec.lastFailureAuthenticated()) {
      return false;
    }
    connection.close(error.error().code(), false);
    pump.schedule();
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

  /** The connection's codec (its key phases, drop counts), read on the loop. */
  PacketCodec codec() {
    return codec;
  }

  /** The stateless reset token the peer declared, registered with the endpoint; null if none. */
  StatelessResetToken peerResetToken() {
    return peerResetToken;
  }

  /** After each send pass: frees the handshake slot once ready, leaves the table once closed. */
  void afterPass() {
    if (handshakeCounted && connection.isReady()) {
      handshakeCounted = false;
      endpoint.onHandshakeDone(this);
    }
    QuicConnection.State state = connection.state();
    if (state == QuicConnection.State.CLOSED) {
      endpoint.remove(this);
    } else if (state == QuicConnection.State.DRAINING && drainTimer == null) {
      // The model stays in DRAINING once its answer is sent (the simulator never needs the end of
      // a drain); RFC 9000 §10.2 lets the state go after three probe timeouts.
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

  /** The transport threw: a bug, not the peer's doing; the connection is dropped and counted. */
  void fail(RuntimeException error) {
    endpoint.onInternalError(this, error);
  }

  void awaitWritable() {
    endpoint.awaitWritable(this);
  }

  void resumeSending() {
    pump.schedule();
  }

  /** Called by the endpoint once it has taken the connection out of its table. */
  void onRemoved() {
    handshakeCounted = false;
    pump.stop();
    if (tap != null) {
      tap.close();
    }
    if (drainTimer != null) {
      drainTimer.cancel();
      drainTimer = null;
    }
    removed.complete(this);
  }
}
