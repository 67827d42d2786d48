package dev.moqbed.transport.quic;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.PathView;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.PacketNumberHoles;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One end of a QUIC connection, as a sans-IO state machine: the host hands it received datagrams
 * ({@link #receive}), asks it for datagrams to send ({@link #poll}) and calls it again at {@link
 * #nextWakeMicros()}; it never reads a clock. It models what moves the C4 test draft's numbers as
 * picoquic does (docs/transport/connection.md): handshake, sizes, ACKs, recovery, pacing, streams.
 *
 * <p>This class holds the life cycle and the host and application interfaces, and hands the rest to
 * its parts, as quinn splits its connection: {@link ModelledHandshake} (flights and keys), {@link
 * PathState} (RTT, controller, pacer, bytes in flight, MTU), {@link LossDetection} and {@link
 * AckProcessor} (what becomes of sent packets), {@link PacketAssembly} (what goes in the next
 * datagram), {@link StreamTable} (streams and flow control), {@link PendingFrames}, {@link
 * CloseState}, and a {@link TimerTable} whose earliest entry is the next wake-up.
 */
public final class QuicConnection {
  /** picoquic's stream priority when the application sets none (odd: FIFO). */
  public static final int DEFAULT_STREAM_PRIORITY = 9;

  /** {@link ConnectionHandler#onClosed}'s code after a peer's Stateless Reset (QUIC has none). */
  public static final long STATELESS_RESET = -1;

  /** Life cycle. */
  public enum State {
    HANDSHAKE,
    READY,
    CLOSING,
    DRAINING,
    CLOSED
  }

  private final ConnectionConfig config;
  private final Role role;
  private final int flowId;
  private ConnectionHandler handler = new ConnectionHandler() {};
  private Runnable wakeListener = () -> {};
  private AckListener ackListener;
  private State state = State.HANDSHAKE;
  private long lastReceivedMicros;
  private long firstReceivedMicros = -1;

  private final PacketNumberSpace[] spaces = new PacketNumberSpace[3];
  private final ConnectionStats stats = new ConnectionStats();
  private final TimerTable timers = new TimerTable();
  private final CloseState close = new CloseState();
  private final PendingFrames pending = new PendingFrames();
  private final PathState path;
  private final StreamTable streams;
  private final AckFrequencyRequest ackFrequency;
  private final AmplificationLimit amplification;
  private final LossDetection loss;
  private final AckProcessor acks;
  private final PacketAssembly assembly;
  private final ReceivedFrames frames;
  private final CryptoHandshake handshake;
  private final OutputRecycling output = new OutputRecycling();
  private final HeldPackets heldPackets = new HeldPackets();
  private final SendTimers sendTimers;
  private final PathValidation pathValidation;

  /** The idle timeout in force: ours, or the peer's when a real handshake brings a shorter one. */
  private long idleTimeoutMicros;

  /**
   * @param localNode the node this end sends from (a simulation's index)
   * @param remoteNode the node of the peer
   * @param flowId identifies the connection on a shared network, in both directions
   * @param controllerFactory the congestion controller of this end's sending side
   * @param random the seeded generator the controller may draw from
   */
  public QuicConnection(
      ConnectionConfig config,
      int localNode,
      int remoteNode,
      int flowId,
      ControllerFactory controllerFactory,
      RandomGenerator random,
      long nowMicros) {
    this(
        config,
        localNode,
        remoteNode,
        flowId,
        controllerFactory,
        random,
        PacketNumberHoles.fixedRandom(config.role() == Role.CLIENT, flowId),
        nowMicros);
  }

  /**
   * @param controllerRandom the seeded generator the controller may draw from
   * @param transportRandom the seeded generator of the transport's own random choices (the packet
   *     numbers it skips), kept apart so that they do not shift the controller's draws
   */
  public QuicConnection(
      ConnectionConfig config,
      int localNode,
      int remoteNode,
      int flowId,
      ControllerFactory controllerFactory,
      RandomGenerator controllerRandom,
      RandomGenerator transportRandom,
      long nowMicros) {
    this(
        config,
        localNode,
        remoteNode,
        flowId,
        controllerFactory,
        controllerRandom,
        transportRandom,
        null,
        nowMicros);
  }

  /**
   * A connection with its own handshake.
   *
   * @param cryptoHandshake the TLS handshake the connection drives (module {@code transport-tls}
   *     has the real one), or null for the modelled handshake's flights of picotls's sizes
   */
  public QuicConnection(
      ConnectionConfig config,
      int localNode,
      int remoteNode,
      int flowId,
      ControllerFactory controllerFactory,
      RandomGenerator controllerRandom,
      RandomGenerator transportRandom,
      CryptoHandshake cryptoHandshake,
      long nowMicros) {
    this.config = config;
    this.idleTimeoutMicros = config.idleTimeoutMicros();
    this.role = config.role();
    this.flowId = flowId;
    this.lastReceivedMicros = nowMicros;
    PacketNumberHoles holes =
        new PacketNumberHoles(config.packetNumberHolePeriod(), transportRandom);
    spaces[0] = new PacketNumberSpace(PacketSpace.INITIAL, config.ackFlavor(), nowMicros);
    spaces[1] = new PacketNumberSpace(PacketSpace.HANDSHAKE, config.ackFlavor(), nowMicros);
    spaces[2] = new PacketNumberSpace(PacketSpace.APPLICATION, config.ackFlavor(), nowMicros);
    PacketNumberSpace application = space(PacketSpace.APPLICATION);
    this.streams = new StreamTable(this, config, application);
    this.path = new PathState(config, application, controllerFactory, controllerRandom, nowMicros);
    this.ackFrequency = new AckFrequencyRequest(config.ackFlavor(), path);
    this.amplification = new AmplificationLimit(role);
    this.loss =
        new LossDetection(
            config, spaces, path, streams, pending, ackFrequency, stats, timers, output, nowMicros);
    this.acks = new AckProcessor(this, path, loss, streams, ackFrequency, holes, config);
    this.assembly =
        new PacketAssembly(
            this,
            config,
            localNode,
            remoteNode,
            spaces,
            path,
            loss,
            streams,
            pending,
            ackFrequency,
            holes,
            stats,
            output);
    if (cryptoHandshake == null) {
      this.handshake = new ModelledHandshake(role, spaces, path, loss, pending);
    } else {
      this.handshake = cryptoHandshake;
      loss.setDiscardListener(cryptoHandshake::onSpaceDiscarded);
    }
    handshake.attach(
        new ConnectionHandshakeHost(this, config, spaces, path, loss, streams, pending), nowMicros);
    this.frames = new ReceivedFrames(this, path, streams, acks, handshake, pending, stats);
    this.sendTimers =
        new SendTimers(timers, path, loss, assembly, application, ackFrequency, nowMicros);
    this.pathValidation =
        new PathValidation(amplification, path, loss, assembly, pending, timers, application);
  }

  // ---- Application interface ----

  public void setHandler(ConnectionHandler handler) {
    this.handler = handler;
  }

  /** Observes every processed ACK frame (null for none). */
  public void setAckListener(AckListener ackListener) {
    this.ackListener = ackListener;
  }

  /** Observes every packet declared lost (null for none), for logs such as qlog. */
  public void setLossListener(PacketLossListener lossListener) {
    loss.setLossListener(lossListener);
  }

  /**
   * The caller (the UDP driver) encodes each polled datagram before the next poll and keeps none:
   * output objects are then reused ({@link OutputRecycling}); never in a simulation. Only before
   * the first datagram, else IllegalStateException.
   */
  public void reuseOutput() {
    if (stats.datagramsSent() > 0) {
      throw new IllegalStateException("reuseOutput after the first datagram was sent");
    }
    output.enable();
  }

  /** Called whenever the application gave the connection something to send. */
  public void setWakeListener(Runnable wakeListener) {
    this.wakeListener = wakeListener;
  }

  public Role role() {
    return role;
  }

  public State state() {
    return state;
  }

  public int flowId() {
    return flowId;
  }

  public boolean isReady() {
    return state == State.READY;
  }

  public CongestionController controller() {
    return path.controller();
  }

  public PathView path() {
    return path;
  }

  public ConnectionStats stats() {
    return stats;
  }

  /** When the first datagram from the peer arrived, -1 before any. */
  public long firstReceivedMicros() {
    return firstReceivedMicros;
  }

  /** Opens a bidirectional stream; returns its id. */
  public long openBidirectionalStream(int priority) {
    return streams.openBidirectional(priority);
  }

  /** Whether the peer's stream limit lets us open one more unidirectional stream now. */
  public boolean canOpenUnidirectionalStream() {
    return streams.canOpenUnidirectional();
  }

  /** Opens a unidirectional stream; returns its id. */
  public long openUnidirectionalStream(int priority) {
    return streams.openUnidirectional(priority);
  }

  /** Writes bytes on a stream. */
  public void write(long streamId, ByteSlice data) {
    streams.sendStreamForWriting(streamId).write(data, data.length());
    wakeListener.run();
  }

  /** Writes {@code length} bytes of no particular content (bulk transfers, modelled media). */
  public void writeCount(long streamId, int length) {
    streams.sendStreamForWriting(streamId).write(null, length);
    wakeListener.run();
  }

  /** Ends a stream after what was written. */
  public void finish(long streamId) {
    streams.sendStreamForWriting(streamId).finish();
    wakeListener.run();
  }

  public void setStreamPriority(long streamId, int priority) {
    streams.sendStreamForWriting(streamId).priority = priority;
  }

  /** Abandons sending on a stream: RESET_STREAM goes out, queued data is dropped. */
  public void resetStream(long streamId, long errorCode) {
    if (streams.reset(streamId, errorCode)) {
      wakeListener.run();
    }
  }

  /** Asks the peer to stop sending on a stream; bytes still arriving are dropped. */
  public void stopSending(long streamId, long errorCode) {
    if (streams.requestStopSending(streamId)) {
      pending.controlFrames.add(new Frame.StopSending(streamId, errorCode));
      wakeListener.run();
    }
  }

  /** Holds a stream's bytes undelivered, and their credit ungranted, until resumed (false). */
  public void setReceivePaused(long streamId, boolean paused) {
    streams.setReceivePaused(lastReceivedMicros, streamId, paused);
    wakeListener.run();
  }

  /** Queues a DATAGRAM frame; it is dropped, as in picoquic, if it cannot fit a packet. */
  public void sendDatagram(DatagramPayload payload) {
    Frame.Datagram frame = new Frame.Datagram(payload);
    if (frame.sizeBytes() > pending.peerMaxDatagramFrameBytes) {
      return; // larger than the peer's max_datagram_frame_size (RFC 9221 §3)
    }
    pending.datagrams.add(frame);
    wakeListener.run();
  }

  /** The priority of every DATAGRAM frame of the connection (quicperf: the request's value). */
  public void setDatagramPriority(int priority) {
    pending.datagramPriority = priority;
  }

  /** Closes the connection with an error code (0 = no error) and no reason phrase. */
  public void close(long errorCode, boolean application) {
    close(errorCode, application, "");
  }

  /** Closes with an error code (0 = none) and a reason the peer can show (RFC 9000 §19.19). */
  public void close(long errorCode, boolean application, String reason) {
    if (state == State.CLOSING || state == State.DRAINING || state == State.CLOSED) {
      return;
    }
    close.request(errorCode, application, reason);
    wakeListener.run();
  }

  /** The code of the close this end decided first (application's or handshake's), else -1. */
  public long localCloseErrorCode() {
    return close.isRequested() ? close.errorCode() : -1;
  }

  /** The reason phrase of the close this end decided, empty when none or the peer closed. */
  public String localCloseReason() {
    return close.isRequested() ? close.reason() : "";
  }

  /** The ALPN the handshake negotiated (empty before it is known, and in virtual time). */
  public Optional<String> applicationProtocol() {
    return handshake.applicationProtocol();
  }

  /** The reason phrase of the peer's CONNECTION_CLOSE; empty before one came, or without one. */
  public String peerCloseReason() {
    return close.peerReason();
  }

  /** The peer's Stateless Reset came (RFC 9000 §10.3.1): the connection ends now, silently. */
  public void onStatelessReset(long nowMicros) {
    if (state != State.CLOSED && state != State.DRAINING) {
      enterClosed(nowMicros, STATELESS_RESET);
    }
  }

  ConnectionHandler handler() {
    return handler;
  }

  AckListener ackListener() {
    return ackListener;
  }

  // ---- Host interface ----

  /** Processes a datagram from the network. */
  public void receive(long nowMicros, Datagram datagram) {
    if (state == State.CLOSED || state == State.DRAINING) {
      return;
    }
    lastReceivedMicros = nowMicros;
    if (firstReceivedMicros < 0) {
      firstReceivedMicros = nowMicros;
    }
    amplification.onReceived(datagram.sizeBytes());
    List<QuicPacket> packets = QuicPackets.in(datagram);
    for (int i = 0; i < packets.size(); i++) { // indexed: no iterator per datagram received
      QuicPacket packet = packets.get(i);
      if (!handshake.canProcess(packet.space())) {
        heldPackets.hold(packet, datagram.ecn()); // processed once the keys arrive
        continue;
      }
      receivePacket(nowMicros, packet, datagram.ecn());
      if (state == State.CLOSED || state == State.DRAINING) {
        return;
      }
      List<HeldPackets.Held> released = heldPackets.release(handshake);
      if (released != null) {
        for (HeldPackets.Held waiting : released) {
          receivePacket(nowMicros, waiting.packet(), waiting.ecn());
        }
      }
    }
    if (state == State.CLOSING) {
      close.repeatFrame(); // repeat our close to a peer that keeps sending
    }
  }

  /** The next datagram to send now, or null when nothing can go now. */
  public Datagram poll(long nowMicros) {
    Datagram datagram = build(nowMicros);
    if (datagram != null) {
      amplification.onSent(datagram.sizeBytes());
    }
    return datagram;
  }

  /** The validation of the peer's addresses: Retry tokens, new addresses (the endpoint's). */
  public PathValidation pathValidation() {
    return pathValidation;
  }

  private Datagram build(long nowMicros) {
    if (state == State.CLOSED) {
      return null;
    }
    path.clearCongestionWindowBlocked();
    if (state == State.DRAINING) {
      return close.takeAnswer(); // our close, owed once to the peer that closed
    }
    if (state == State.CLOSING) {
      if (timers.isExpired(ConnectionTimer.CLOSE, nowMicros)) {
        enterClosed(nowMicros, close.peerErrorCode());
        return null;
      }
      return close.isFrameDue() ? buildClose(nowMicros) : null;
    }
    if (close.isRequested()) {
      return buildClose(nowMicros);
    }
    if (nowMicros >= idleDeadlineMicros()) {
      enterClosed(nowMicros, 0);
      return null;
    }
    loss.detectTimerLosses(nowMicros);
    if (pathValidation.expire(nowMicros) || !amplification.allows(path.mtu().mtuBytes())) {
      // Held back by the limit (a challenge if one fits), or the endpoint must move back first.
      return pathValidation.buildWithinLimit(nowMicros, ready());
    }
    if (assembly.hasHandshakeDataToSend(nowMicros)) {
      Datagram datagram =
          assembly.buildHandshakeDatagram(nowMicros, handshake.hasApplicationKeys(), ready());
      if (datagram != null) {
        return datagram;
      }
    }
    return handshake.hasApplicationKeys()
        ? assembly.buildApplicationDatagram(nowMicros, ready(), amplification)
        : null;
  }

  /**
   * When to {@link #poll} again if nothing arrives (call after a null poll): arms the timers this
   * state waits for and returns the earliest.
   */
  public long nextWakeMicros(long nowMicros) {
    switch (state) {
      case CLOSED -> timers.stopAll();
      case DRAINING -> {
        timers.stopAll();
        if (close.answerOwed()) {
          timers.set(ConnectionTimer.SEND, nowMicros);
        }
      }
      case CLOSING -> timers.stopAllExcept(ConnectionTimer.CLOSE); // waits for the answer only
      default -> {
        boolean allowed = amplification.allows(path.mtu().mtuBytes());
        sendTimers.arm(nowMicros, idleDeadlineMicros(), handshake.hasApplicationKeys(), allowed);
        pathValidation.arm(nowMicros);
      }
    }
    return timers.nextDeadlineMicros();
  }

  /** Silence from the peer until then closes the connection. */
  private long idleDeadlineMicros() {
    return lastReceivedMicros + Math.max(idleTimeoutMicros, 3 * loss.currentProbeTimeoutMicros());
  }

  /** picoquic's ready state, in which packet numbers may be skipped. */
  private boolean ready() {
    return path.handshakeConfirmed() && state == State.READY;
  }

  private void receivePacket(long nowMicros, QuicPacket packet, EcnMark ecn) {
    PacketNumberSpace space = space(packet.space());
    if (space.discarded || space.receivedPackets.isReceived(packet.packetNumber())) {
      return; // a context already closed, or a duplicate
    }
    space.countEcn(ecn);
    for (PacketNumberSpace other : spaces) {
      if (other != space) {
        other.receivedPackets.onPacketReceivedInOtherSpace();
      }
    }
    frames.process(nowMicros, space, packet);
    ackFrequency.onPacketReceived(nowMicros, packet); // after the RTT sample of its ACK
    if (role == Role.SERVER && packet.space() == PacketSpace.HANDSHAKE) {
      amplification.validate(); // only the address's holder read our Initial (RFC 9000 §8.1)
      // Any Handshake packet from the client acknowledges the server's Initial packets and ends
      // that context (picoquic_incoming_client_handshake); the client never ACKs them itself.
      loss.discardSpace(space(PacketSpace.INITIAL), nowMicros);
    }
    if (!space.discarded) {
      space.receivedPackets.onPacketReceived(
          nowMicros, packet.packetNumber(), packet.ackEliciting());
    }
  }

  /** The client's handshake is complete: it is ready (the server waits for confirmation). */
  void onClientHandshakeComplete(long nowMicros) {
    state = State.READY;
    handler.onReady(this, nowMicros);
  }

  /** The peer's max_idle_timeout: the shorter of the two non-zero ones applies (RFC 9000 §10.1). */
  void applyPeerIdleTimeout(long peerIdleTimeoutMicros) {
    if (peerIdleTimeoutMicros > 0 && peerIdleTimeoutMicros < idleTimeoutMicros) {
      idleTimeoutMicros = peerIdleTimeoutMicros;
    }
  }

  void onHandshakeConfirmed(long nowMicros) {
    if (path.handshakeConfirmed()) {
      return;
    }
    path.onHandshakeConfirmed();
    ackFrequency.update(); // as picoquic_ready_state_transition: the request rides HANDSHAKE_DONE
    loss.discardSpace(space(PacketSpace.INITIAL), nowMicros); // done, implicitly acked
    loss.discardSpace(space(PacketSpace.HANDSHAKE), nowMicros);
    loss.resetProbeTimeouts();
    if (role == Role.SERVER) {
      state = State.READY;
      handler.onReady(this, nowMicros);
    }
  }

  private Datagram buildClose(long nowMicros) {
    Datagram datagram =
        assembly.buildCloseDatagram(
            nowMicros,
            close.errorCode(),
            close.isApplication(),
            close.reason(),
            handshake.closeSpace());
    close.onFrameSent();
    if (state != State.CLOSING) {
      state = State.CLOSING;
      timers.set(ConnectionTimer.CLOSE, nowMicros + 3 * loss.currentProbeTimeoutMicros());
    }
    return datagram;
  }

  void onConnectionClose(long nowMicros, Frame.ConnectionClose frame) {
    close.onPeerClose(frame.errorCode(), frame.reasonText());
    if (state == State.CLOSING) {
      enterClosed(nowMicros, frame.errorCode());
      return;
    }
    // Answer at once with our own close, then drain.
    close.answerPeer();
    close.owe(
        assembly.buildCloseDatagram(
            nowMicros,
            close.errorCode(),
            close.isApplication(),
            close.reason(),
            handshake.closeSpace()));
    state = State.DRAINING;
    handler.onClosed(this, nowMicros, frame.errorCode());
  }

  private void enterClosed(long nowMicros, long errorCode) {
    boolean wasOpen = state != State.DRAINING && state != State.CLOSED;
    state = State.CLOSED;
    if (wasOpen) {
      handler.onClosed(this, nowMicros, errorCode);
    }
  }

  PacketNumberSpace space(PacketSpace space) {
    return spaces[space.ordinal()];
  }
}
