package dev.moqbed.transport.endpoint;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * A new server connection while its client's ClientHello is processed by a {@link
 * HandshakeOffload}: its datagrams go there one at a time, in the order they came; those that
 * arrive meanwhile wait here (a few; more are dropped, as a full socket buffer would). Once a pass
 * leaves the ClientHello answered (Handshake keys installed) or the connection failed, the endpoint
 * takes the connection over on its own thread ({@link Endpoint#adoptFromOffLoop}) and gives it its
 * sender and handler. A connection whose ClientHello never completes is removed at the idle
 * timeout, which it could not otherwise reach: it has no timer yet. Everything but {@link Pass#run}
 * runs on the endpoint's thread.
 */
final class OffLoopHandshake<S extends ConnectionSender> {
  /** Datagrams kept while a pass runs: a ClientHello of a few datagrams and their resends. */
  static final int MAX_WAITING_DATAGRAMS = 8;

  private final Endpoint<S> endpoint;
  private final EndpointConnection<S> connection;
  private final HandshakeOffload offload;
  private final ArrayDeque<Pass> waiting = new ArrayDeque<>();
  private final TimerHandle deadline;
  private boolean running;
  private boolean firstPassDone;
  private boolean removed;

  OffLoopHandshake(
      Endpoint<S> endpoint,
      EndpointConnection<S> connection,
      HandshakeOffload offload,
      long nowMicros,
      long idleTimeoutMicros) {
    this.endpoint = endpoint;
    this.connection = connection;
    this.offload = offload;
    this.deadline = endpoint.scheduler().scheduleAt(nowMicros + idleTimeoutMicros, this::expire);
  }

  /** One datagram's pass: a copy of it (the host reuses its buffer), and what the pass found. */
  final class Pass implements Runnable {
    final ByteBuffer content;
    final EcnMark ecn;
    final long nowMicros;
    boolean decoded;
    QuicWireException malformed;
    RuntimeException failure;

    Pass(ByteBuffer content, EcnMark ecn, long nowMicros) {
      this.content = ByteBuffer.allocate(content.remaining()).put(content.duplicate()).flip();
      this.ecn = ecn;
      this.nowMicros = nowMicros;
    }

    /** On the offload's thread. */
    @Override
    public void run() {
      connection.receiveOffLoop(this);
    }
  }

  /** A datagram for the connection: processed off the loop, now or after the running pass. */
  void receive(ByteBuffer content, EcnMark ecn, long nowMicros) {
    if (waiting.size() >= MAX_WAITING_DATAGRAMS) {
      endpoint.counters().droppedWhileOffLoop++;
      return;
    }
    waiting.add(new Pass(content, ecn, nowMicros));
    if (!running) {
      runNext();
    }
  }

  private void runNext() {
    Pass pass = waiting.poll();
    running = true;
    offload.run(pass, () -> passDone(pass));
  }

  private void passDone(Pass pass) {
    running = false;
    if (removed) {
      connection.closeTap(); // the endpoint let it go meanwhile; the tap was the pass's
      return;
    }
    boolean first = !firstPassDone;
    firstPassDone = true;
    if (first && pass.failure != null) {
      endpoint.onInternalError(connection, pass.failure);
      return;
    }
    if (first
        && (!pass.decoded
            || pass.malformed != null
            || connection.connection().stats().cryptoFramesReceived() == 0)) {
      // As on the loop: an Initial that does not decode, or carries no ClientHello, holds no slot.
      endpoint.counters().droppedUndecodable++;
      endpoint.remove(connection);
      return;
    }
    if (pass.failure != null || pass.malformed != null || answered()) {
      deadline.cancel();
      endpoint.adoptFromOffLoop(connection, pass, waiting);
      return;
    }
    if (!pass.decoded) {
      endpoint.counters().droppedUndecodable++;
    }
    if (!waiting.isEmpty()) {
      runNext();
    }
  }

  /** The ClientHello is answered (the Handshake keys exist), or the connection ended. */
  private boolean answered() {
    return connection.codec().hasOpeningKeys(PacketSpace.HANDSHAKE)
        || connection.connection().state() != QuicConnection.State.HANDSHAKE;
  }

  /** The idle timeout passed without a whole ClientHello. */
  private void expire() {
    if (!running && !removed) {
      endpoint.counters().offLoopHandshakesExpired++;
      endpoint.remove(connection);
    }
  }

  /**
   * The endpoint took the connection out of its table: true when a pass still runs, which then
   * closes the tap it may be writing to.
   */
  boolean onRemoved() {
    removed = true;
    deadline.cancel();
    return running;
  }
}
