package dev.moqbed.transport.quic;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.EcnSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.PathView;
import dev.moqbed.cc.RttSample;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.recovery.AckFrequencyPolicy;
import dev.moqbed.transport.recovery.DeliveryRateSampler;
import dev.moqbed.transport.recovery.FlowControlWindow;
import dev.moqbed.transport.recovery.Pacer;
import dev.moqbed.transport.recovery.PacketNumberHoles;
import dev.moqbed.transport.recovery.ProbeTimeoutBackoff;
import dev.moqbed.transport.recovery.RttEstimator;
import dev.moqbed.transport.recovery.RttFlavor;
import dev.moqbed.transport.recovery.TransportDefaults;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * One end of a QUIC connection, as a sans-IO state machine: the host hands it received datagrams
 * ({@link #receive}), asks it for datagrams to send ({@link #poll}) and calls it again at {@link
 * #nextWakeMicros()}. It never reads a clock.
 *
 * <p>It models what moves the C4 test draft's numbers, as picoquic does it: the handshake over the
 * same links (Initial, Handshake and 1-RTT packets with their sizes, a path MTU probe, 250 ms
 * initial timers), packet sizes and headers, the ACK-frequency policy, RTT estimation, loss
 * detection and probe timeouts, delivery-rate sampling, pacing, flow control with auto-tuning,
 * stream priorities, DATAGRAM frames, STOP_SENDING and RESET_STREAM, and the close exchange. Packet
 * protection and TLS are not modelled: their bytes are.
 */
public final class QuicConnection {
  /** Header of a 1-RTT packet before the packet number: first byte and an 8-byte CID. */
  private static final int SHORT_HEADER_BYTES = 1 + 8;

  private static final int AEAD_TAG_BYTES = 16;

  /** picoquic pads 1-RTT packets to at least this many bytes. */
  private static final int MINIMUM_SHORT_PACKET_BYTES = 55;

  /** Long-header Initial packet overhead (header and tag), as measured on picoquic's flights. */
  private static final int INITIAL_PACKET_OVERHEAD_BYTES = 49;

  private static final int HANDSHAKE_PACKET_OVERHEAD_BYTES = 45;

  /** The modelled TLS flights: ClientHello, ServerHello, server certificate..Finished, Finished. */
  static final int CLIENT_INITIAL_CRYPTO_BYTES = 280;

  static final int SERVER_INITIAL_CRYPTO_BYTES = 123;
  static final int SERVER_HANDSHAKE_CRYPTO_BYTES = 1258;
  static final int CLIENT_HANDSHAKE_CRYPTO_BYTES = 36;

  /**
   * picoquic sends this many NEW_CONNECTION_ID frames (active_connection_id_limit 8, minus one).
   */
  private static final int NEW_CONNECTION_IDS = 7;

  /** Sizes tried by path MTU discovery: the peer's maximum, then a smaller fallback. */
  private static final int FALLBACK_PROBE_BYTES = 1400;

  /** More full-size losses than this without a full-size ACK resets the MTU (picoquic). */
  private static final int FULL_SIZE_LOSSES_BEFORE_MTU_RESET = 10;

  /** picoquic's stream priority when the application sets none (odd: FIFO). */
  public static final int DEFAULT_STREAM_PRIORITY = 9;

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
  private final int localNode;
  private final int remoteNode;
  private final int flowId;
  private final long startMicros;
  private ConnectionHandler handler = new ConnectionHandler() {};
  private Runnable wakeListener = () -> {};
  private AckListener ackListener;
  private State state = State.HANDSHAKE;
  private boolean applicationKeys;
  private boolean handshakeConfirmed;

  private final PacketNumberSpace[] spaces = new PacketNumberSpace[3];

  // Recovery and congestion control.
  private final RttEstimator rtt;
  private final ProbeTimeoutBackoff backoff;
  private final CongestionController controller;
  private final PathState path = new PathState();
  private final DeliveryRateSampler sampler = new DeliveryRateSampler();
  private final Pacer pacer;
  private final PacketNumberHoles packetNumberHoles;
  private final AckFrequencyPolicy ackFrequency = new AckFrequencyPolicy();
  private final AckSample ackSample = new AckSample();
  private final LossSample lossSample = new LossSample();
  private final RttSample rttSample = new RttSample();
  private final EcnSample ecnSample = new EcnSample();
  private long bytesInFlight;
  private boolean controllerHasSeenAck;
  private boolean resumeSeedConsidered;

  /** Scratch list of the packets one ACK frame acknowledges, reused. */
  private final ArrayList<SentPacket> newlyAcked = new ArrayList<>();

  private int consecutiveProbeTimeouts;
  private boolean probeTimeoutPending;
  private long lastPacketSentMicros;
  private long lastAckElicitingSentMicros;
  private boolean congestionWindowBlocked;
  private final List<HeldPacket> packetsAwaitingHandshakeKeys = new ArrayList<>(2);
  private long lastSenderLimitedMicros = Long.MIN_VALUE;
  private long lastAckedDataSentMicros;
  private long lossTimerMicros = Long.MAX_VALUE;

  private boolean ackFrequencyDue;
  private long maxReceiveRateBytesPerSecond;
  private long receiveRateWindowStartMicros = -1;
  private long receiveRateWindowBytes;

  // Path MTU.
  private int mtuBytes;
  private boolean mtuProbeRequired;
  private boolean mtuProbeInFlight;
  private int probeSizeIndex;
  private int fullSizeLossesSinceFullSizeAck;

  // Streams, datagrams, flow control.
  /**
   * Streams with something left to send or to be acknowledged, by id and as a list in id order
   * (scanned on every packet, so finished streams leave it).
   */
  private final HashMap<Long, SendStream> sendStreams = new HashMap<>();

  private final ArrayList<SendStream> sendStreamList = new ArrayList<>();
  private final HashMap<Long, ReceiveStream> receiveStreams = new HashMap<>();
  private final TreeMap<Long, FlowControlWindow> streamReceiveWindows = new TreeMap<>();

  /** Receive streams delivered to the end or reset: late frames for them are ignored. */
  private final HashSet<Long> finishedReceiveStreams = new HashSet<>();

  private long nextBidirectionalStreamId;
  private long nextUnidirectionalStreamId;
  private final ArrayDeque<Frame.Datagram> pendingDatagrams = new ArrayDeque<>();
  private int datagramPriority = 0;
  private long peerMaxData;
  private long newDataBytesSent;
  private final FlowControlWindow connectionReceiveWindow;
  private long connectionBytesReceived;
  private final ArrayDeque<Frame> controlFrames = new ArrayDeque<>();
  private int newConnectionIdsToSend;
  private boolean handshakeDoneToSend;

  // Close.
  private boolean closeRequested;
  private long closeErrorCode;
  private boolean closeIsApplication;
  private boolean closeFrameDue;
  private long closingDeadlineMicros = Long.MAX_VALUE;
  private long closeErrorSeen;
  private long lastReceivedMicros;
  private long firstReceivedMicros = -1;
  private Datagram pendingCloseAnswer;

  private final ConnectionStats stats = new ConnectionStats();

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
        fixedTransportRandom(config.role(), flowId),
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
    this.config = config;
    this.role = config.role();
    this.localNode = localNode;
    this.remoteNode = remoteNode;
    this.flowId = flowId;
    this.startMicros = nowMicros;
    this.lastReceivedMicros = nowMicros;
    this.mtuBytes = config.initialMtuBytes();
    this.rtt =
        new RttEstimator(
            config.recoveryFlavor(),
            TransportDefaults.INITIAL_RTT_MICROS,
            TransportDefaults.MAX_ACK_DELAY_MICROS);
    this.backoff = new ProbeTimeoutBackoff(config.recoveryFlavor(), config.idleTimeoutMicros());
    this.pacer = new Pacer(nowMicros);
    this.packetNumberHoles =
        new PacketNumberHoles(config.packetNumberHolePeriod(), transportRandom);
    spaces[0] = new PacketNumberSpace(PacketSpace.INITIAL, config.ackFlavor(), nowMicros);
    spaces[1] = new PacketNumberSpace(PacketSpace.HANDSHAKE, config.ackFlavor(), nowMicros);
    spaces[2] = new PacketNumberSpace(PacketSpace.APPLICATION, config.ackFlavor(), nowMicros);
    nextBidirectionalStreamId = role.streamInitiatorBit();
    nextUnidirectionalStreamId = 2 + role.streamInitiatorBit();
    // The peer's limits on what we send: its transport parameters, which mirror ours here.
    peerMaxData = config.initialMaxData();
    connectionReceiveWindow =
        new FlowControlWindow(FlowControlWindow.Scope.CONNECTION, config.initialMaxData());
    this.controller =
        controllerFactory.create(new ControllerEnvironment(path, nowMicros, controllerRandom));
    if (role == Role.CLIENT) {
      space(PacketSpace.INITIAL).cryptoToSend.totalBytes = CLIENT_INITIAL_CRYPTO_BYTES;
    }
  }

  /**
   * The transport generator of a connection built without one: fixed per role and flow, so such a
   * connection is still deterministic (simulations pass one from the run's random streams). The
   * constant is "holes" in ASCII.
   */
  private static RandomGenerator fixedTransportRandom(Role role, int flowId) {
    return new SplittableRandom(
        0x686f6c6573L ^ ((long) flowId << 1) ^ (role == Role.CLIENT ? 1 : 0));
  }

  // ---------------------------------------------------------------------------------------------
  // Application interface

  public void setHandler(ConnectionHandler handler) {
    this.handler = handler;
  }

  /** Observes every processed ACK frame (null for none). */
  public void setAckListener(AckListener ackListener) {
    this.ackListener = ackListener;
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
    return controller;
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
    long id = nextBidirectionalStreamId;
    nextBidirectionalStreamId += 4;
    addSendStream(new SendStream(id, priority, config.initialMaxStreamDataBidiLocal()));
    receiveStreamFor(id);
    return id;
  }

  /** Opens a unidirectional stream; returns its id. */
  public long openUnidirectionalStream(int priority) {
    long id = nextUnidirectionalStreamId;
    nextUnidirectionalStreamId += 4;
    addSendStream(new SendStream(id, priority, config.initialMaxStreamDataUni()));
    return id;
  }

  /** Writes bytes on a stream. */
  public void write(long streamId, ByteSlice data) {
    sendStream(streamId).write(data, data.length());
    wakeListener.run();
  }

  /** Writes {@code length} bytes of no particular content (bulk transfers, modelled media). */
  public void writeCount(long streamId, int length) {
    sendStream(streamId).write(null, length);
    wakeListener.run();
  }

  /** Ends a stream after what was written. */
  public void finish(long streamId) {
    sendStream(streamId).finish();
    wakeListener.run();
  }

  public void setStreamPriority(long streamId, int priority) {
    sendStream(streamId).priority = priority;
  }

  /** Abandons sending on a stream: RESET_STREAM goes out, queued data is dropped. */
  public void resetStream(long streamId, long errorCode) {
    SendStream stream = sendStreams.get(streamId);
    if (stream != null && !stream.isReset()) {
      stream.reset(errorCode);
      wakeListener.run();
    }
  }

  /** Asks the peer to stop sending on a stream; bytes still arriving are dropped. */
  public void stopSending(long streamId, long errorCode) {
    if (finishedReceiveStreams.contains(streamId)) {
      return;
    }
    ReceiveStream stream = receiveStreamFor(streamId);
    if (!stream.isStopSendingRequested() && !stream.isFinished()) {
      stream.requestStopSending();
      controlFrames.add(new Frame.StopSending(streamId, errorCode));
      wakeListener.run();
    }
  }

  /** Queues a DATAGRAM frame; it is dropped, as in picoquic, if it cannot fit a packet. */
  public void sendDatagram(Object payload, int length) {
    pendingDatagrams.add(new Frame.Datagram(length, payload));
    wakeListener.run();
  }

  /** The priority of every DATAGRAM frame of the connection (quicperf: the request's value). */
  public void setDatagramPriority(int priority) {
    this.datagramPriority = priority;
  }

  /** Closes the connection with an error code (0 = no error). */
  public void close(long errorCode, boolean application) {
    if (state == State.CLOSING || state == State.DRAINING || state == State.CLOSED) {
      return;
    }
    closeRequested = true;
    closeErrorCode = errorCode;
    closeIsApplication = application;
    closeFrameDue = true;
    wakeListener.run();
  }

  // ---------------------------------------------------------------------------------------------
  // Host interface

  /** Processes a datagram from the network. */
  public void receive(long nowMicros, Datagram datagram) {
    if (state == State.CLOSED || state == State.DRAINING) {
      return;
    }
    lastReceivedMicros = nowMicros;
    if (firstReceivedMicros < 0) {
      firstReceivedMicros = nowMicros;
    }
    onBytesReceived(nowMicros, datagram.sizeBytes());
    @SuppressWarnings("unchecked")
    List<QuicPacket> packets = (List<QuicPacket>) datagram.payload();
    for (QuicPacket packet : packets) {
      if (role == Role.CLIENT && packet.space() == PacketSpace.HANDSHAKE && !handshakeKeys()) {
        // No Handshake keys before the server's Initial: picoquic keeps such packets and
        // decrypts them once the keys arrive (picoquic_incoming_not_decrypted)
        packetsAwaitingHandshakeKeys.add(new HeldPacket(packet, datagram.ecn()));
        continue;
      }
      receivePacket(nowMicros, packet, datagram.ecn());
      if (state == State.CLOSED || state == State.DRAINING) {
        return;
      }
      if (!packetsAwaitingHandshakeKeys.isEmpty() && handshakeKeys()) {
        List<HeldPacket> held = new ArrayList<>(packetsAwaitingHandshakeKeys);
        packetsAwaitingHandshakeKeys.clear();
        for (HeldPacket waiting : held) {
          receivePacket(nowMicros, waiting.packet(), waiting.ecn());
        }
      }
    }
    if (state == State.CLOSING) {
      closeFrameDue = true; // repeat our close to a peer that keeps sending
    }
  }

  private void receivePacket(long nowMicros, QuicPacket packet, EcnMark ecn) {
    PacketNumberSpace space = space(packet.space());
    if (space.discarded || space.receivedPackets.isReceived(packet.packetNumber())) {
      return; // a context already closed, or a duplicate
    }
    recordEcn(space, ecn);
    for (PacketNumberSpace other : spaces) {
      if (other != space) {
        other.receivedPackets.onPacketReceivedInOtherSpace();
      }
    }
    processFrames(nowMicros, space, packet);
    if (role == Role.SERVER && packet.space() == PacketSpace.HANDSHAKE) {
      // Any Handshake packet from the client acknowledges the server's Initial packets and ends
      // that context (picoquic_incoming_client_handshake); the client never ACKs them itself.
      discardSpace(space(PacketSpace.INITIAL));
    }
    if (!space.discarded) {
      space.receivedPackets.onPacketReceived(
          nowMicros, packet.packetNumber(), packet.ackEliciting());
    }
  }

  /** The client's Handshake keys: it has the server's Initial (ServerHello). */
  private boolean handshakeKeys() {
    return space(PacketSpace.INITIAL).discarded
        || space(PacketSpace.INITIAL).cryptoReceived.containsAll(0, SERVER_INITIAL_CRYPTO_BYTES);
  }

  /** A packet received before the keys to read it, with its datagram's ECN mark. */
  private record HeldPacket(QuicPacket packet, EcnMark ecn) {}

  /** The next datagram to send now, or null when nothing can go now. */
  public Datagram poll(long nowMicros) {
    if (state == State.CLOSED) {
      return null;
    }
    // picoquic_prepare_segment resets the flag on every pass, so a pass refused by pacing, or one
    // that sends, leaves it clear: only a pass that stopped on the window leaves it set.
    congestionWindowBlocked = false;
    if (state == State.DRAINING) {
      Datagram answer = pendingCloseAnswer; // our close, owed once to the peer that closed
      pendingCloseAnswer = null;
      return answer;
    }
    if (state == State.CLOSING) {
      if (nowMicros >= closingDeadlineMicros) {
        enterClosed(nowMicros, closeErrorSeen);
        return null;
      }
      return closeFrameDue ? buildClose(nowMicros) : null;
    }
    if (closeRequested) {
      return buildClose(nowMicros);
    }
    if (nowMicros - lastReceivedMicros >= idleTimeoutMicros()) {
      enterClosed(nowMicros, 0);
      return null;
    }
    detectTimerLosses(nowMicros);
    if (hasHandshakeDataToSend(nowMicros)) {
      Datagram datagram = buildHandshakeDatagram(nowMicros);
      if (datagram != null) {
        return datagram;
      }
    }
    return applicationKeys ? buildApplicationDatagram(nowMicros) : null;
  }

  /**
   * When the host should call {@link #poll} again if nothing arrives before; call after {@link
   * #poll} returned null at {@code nowMicros}.
   */
  public long nextWakeMicros(long nowMicros) {
    if (state == State.CLOSED) {
      return Long.MAX_VALUE;
    }
    if (state == State.DRAINING) {
      return pendingCloseAnswer != null ? nowMicros : Long.MAX_VALUE;
    }
    if (state == State.CLOSING) {
      return closingDeadlineMicros;
    }
    long wake = Math.min(lossTimerMicros, probeTimeoutDeadlineMicros());
    wake = Math.min(wake, lastReceivedMicros + idleTimeoutMicros());
    if (!applicationKeys) {
      return wake;
    }
    if (!pacer.canSend(nowMicros)) {
      // picoquic tests pacing first on every pass and, when refused, wakes at the pacing time
      // whatever the window or the queues hold. That next pass is the one that finds the window
      // full and sets the cwnd-blocked flag (or finds nothing to send and marks the sender
      // limited); without it, a burst that ends on pacing with the window full never reports
      // "blocked", and picoquic's Cubic/NewReno slow start stops growing.
      return Math.min(wake, pacer.nextSendTimeMicros(nowMicros));
    }
    // When the next 1-RTT packet could carry something: now, or when the ACK timer fires.
    boolean windowOpen = probeTimeoutPending || bytesInFlight <= controller.congestionWindowBytes();
    long sendMicros =
        hasAckOrControlToSend(nowMicros) || (windowOpen && hasAnythingForApplicationPacket())
            ? nowMicros
            : space(PacketSpace.APPLICATION).receivedPackets.nextAckTimeMicros(nowMicros);
    return Math.min(wake, sendMicros);
  }

  private long idleTimeoutMicros() {
    return Math.max(config.idleTimeoutMicros(), 3 * currentProbeTimeoutMicros());
  }

  // ---------------------------------------------------------------------------------------------
  // Receiving

  private void processFrames(long nowMicros, PacketNumberSpace space, QuicPacket packet) {
    boolean ackSeen = false;
    for (Frame frame : packet.frames()) {
      if (frame instanceof Frame.Ack ack) {
        onAckFrame(nowMicros, space, ack);
        ackSeen = true;
      } else if (frame instanceof Frame.Crypto crypto) {
        onCryptoFrame(nowMicros, space, crypto);
      } else if (frame instanceof Frame.Stream stream) {
        onStreamFrame(nowMicros, stream);
      } else if (frame instanceof Frame.Datagram datagram) {
        handler.onDatagram(this, nowMicros, datagram.payload(), datagram.length());
      } else if (frame instanceof Frame.ResetStream reset) {
        onResetStream(nowMicros, reset);
      } else if (frame instanceof Frame.StopSending stop) {
        onStopSending(nowMicros, stop);
      } else if (frame instanceof Frame.MaxData maxData) {
        peerMaxData = Math.max(peerMaxData, maxData.maximum());
      } else if (frame instanceof Frame.MaxStreamData maxStreamData) {
        SendStream stream = sendStreams.get(maxStreamData.streamId());
        if (stream != null) {
          stream.peerMaxStreamData = Math.max(stream.peerMaxStreamData, maxStreamData.maximum());
        }
      } else if (frame instanceof Frame.HandshakeDone) {
        onHandshakeConfirmed(nowMicros);
      } else if (frame instanceof Frame.AckFrequency frequency) {
        space.receivedPackets.onAckFrequency(
            frequency.sequence(),
            frequency.ackElicitingThreshold(),
            frequency.maxAckDelayMicros(),
            AckFrequencyPolicy.REORDERING_THRESHOLD);
      } else if (frame instanceof Frame.ConnectionClose close) {
        onConnectionClose(nowMicros, close);
      }
      // PING, PADDING, NEW_CONNECTION_ID, *_BLOCKED: nothing to do beyond acknowledging.
      if (state == State.CLOSED || state == State.DRAINING) {
        return;
      }
    }
    if (ackSeen) {
      stats.onRttEvent(rtt.latestRttMicros());
    }
  }

  private void onCryptoFrame(long nowMicros, PacketNumberSpace space, Frame.Crypto crypto) {
    space.cryptoReceived.add(crypto.offset(), crypto.offset() + crypto.length());
    if (role == Role.SERVER) {
      if (space.space == PacketSpace.INITIAL) {
        if (space.cryptoReceived.containsAll(0, CLIENT_INITIAL_CRYPTO_BYTES)) {
          if (space(PacketSpace.INITIAL).cryptoToSend.totalBytes == 0) {
            startServerFlight();
          } else {
            // The client repeated its Initial: our flight was lost, send it again now.
            resendUnacknowledgedCrypto(nowMicros);
          }
        }
      } else if (space.space == PacketSpace.HANDSHAKE
          && space.cryptoReceived.containsAll(0, CLIENT_HANDSHAKE_CRYPTO_BYTES)
          && !handshakeConfirmed) {
        handshakeDoneToSend = true;
        onHandshakeConfirmed(nowMicros);
      }
    } else if (!applicationKeys
        && space(PacketSpace.INITIAL).cryptoReceived.containsAll(0, SERVER_INITIAL_CRYPTO_BYTES)
        && space(PacketSpace.HANDSHAKE)
            .cryptoReceived
            .containsAll(0, SERVER_HANDSHAKE_CRYPTO_BYTES)) {
      // The client has the server's Finished: send ours, then 1-RTT data ("almost ready").
      space(PacketSpace.HANDSHAKE).cryptoToSend.totalBytes = CLIENT_HANDSHAKE_CRYPTO_BYTES;
      applicationKeys = true;
      newConnectionIdsToSend = NEW_CONNECTION_IDS;
      mtuProbeRequired = config.mtuDiscovery();
      state = State.READY;
      handler.onReady(this, nowMicros);
    }
  }

  private void startServerFlight() {
    space(PacketSpace.INITIAL).cryptoToSend.totalBytes = SERVER_INITIAL_CRYPTO_BYTES;
    space(PacketSpace.HANDSHAKE).cryptoToSend.totalBytes = SERVER_HANDSHAKE_CRYPTO_BYTES;
    applicationKeys = true; // 0.5-RTT: the server may send 1-RTT packets before confirmation
    newConnectionIdsToSend = NEW_CONNECTION_IDS;
    mtuProbeRequired = config.mtuDiscovery();
  }

  private void onHandshakeConfirmed(long nowMicros) {
    if (handshakeConfirmed) {
      return;
    }
    handshakeConfirmed = true;
    // Initial and Handshake spaces are done: their packets leave the flight (implicitly acked).
    discardSpace(space(PacketSpace.INITIAL));
    discardSpace(space(PacketSpace.HANDSHAKE));
    consecutiveProbeTimeouts = 0;
    if (role == Role.SERVER) {
      state = State.READY;
      handler.onReady(this, nowMicros);
    }
  }

  private void discardSpace(PacketNumberSpace space) {
    if (space.discarded) {
      return;
    }
    space.discarded = true;
    for (SentPacket packet : space.sentPackets) {
      if (space.leaveFlight(packet)) {
        bytesInFlight -= packet.sizeBytes;
        // picoquic_implicit_handshake_ack (sender.c): a packet sent before the initial timer
        // (start + 250 ms) counts as delivered, which moves the delivery- and peak-rate samples of
        // the first 1-RTT ACKs. Its per-packet CC notification is not modelled: it is in the
        // Initial or Handshake space, which C4 ignores.
        if (packet.sentMicros < startMicros + TransportDefaults.INITIAL_RTT_MICROS) {
          sampler.onImplicitlyAcknowledged(unprotectedBytes(packet));
        }
      }
    }
    space.sentPackets.clear();
    space.declaredLost.clear();
    space.cryptoToSend.toResend.clear();
    space.cryptoToSend.nextOffset = space.cryptoToSend.totalBytes;
  }

  private void onStreamFrame(long nowMicros, Frame.Stream frame) {
    if (finishedReceiveStreams.contains(frame.streamId())) {
      return; // a late copy of data already delivered
    }
    ReceiveStream stream = receiveStreamFor(frame.streamId());
    long added =
        stream.onFrame(
            frame,
            (id, offset, length, data, fin) ->
                handler.onStreamData(this, nowMicros, id, offset, length, data, fin));
    connectionBytesReceived += added;
    connectionReceiveWindow.onProgress(connectionBytesReceived);
    FlowControlWindow window = streamReceiveWindows.get(frame.streamId());
    if (window != null) {
      window.onProgress(stream.deliveredOffset());
      if (frame.fin()) {
        window.onFinalSizeKnown();
      }
    }
    if (frame.fin()) {
      space(PacketSpace.APPLICATION).receivedPackets.onStreamFinReceived();
    }
    retireReceiveStreamIfDone(stream);
  }

  private void onResetStream(long nowMicros, Frame.ResetStream reset) {
    if (finishedReceiveStreams.contains(reset.streamId())) {
      return;
    }
    ReceiveStream stream = receiveStreamFor(reset.streamId());
    if (!stream.isReset()) {
      long added = Math.max(0, reset.finalSize() - stream.highestReceivedOffset());
      stream.onReset(reset.finalSize());
      connectionBytesReceived += added;
      connectionReceiveWindow.onProgress(connectionBytesReceived);
      FlowControlWindow window = streamReceiveWindows.get(reset.streamId());
      if (window != null) {
        window.onFinalSizeKnown();
      }
      space(PacketSpace.APPLICATION).receivedPackets.onStreamFinReceived();
      handler.onStreamReset(this, nowMicros, reset.streamId(), reset.errorCode());
      retireReceiveStreamIfDone(stream);
    }
  }

  private void onStopSending(long nowMicros, Frame.StopSending stop) {
    SendStream stream = sendStreams.get(stop.streamId());
    if (stream != null && !stream.isReset()) {
      handler.onStopSending(this, nowMicros, stop.streamId(), stop.errorCode());
    }
  }

  private void onConnectionClose(long nowMicros, Frame.ConnectionClose close) {
    closeErrorSeen = close.errorCode();
    if (state == State.CLOSING) {
      enterClosed(nowMicros, close.errorCode());
      return;
    }
    // Answer at once with our own close, then drain.
    closeErrorCode = 0;
    closeIsApplication = false;
    Datagram answer = buildCloseDatagram(nowMicros);
    pendingCloseAnswer = answer;
    state = State.DRAINING;
    handler.onClosed(this, nowMicros, close.errorCode());
  }

  private void enterClosed(long nowMicros, long errorCode) {
    boolean wasOpen = state != State.DRAINING && state != State.CLOSED;
    state = State.CLOSED;
    if (wasOpen) {
      handler.onClosed(this, nowMicros, errorCode);
    }
  }

  private void recordEcn(PacketNumberSpace space, EcnMark mark) {
    if (mark == EcnMark.ECT_0) {
      space.receivedEcnCounts[0]++;
    } else if (mark == EcnMark.ECT_1) {
      space.receivedEcnCounts[1]++;
    } else if (mark == EcnMark.CE) {
      space.receivedEcnCounts[2]++;
    }
  }

  /** The highest rate at which this end received data, over windows of at least 1 ms. */
  private void onBytesReceived(long nowMicros, int sizeBytes) {
    if (receiveRateWindowStartMicros < 0) {
      receiveRateWindowStartMicros = nowMicros;
    }
    receiveRateWindowBytes += sizeBytes;
    long elapsed = nowMicros - receiveRateWindowStartMicros;
    if (elapsed > TransportDefaults.BANDWIDTH_TIME_INTERVAL_MIN_MICROS) {
      maxReceiveRateBytesPerSecond =
          Math.max(maxReceiveRateBytesPerSecond, receiveRateWindowBytes * 1_000_000 / elapsed);
      receiveRateWindowStartMicros = nowMicros;
      receiveRateWindowBytes = 0;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // ACK processing, RTT, losses

  private void onAckFrame(long nowMicros, PacketNumberSpace space, Frame.Ack ackFrame) {
    AckFrame ack = ackFrame.frame();
    if (ack.largestAcknowledged() >= space.nextPacketNumber) {
      return; // acknowledges a packet never sent: a misbehaving peer; ignore the frame
    }
    sampler.onAckStarted();
    long bytesInFlightBefore = bytesInFlight;
    SentPacket largestNewlyAcked = null;
    // One ascending pass from the oldest packet up to the largest acknowledged (the newer packets
    // still in flight are never visited), then picoquic's order: from the largest down, so the
    // first packet is "P" of the rate sample.
    newlyAcked.clear();
    int range = ack.rangeCount() - 1; // the lowest range
    long top = ack.largestAcknowledged();
    Iterator<SentPacket> ascending = space.sentPackets.iterator();
    while (ascending.hasNext()) {
      SentPacket packet = ascending.next();
      long number = packet.packetNumber;
      if (number > top) {
        break;
      }
      while (range >= 0 && number > ack.rangeLargest(range)) {
        range--;
      }
      if (range >= 0 && number >= ack.rangeSmallest(range)) {
        ascending.remove();
        newlyAcked.add(packet);
      }
    }
    for (int i = newlyAcked.size() - 1; i >= 0; i--) {
      SentPacket packet = newlyAcked.get(i);
      if (largestNewlyAcked == null) {
        largestNewlyAcked = packet;
      }
      onPacketAcknowledged(space, packet);
    }
    newlyAcked.clear();
    for (int i = 0; i < ack.rangeCount(); i++) {
      detectSpuriousLosses(nowMicros, space, ack.rangeSmallest(i), ack.rangeLargest(i));
    }
    if (ackFrame.ecnCounts() != null) {
      onEcnCounts(nowMicros, space, ackFrame.ecnCounts(), ack.largestAcknowledged());
    }
    if (largestNewlyAcked == null) {
      return;
    }
    boolean newLargest = largestNewlyAcked.packetNumber > space.largestAcked;
    if (newLargest) {
      space.largestAcked = largestNewlyAcked.packetNumber;
      space.largestAckedSentMicros = largestNewlyAcked.sentMicros;
      space.largestAckedReceivedMicros = nowMicros;
      consecutiveProbeTimeouts = 0;
      long raw = nowMicros - largestNewlyAcked.sentMicros;
      // picoquic folds every Initial and Handshake sample at once (no packet context there); in
      // the application space a period ends when the largest acknowledged passes the last one
      long periodPacketNumber =
          space.space == PacketSpace.APPLICATION
              ? largestNewlyAcked.packetNumber
              : RttEstimator.NO_PACKET_CONTEXT;
      rtt.onSample(nowMicros, raw, ack.ackDelayMicros(), handshakeConfirmed, periodPacketNumber);
      controller.onRttSample(
          nowMicros,
          rttSample.set(rtt.latestRttMicros(), ack.ackDelayMicros(), -1).packetSpace(space.space));
      applyResumeSeed(nowMicros);
      updateAckFrequency();
    }
    sampler.onAckFinished(nowMicros);
    long lostBytes = detectAckLosses(nowMicros, space);
    ackSample
        .acknowledged(
            sampler.ackedBytes(),
            largestNewlyAcked.packetNumber,
            largestNewlyAcked.sentMicros,
            newLargest ? rtt.latestRttMicros() : -1,
            bytesInFlightBefore)
        .packetSpace(space.space);
    sampler.fillDelivery(ackSample, handshakeConfirmed, lostBytes);
    controller.onAck(nowMicros, ackSample);
    controllerHasSeenAck = true;
    updatePacing();
    if (ackListener != null) {
      ackListener.onAckProcessed(nowMicros, this);
    }
  }

  private void onPacketAcknowledged(PacketNumberSpace space, SentPacket packet) {
    if (space.leaveFlight(packet)) {
      bytesInFlight -= packet.sizeBytes;
      sampler.onPacketAcked(packet.snapshot, packet.sentMicros, unprotectedBytes(packet));
    }
    if (packet.sizeBytes >= mtuBytes && mtuBytes >= config.maxMtuBytes()) {
      fullSizeLossesSinceFullSizeAck = 0;
    }
    boolean carriedData = false;
    for (Frame frame : packet.frames) {
      if (frame instanceof Frame.Stream stream) {
        carriedData = true;
        SendStream sendStream = sendStreams.get(stream.streamId());
        if (sendStream != null) {
          sendStream.onFrameAcknowledged(stream);
          retireSendStreamIfDone(sendStream);
        }
      } else if (frame instanceof Frame.ResetStream reset) {
        SendStream sendStream = sendStreams.get(reset.streamId());
        if (sendStream != null) {
          sendStream.onResetFrameAcknowledged();
          retireSendStreamIfDone(sendStream);
        }
      } else if (frame instanceof Frame.Datagram) {
        carriedData = true;
      } else if (frame instanceof Frame.Crypto crypto) {
        space.cryptoToSend.onAcknowledged(crypto);
      } else if (frame instanceof Frame.Ack ack) {
        space.receivedPackets.onAckFrameAcknowledged(ack.frame());
      }
    }
    if (packet.mtuProbe) {
      mtuBytes = Math.max(mtuBytes, packet.sizeBytes);
      mtuProbeInFlight = false;
      mtuProbeRequired = false;
      fullSizeLossesSinceFullSizeAck = 0;
    }
    if (carriedData) {
      lastAckedDataSentMicros = Math.max(lastAckedDataSentMicros, packet.sentMicros);
    }
  }

  private void onEcnCounts(
      long nowMicros, PacketNumberSpace space, long[] counts, long largestAcknowledged) {
    boolean ceGrew = counts[2] > space.peerCeTotal;
    space.peerEct0Total = Math.max(space.peerEct0Total, counts[0]);
    space.peerEct1Total = Math.max(space.peerEct1Total, counts[1]);
    space.peerCeTotal = Math.max(space.peerCeTotal, counts[2]);
    if (ceGrew) {
      controller.onEcnCongestion(
          nowMicros,
          ecnSample
              .set(space.peerEct0Total, space.peerEct1Total, space.peerCeTotal, largestAcknowledged)
              .packetSpace(space.space));
    }
  }

  /**
   * picoquic's {@code seed_cwin}: once, at the first RTT sample, if the remembered RTT is within 25
   * % of it. The interface passes a rate; the window is rate × RTT, so the rate is rounded up to
   * give the window back exactly.
   */
  private void applyResumeSeed(long nowMicros) {
    long seedRtt = config.resumeSeedRttMicros();
    if (resumeSeedConsidered || config.resumeSeedBytes() <= 0 || seedRtt <= 0) {
      return;
    }
    resumeSeedConsidered = true;
    long sample = rtt.latestRttMicros();
    if (4 * sample >= 3 * seedRtt && 4 * sample <= 5 * seedRtt) {
      long rate = (config.resumeSeedBytes() * 1_000_000 + seedRtt - 1) / seedRtt;
      controller.onResumeSeed(nowMicros, rate, seedRtt);
      updatePacing();
    }
  }

  /** Packets declared lost that an ACK covers after all: spurious losses. */
  private void detectSpuriousLosses(
      long nowMicros, PacketNumberSpace space, long smallest, long largest) {
    if (space.declaredLost.isEmpty()) {
      return;
    }
    var covered = space.declaredLost.subMap(smallest, true, largest, true);
    for (SentPacket packet : covered.values()) {
      stats.spuriousLosses++;
      sampler.onSpuriousLoss(unprotectedBytes(packet));
      controller.onSpuriousLoss(nowMicros, packet.packetNumber);
    }
    covered.clear();
  }

  /**
   * picoquic's ACK-driven loss scan: a packet is lost once 3 newer numbers were acknowledged, or
   * once its time threshold passed. Returns the bytes declared lost.
   */
  private long detectAckLosses(long nowMicros, PacketNumberSpace space) {
    long lostBytes = 0;
    lossTimerMicros = Long.MAX_VALUE;
    // RFC 9002 §7.6: a run of consecutive lost ack-eliciting packets spanning too long a time.
    long runFirstSentMicros = -1;
    long runLastSentMicros = -1;
    long previousLostNumber = -2;
    boolean persistentCongestion = false;
    Iterator<SentPacket> ascending = space.sentPackets.iterator();
    while (ascending.hasNext()) {
      SentPacket packet = ascending.next();
      if (packet.packetNumber >= space.largestAcked) {
        break;
      }
      boolean lostByNumber =
          space.largestAcked - packet.packetNumber >= TransportDefaults.LOSS_PACKET_THRESHOLD;
      long lossTime = timeThresholdMicros(space, packet);
      if (lostByNumber || nowMicros >= lossTime) {
        ascending.remove();
        lostBytes += declareLost(nowMicros, space, packet, LossTrigger.ACK_THRESHOLD);
        if (packet.packetNumber != previousLostNumber + 1) {
          runFirstSentMicros = -1; // acknowledged packets lie in between: a new run starts
        }
        previousLostNumber = packet.packetNumber;
        if (packet.ackEliciting) {
          if (runFirstSentMicros < 0) {
            runFirstSentMicros = packet.sentMicros;
          }
          runLastSentMicros = packet.sentMicros;
          persistentCongestion |=
              runLastSentMicros - runFirstSentMicros > persistentCongestionDurationMicros();
        }
      } else {
        lossTimerMicros = Math.min(lossTimerMicros, lossTime);
        previousLostNumber = -2;
        if (config.recoveryFlavor() == RttFlavor.PICOQUIC) {
          break; // picoquic stops at the first packet that is not lost
        }
      }
    }
    if (persistentCongestion && config.recoveryFlavor() == RttFlavor.RFC9002 && rtt.hasSample()) {
      // picoquic has no such rule: only the RFC transport reports it.
      controller.onPersistentCongestion(nowMicros);
    }
    return lostBytes;
  }

  /** RFC 9002 §7.6.1: three probe timeouts without backoff. */
  private long persistentCongestionDurationMicros() {
    return 3
        * (rtt.smoothedRttMicros()
            + Math.max(4 * rtt.rttVarianceMicros(), 1_000)
            + peerMaxAckDelayMicros());
  }

  /** When a packet below the largest acknowledged counts as lost by time. */
  private long timeThresholdMicros(PacketNumberSpace space, SentPacket packet) {
    if (config.recoveryFlavor() == RttFlavor.RFC9002) {
      long threshold =
          Math.max(9 * Math.max(rtt.smoothedRttMicros(), rtt.latestRttMicros()) / 8, 1_000);
      return packet.sentMicros + threshold;
    }
    long retransmitTimer = rtt.retransmitTimeoutMicros(peerMaxAckDelayMicros());
    long reorderDelay =
        Math.min(rtt.smoothedRttMicros() / 4, 5_000)
            + peerMaxAckDelayMicros()
            - (space.largestAckedSentMicros - packet.sentMicros);
    return Math.min(
        packet.sentMicros + retransmitTimer, space.largestAckedReceivedMicros + reorderDelay);
  }

  /** Time-threshold losses due now, and the probe timeout (picoquic: before building a packet). */
  private void detectTimerLosses(long nowMicros) {
    if (lossTimerMicros <= nowMicros) {
      lossTimerMicros = Long.MAX_VALUE;
      for (PacketNumberSpace space : spaces) {
        if (!space.discarded && space.largestAcked >= 0) {
          long lost = detectAckLosses(nowMicros, space);
          if (lost > 0) {
            updatePacing();
          }
        }
      }
    }
    if (nowMicros >= probeTimeoutDeadlineMicros()) {
      onProbeTimeout(nowMicros);
    }
  }

  private long probeTimeoutDeadlineMicros() {
    boolean anyInFlight = false;
    for (PacketNumberSpace space : spaces) {
      if (!space.discarded && space.hasAckElicitingInFlight()) {
        anyInFlight = true;
        break;
      }
    }
    if (!anyInFlight) {
      return Long.MAX_VALUE;
    }
    long reference =
        config.recoveryFlavor() == RttFlavor.PICOQUIC
            ? lastPacketSentMicros
            : lastAckElicitingSentMicros;
    return reference + currentProbeTimeoutMicros();
  }

  private long currentProbeTimeoutMicros() {
    long base =
        rtt.hasSample()
            ? rtt.retransmitTimeoutMicros(peerMaxAckDelayMicros())
            : TransportDefaults.INITIAL_RETRANSMIT_TIMER_MICROS;
    return backoff.timeoutMicros(
        base,
        consecutiveProbeTimeouts,
        handshakeConfirmed,
        rtt.minRttMicros(),
        rtt.smoothedRttMicros());
  }

  /**
   * picoquic: one PTO per expiry declares the oldest ack-eliciting packet lost by timer, resets the
   * MTU in the ready state and lets the next packet bypass the window. RFC 9002: the probe timeout
   * declares nothing lost; it only sends a probe.
   */
  private void onProbeTimeout(long nowMicros) {
    stats.probeTimeouts++;
    controller.onProbeTimeout(nowMicros);
    consecutiveProbeTimeouts++;
    probeTimeoutPending = true;
    for (PacketNumberSpace space : spaces) {
      if (space.discarded) {
        continue;
      }
      if (space.space != PacketSpace.APPLICATION) {
        // Handshake spaces resend their CRYPTO data.
        for (SentPacket packet : space.sentPackets) {
          for (Frame frame : packet.frames) {
            if (frame instanceof Frame.Crypto crypto) {
              space.cryptoToSend.onLost(crypto);
            }
          }
        }
        continue;
      }
      if (config.recoveryFlavor() == RttFlavor.PICOQUIC && handshakeConfirmed) {
        Iterator<SentPacket> ascending = space.sentPackets.iterator();
        while (ascending.hasNext()) {
          SentPacket packet = ascending.next();
          if (packet.ackEliciting && packet.inFlight) {
            ascending.remove();
            declareLost(nowMicros, space, packet, LossTrigger.TIMER);
            if (handshakeConfirmed && config.mtuDiscovery()) {
              resetMtu();
            }
            break;
          }
        }
      }
    }
    updatePacing();
  }

  private void resetMtu() {
    mtuBytes = config.initialMtuBytes();
    mtuProbeRequired = true;
    mtuProbeInFlight = false;
    probeSizeIndex = 0;
    fullSizeLossesSinceFullSizeAck = 0;
  }

  /** Takes a packet out of the flight, queues its frames for resending and tells the controller. */
  private long declareLost(
      long nowMicros, PacketNumberSpace space, SentPacket packet, LossTrigger trigger) {
    boolean wasInFlight = space.leaveFlight(packet);
    if (wasInFlight) {
      bytesInFlight -= packet.sizeBytes;
    }
    stats.packetsLost++;
    for (Frame frame : packet.frames) {
      requeueLostFrame(space, frame);
    }
    if (packet.mtuProbe) {
      mtuProbeInFlight = false;
      probeSizeIndex++;
      mtuProbeRequired = probeSizeIndex < 2;
    } else if (packet.sizeBytes >= config.maxMtuBytes()
        && ++fullSizeLossesSinceFullSizeAck > FULL_SIZE_LOSSES_BEFORE_MTU_RESET
        && config.mtuDiscovery()) {
      resetMtu();
    }
    space.declaredLost.put(packet.packetNumber, packet);
    pruneDeclaredLost(space);
    if (!wasInFlight) {
      return 0;
    }
    boolean counted =
        DeliveryRateSampler.countsAsLoss(
            packet.sentMicros, startMicros, rtt.smoothedRttMicros(), rtt.rttVarianceMicros());
    controller.onPacketLost(
        nowMicros,
        sampler
            .onPacketLost(
                lossSample,
                packet.packetNumber,
                packet.sentMicros,
                unprotectedBytes(packet),
                trigger,
                packet.snapshot,
                counted)
            .packetSpace(space.space));
    return unprotectedBytes(packet);
  }

  /**
   * A packet's length before protection, without its AEAD tag: picoquic's {@code packet->length},
   * which is what its congestion accounting counts as delivered, acknowledged or lost ({@code
   * frames.c}: {@code delivered += p->length}, {@code data_acked += acked_packet->length}; {@code
   * loss_recovery.c}: {@code total_bytes_lost += old_p->length}). Bytes in flight, pacing and the
   * MTU count the whole datagram ({@code length + checksum_overhead}). So picoquic's delivery rate
   * reads 1,424/1,440 of the wire rate on full packets.
   */
  private static int unprotectedBytes(SentPacket packet) {
    return packet.sizeBytes - AEAD_TAG_BYTES;
  }

  private void requeueLostFrame(PacketNumberSpace space, Frame frame) {
    if (frame instanceof Frame.Stream stream) {
      SendStream sendStream = sendStreams.get(stream.streamId());
      if (sendStream != null) {
        sendStream.onFrameLost(stream);
      }
    } else if (frame instanceof Frame.Crypto crypto) {
      space.cryptoToSend.onLost(crypto);
    } else if (frame instanceof Frame.ResetStream reset) {
      SendStream sendStream = sendStreams.get(reset.streamId());
      if (sendStream != null) {
        sendStream.onResetFrameLost();
      }
    } else if (frame instanceof Frame.StopSending stop) {
      controlFrames.add(stop);
    } else if (frame instanceof Frame.MaxData) {
      controlFrames.add(new Frame.MaxData(connectionReceiveWindow.limitBytes()));
    } else if (frame instanceof Frame.MaxStreamData maxStreamData) {
      FlowControlWindow window = streamReceiveWindows.get(maxStreamData.streamId());
      if (window != null) {
        controlFrames.add(new Frame.MaxStreamData(maxStreamData.streamId(), window.limitBytes()));
      }
    } else if (frame instanceof Frame.HandshakeDone) {
      handshakeDoneToSend = true;
    } else if (frame instanceof Frame.AckFrequency) {
      updateAckFrequency();
    } else if (frame instanceof Frame.NewConnectionId) {
      newConnectionIdsToSend++;
    }
    // ACK, PADDING, PING, DATAGRAM (not retransmitted, as in picoquic), blocked frames: dropped.
  }

  /** Forgets declared-lost packets sent more than 1 s before the newest acknowledged send. */
  private static void pruneDeclaredLost(PacketNumberSpace space) {
    while (!space.declaredLost.isEmpty()
        && space.declaredLost.firstEntry().getValue().sentMicros
                + TransportDefaults.SPURIOUS_RETRANSMIT_DELAY_MAX_MICROS
            < space.largestAckedSentMicros) {
      space.declaredLost.pollFirstEntry();
    }
  }

  private void resendUnacknowledgedCrypto(long nowMicros) {
    for (PacketNumberSpace space : spaces) {
      if (space.discarded || space.space == PacketSpace.APPLICATION) {
        continue;
      }
      for (SentPacket packet : space.sentPackets) {
        for (Frame frame : packet.frames) {
          if (frame instanceof Frame.Crypto crypto) {
            space.cryptoToSend.onLost(crypto);
          }
        }
      }
    }
  }

  private long peerMaxAckDelayMicros() {
    return handshakeConfirmed || applicationKeys
        ? TransportDefaults.MAX_ACK_DELAY_MICROS
        : TransportDefaults.DEFAULT_PEER_MAX_ACK_DELAY_MICROS;
  }

  // ---------------------------------------------------------------------------------------------
  // Congestion control outputs

  /**
   * Hands the controller's rate and quantum to the pacer. picoquic's pacer stays in its initial,
   * effectively unpaced state until the controller first updates it, which every controller does on
   * its first ACK notification; controllers here report a rate from creation, so the transport
   * waits for that first ACK.
   */
  private void updatePacing() {
    long rate = controller.pacingRateBytesPerSecond();
    if (controllerHasSeenAck && rate > 0) {
      pacer.configureRate(rate, controller.pacingQuantumBytes(), mtuBytes, rtt.smoothedRttMicros());
    }
  }

  /**
   * The RTT or the rate estimate moved: an ACK_FREQUENCY update may be due (picoquic's data sender
   * recomputes its request then, and sends it when the gap grew or the delay moved by over 1/8).
   */
  private void updateAckFrequency() {
    if (config.ackFlavor() == AckFlavor.PICOQUIC && handshakeConfirmed) {
      ackFrequencyDue = computeAckFrequency().send();
    }
  }

  private AckFrequencyPolicy.Update computeAckFrequency() {
    return ackFrequency.compute(
        controller.congestionWindowBytes(),
        mtuBytes,
        !controller.inSlowStart(),
        rtt.minRttMicros(),
        rtt.smoothedRttMicros(),
        sampler.deliveryRateBytesPerSecond(),
        maxReceiveRateBytesPerSecond,
        "newreno".equals(controller.id()),
        TransportDefaults.MIN_ACK_DELAY_MICROS);
  }

  private EcnMark outgoingEcn() {
    if (config.ecnOverride() != null) {
      return config.ecnOverride();
    }
    EcnCodepoint codepoint = controller.outgoingEcn();
    return switch (codepoint) {
      case ECT_0 -> EcnMark.ECT_0;
      case ECT_1 -> EcnMark.ECT_1;
      default -> EcnMark.NOT_ECT;
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Sending: handshake

  private boolean hasHandshakeDataToSend(long nowMicros) {
    for (int i = 0; i < 2; i++) {
      PacketNumberSpace space = spaces[i];
      if (!space.discarded
          && (space.cryptoToSend.hasDataToSend() || handshakeAckDue(space, nowMicros))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Initial and Handshake ACKs are immediate, with one exception: the client never acknowledges the
   * server's Initial, because the Handshake packet it sends at the same time (an ACK of the
   * server's first Handshake packet, or its Finished) makes it drop its Initial keys (RFC 9001
   * §4.9.1). So when the server's flight arrives datagram by datagram, the client answers the first
   * one with a Handshake ACK on its own (53 bytes), as picoquic does on a link without jitter
   * (alone_200's client qlog); datagrams that arrive together are answered together.
   */
  private boolean handshakeAckDue(PacketNumberSpace space, long nowMicros) {
    if (role == Role.CLIENT && space.space == PacketSpace.INITIAL) {
      return false;
    }
    return space.receivedPackets.isAckDue(nowMicros);
  }

  /**
   * A datagram of coalesced Initial and Handshake packets, then 1-RTT control frames if room is
   * left. Not paced, as picoquic's handshake senders never consult pacing; a client datagram
   * carrying an Initial is padded to the initial MTU.
   */
  private Datagram buildHandshakeDatagram(long nowMicros) {
    List<QuicPacket> packets = new ArrayList<>(3);
    int room = config.initialMtuBytes();
    boolean carriesInitial = false;
    boolean handshakeCryptoSent = false;
    for (int i = 0; i < 2 && room > 0; i++) {
      PacketNumberSpace space = spaces[i];
      if (space.discarded) {
        continue;
      }
      int overhead = i == 0 ? INITIAL_PACKET_OVERHEAD_BYTES : HANDSHAKE_PACKET_OVERHEAD_BYTES;
      List<Frame> frames = new ArrayList<>(2);
      int size = overhead;
      if (handshakeAckDue(space, nowMicros)) {
        AckFrame ack = space.receivedPackets.buildAck(nowMicros);
        if (ack != null) {
          Frame.Ack frame = new Frame.Ack(ack, space.receivedEcnCounts.clone());
          frames.add(frame);
          size += frame.sizeBytes();
        }
      }
      if (space.cryptoToSend.hasDataToSend() && room - size > 8) {
        Frame.Crypto crypto = space.cryptoToSend.take(room - size);
        if (crypto != null) {
          frames.add(crypto);
          size += crypto.sizeBytes();
          handshakeCryptoSent |= i == 1;
        }
      }
      if (frames.isEmpty()) {
        continue;
      }
      if (i == 0) {
        carriesInitial = true;
        if (role == Role.CLIENT) {
          // The client pads any datagram carrying an Initial to the full initial size.
          int padding = room - size;
          if (padding > 0) {
            frames.add(new Frame.Padding(padding));
            size += padding;
          }
        }
      }
      packets.add(new QuicPacket(space.space, space.nextPacketNumber, frames, size));
      room -= size;
    }
    if (handshakeCryptoSent && role == Role.CLIENT && !space(PacketSpace.INITIAL).discarded) {
      // Sending an ack-eliciting Handshake packet ends the client's Initial context (picoquic's
      // prepare_packet; RFC 9001 §4.9.1); a Handshake ACK alone does not.
      discardSpace(space(PacketSpace.INITIAL));
    }
    if (applicationKeys && room > MINIMUM_SHORT_PACKET_BYTES && !mtuProbeInFlight) {
      QuicPacket shortPacket = buildApplicationPacket(nowMicros, room, false, false);
      if (shortPacket != null) {
        packets.add(shortPacket);
      }
    }
    if (packets.isEmpty()) {
      return null;
    }
    for (QuicPacket packet : packets) {
      if (packet.space() != PacketSpace.APPLICATION) {
        recordSent(nowMicros, space(packet.space()), packet, false);
      }
    }
    return finishDatagram(nowMicros, packets);
  }

  // ---------------------------------------------------------------------------------------------
  // Sending: 1-RTT

  private boolean hasAnythingForApplicationPacket() {
    if (handshakeDoneToSend || newConnectionIdsToSend > 0 || ackFrequencyDue) {
      return true;
    }
    if (mtuProbeRequired && !mtuProbeInFlight) {
      return true;
    }
    if (!pendingDatagrams.isEmpty()) {
      return true;
    }
    for (SendStream stream : sendStreamList) {
      if (stream.resetFrameDue() || stream.hasResendData()) {
        return true;
      }
      if (stream.hasNewData() && (newDataBytesSent < peerMaxData || stream.finOnlyDue())) {
        return true;
      }
    }
    return probeTimeoutPending || flowControlUpdateDue();
  }

  private boolean hasAckOrControlToSend(long nowMicros) {
    return space(PacketSpace.APPLICATION).receivedPackets.isAckDue(nowMicros)
        || !controlFrames.isEmpty()
        || flowControlUpdateDue()
        || anyResetDue();
  }

  private boolean anyResetDue() {
    for (SendStream stream : sendStreamList) {
      if (stream.resetFrameDue()) {
        return true;
      }
    }
    return false;
  }

  private boolean flowControlUpdateDue() {
    if (connectionReceiveWindow.isUpdateDue()) {
      return true;
    }
    for (FlowControlWindow window : streamReceiveWindows.values()) {
      if (window.isUpdateDue()) {
        return true;
      }
    }
    return false;
  }

  private Datagram buildApplicationDatagram(long nowMicros) {
    if (!pacer.canSend(nowMicros)) {
      return null;
    }
    QuicPacket packet = buildApplicationPacket(nowMicros, mtuBytes, true, false);
    if (packet == null) {
      return null;
    }
    return finishDatagram(nowMicros, List.of(packet));
  }

  /**
   * Builds one 1-RTT packet in picoquic's order (§6.1 of the transport note): ACK, flow-control
   * updates, queued control frames, then — if the window allows — a path MTU probe, new connection
   * ids, ACK_FREQUENCY, HANDSHAKE_DONE, datagrams and stream data by priority.
   *
   * @param room the most bytes the packet may take
   * @param mayProbe whether this packet may become a path MTU probe
   * @param controlOnly true when coalesced in a handshake datagram (no data, no probe)
   */
  private QuicPacket buildApplicationPacket(
      long nowMicros, int room, boolean mayProbe, boolean controlOnly) {
    PacketNumberSpace space = space(PacketSpace.APPLICATION);
    // picoquic checks for a hole first, whether or not a packet then leaves (sender.c).
    if (packetNumberHoles.skip(
        space.nextPacketNumber,
        handshakeConfirmed && state == State.READY,
        !space.sentPackets.isEmpty())) {
      space.nextPacketNumber++;
      stats.packetNumbersSkipped++;
    }
    int headerBytes = SHORT_HEADER_BYTES + packetNumberLength(space) + AEAD_TAG_BYTES;
    int capacity = room - headerBytes;
    List<Frame> frames = new ArrayList<>(4);
    int used = 0;
    boolean hasAck = false;
    if (space.receivedPackets.isAckDue(nowMicros)) {
      AckFrame ack = space.receivedPackets.buildAck(nowMicros);
      if (ack != null) {
        Frame.Ack frame = new Frame.Ack(ack, space.receivedEcnCounts.clone());
        frames.add(frame);
        used += frame.sizeBytes();
        hasAck = true;
      }
    }
    used += addFlowControlUpdates(frames, capacity - used);
    used += addControlFrames(frames, capacity - used);
    boolean dataAdded = false;
    boolean probe = false;
    int probeSize = 0;
    if (!controlOnly) {
      boolean windowAllows =
          probeTimeoutPending || bytesInFlight <= controller.congestionWindowBytes();
      if (!windowAllows) {
        congestionWindowBlocked = true;
        controller.onCongestionWindowBlocked(nowMicros);
      } else {
        if (mayProbe && mtuProbeRequired && !mtuProbeInFlight) {
          probeSize = probeSizeIndex == 0 ? config.maxMtuBytes() : FALLBACK_PROBE_BYTES;
          probe = true;
        } else {
          used += addConnectionFrames(frames, capacity - used);
          int before = used;
          used += addApplicationData(nowMicros, frames, capacity - used);
          dataAdded = used > before;
          if (!dataAdded && !hasAnyApplicationData()) {
            sampler.onApplicationLimited(bytesInFlight);
            lastSenderLimitedMicros = nowMicros;
          }
        }
      }
    } else {
      used += addConnectionFrames(frames, capacity - used);
    }
    if (probeTimeoutPending && (frames.isEmpty() || (hasAck && frames.size() == 1))) {
      frames.add(new Frame.Ping());
      used += 1;
    }
    if (probe) {
      frames.add(new Frame.Ping());
      int padding = probeSize - headerBytes - used - 1;
      frames.add(new Frame.Padding(padding));
      used = probeSize - headerBytes;
      mtuProbeInFlight = true;
    }
    if (frames.isEmpty()) {
      return null;
    }
    int size = headerBytes + used;
    if (size < MINIMUM_SHORT_PACKET_BYTES) {
      frames.add(new Frame.Padding(MINIMUM_SHORT_PACKET_BYTES - size));
      size = MINIMUM_SHORT_PACKET_BYTES;
    }
    QuicPacket packet =
        new QuicPacket(PacketSpace.APPLICATION, space.nextPacketNumber, frames, size);
    recordSent(nowMicros, space, packet, probe);
    if (packet.ackEliciting()) {
      probeTimeoutPending = false;
    }
    return packet;
  }

  private boolean hasAnyApplicationData() {
    if (!pendingDatagrams.isEmpty()) {
      return true;
    }
    for (SendStream stream : sendStreamList) {
      if (stream.hasResendData() || stream.hasNewData()) {
        return true;
      }
    }
    return false;
  }

  private int addFlowControlUpdates(List<Frame> frames, int capacity) {
    int used = 0;
    long minRtt = rtt.minRttMicros();
    if (connectionReceiveWindow.isUpdateDue()) {
      long limit = connectionReceiveWindow.nextLimitBytes(minRtt);
      Frame frame = new Frame.MaxData(limit);
      if (frame.sizeBytes() <= capacity - used) {
        connectionReceiveWindow.onLimitSent(limit);
        frames.add(frame);
        used += frame.sizeBytes();
      }
    }
    for (var entry : streamReceiveWindows.entrySet()) {
      FlowControlWindow window = entry.getValue();
      if (window.isUpdateDue()) {
        long limit = window.nextLimitBytes(minRtt);
        Frame frame = new Frame.MaxStreamData(entry.getKey(), limit);
        if (frame.sizeBytes() <= capacity - used) {
          window.onLimitSent(limit);
          frames.add(frame);
          used += frame.sizeBytes();
        }
      }
    }
    return used;
  }

  private int addControlFrames(List<Frame> frames, int capacity) {
    int used = 0;
    for (SendStream stream : sendStreamList) {
      if (stream.resetFrameDue() && used + 25 <= capacity) {
        Frame.ResetStream reset = stream.takeResetFrame();
        frames.add(reset);
        used += reset.sizeBytes();
      }
    }
    while (!controlFrames.isEmpty() && controlFrames.peekFirst().sizeBytes() <= capacity - used) {
      Frame frame = controlFrames.pollFirst();
      frames.add(frame);
      used += frame.sizeBytes();
    }
    return used;
  }

  /** NEW_CONNECTION_ID, ACK_FREQUENCY and HANDSHAKE_DONE: sent under the window, before data. */
  private int addConnectionFrames(List<Frame> frames, int capacity) {
    int used = 0;
    while (newConnectionIdsToSend > 0 && 28 <= capacity - used) {
      frames.add(new Frame.NewConnectionId(NEW_CONNECTION_IDS - newConnectionIdsToSend));
      newConnectionIdsToSend--;
      used += 28;
    }
    if (ackFrequencyDue) {
      AckFrequencyPolicy.Update update = computeAckFrequency();
      if (update.send()) {
        Frame frame =
            new Frame.AckFrequency(update.sequence(), update.gapPackets(), update.delayMicros());
        if (frame.sizeBytes() <= capacity - used) {
          ackFrequency.onFrameSent();
          ackFrequencyDue = false;
          frames.add(frame);
          used += frame.sizeBytes();
        }
      } else {
        ackFrequencyDue = false;
      }
    }
    if (handshakeDoneToSend && used + 1 <= capacity) {
      handshakeDoneToSend = false;
      frames.add(new Frame.HandshakeDone());
      used += 1;
    }
    return used;
  }

  /**
   * Datagrams and stream data by priority (lower value first): at each level, datagrams, then data
   * to resend, then new data; equal even priorities round-robin (least recently served first),
   * equal odd priorities in stream order — picoquic's rule.
   */
  private int addApplicationData(long nowMicros, List<Frame> frames, int capacity) {
    int used = 0;
    while (capacity - used > 4) {
      SendStream best = null;
      boolean bestResend = false;
      for (SendStream stream : sendStreamList) {
        boolean resend = stream.hasResendData();
        boolean fresh =
            stream.hasNewData() && (newDataBytesSent < peerMaxData || stream.finOnlyDue());
        if (!resend && !fresh) {
          continue;
        }
        if (best == null || servesBefore(stream, resend, best, bestResend)) {
          best = stream;
          bestResend = resend;
        }
      }
      boolean datagramFirst =
          !pendingDatagrams.isEmpty() && (best == null || datagramPriority <= best.priority);
      if (datagramFirst) {
        Frame.Datagram datagram = pendingDatagrams.peekFirst();
        if (datagram.sizeBytes() <= capacity - used) {
          pendingDatagrams.pollFirst();
          frames.add(datagram);
          used += datagram.sizeBytes();
          continue;
        }
        if (frames.isEmpty() || datagram.sizeBytes() > mtuBytes - 30) {
          pendingDatagrams.pollFirst(); // does not fit an empty packet: deleted, as in picoquic
          continue;
        }
        if (best == null) {
          break; // the datagram waits for the next packet
        }
      }
      if (best == null) {
        break;
      }
      int room = capacity - used;
      Frame.Stream frame = takeStreamData(best, bestResend, room);
      if (frame == null) {
        break;
      }
      frames.add(frame);
      used += frame.sizeBytes();
      best.lastSentMicros = nowMicros;
      if (!bestResend) {
        handler.onStreamBytesSent(this, nowMicros, best.id, best.nextNewOffset());
      }
    }
    return used;
  }

  private boolean servesBefore(
      SendStream candidate, boolean candidateResend, SendStream best, boolean bestResend) {
    if (candidate.priority != best.priority) {
      return candidate.priority < best.priority;
    }
    if (candidateResend != bestResend) {
      return candidateResend;
    }
    if ((candidate.priority & 1) == 0 && candidate.lastSentMicros != best.lastSentMicros) {
      return candidate.lastSentMicros < best.lastSentMicros;
    }
    return candidate.id < best.id;
  }

  /** Cuts a STREAM frame that fits {@code room}, without a length field when it fills it. */
  private Frame.Stream takeStreamData(SendStream stream, boolean resend, int room) {
    long offset = resend ? -1 : stream.nextNewOffset();
    int header = Frame.Stream.headerSize(stream.id, Math.max(offset, 0), 0, false);
    int maxPayload = room - header - (offset >= 16_384 ? 4 : 2);
    if (maxPayload <= 0) {
      return null;
    }
    if (resend) {
      Frame.Stream frame = stream.takeResend(maxPayload, false);
      return frame == null ? null : fitLength(frame, room);
    }
    long connectionAllowance = Math.max(0, peerMaxData - newDataBytesSent);
    int length = (int) Math.min(maxPayload, connectionAllowance);
    Frame.Stream frame = stream.takeNew(length, false);
    if (frame == null) {
      return null;
    }
    newDataBytesSent += frame.length();
    return fitLength(frame, room);
  }

  /** Drops the length field when the frame runs to the end of the packet. */
  private static Frame.Stream fitLength(Frame.Stream frame, int room) {
    int withoutLength =
        Frame.Stream.headerSize(frame.streamId(), frame.offset(), frame.length(), false)
            + frame.length();
    if (room - withoutLength <= 1) {
      return new Frame.Stream(
          frame.streamId(), frame.offset(), frame.length(), frame.fin(), false, frame.data());
    }
    return new Frame.Stream(
        frame.streamId(), frame.offset(), frame.length(), frame.fin(), true, frame.data());
  }

  /**
   * picoquic's packet-number length: 1, 2, then 3 bytes while within 2^18 of the oldest unacked.
   */
  private static int packetNumberLength(PacketNumberSpace space) {
    long next = space.nextPacketNumber;
    if (next < 16) {
      return 1;
    }
    if (next < 1024) {
      return 2;
    }
    long oldest = space.sentPackets.isEmpty() ? next : space.sentPackets.peekFirst().packetNumber;
    return next - oldest < 262_144 ? 3 : 4;
  }

  private Datagram buildClose(long nowMicros) {
    Datagram datagram = buildCloseDatagram(nowMicros);
    closeFrameDue = false;
    if (state != State.CLOSING) {
      state = State.CLOSING;
      closingDeadlineMicros = nowMicros + 3 * currentProbeTimeoutMicros();
    }
    return datagram;
  }

  /** ACK + CONNECTION_CLOSE, neither paced nor window-limited. */
  private Datagram buildCloseDatagram(long nowMicros) {
    PacketNumberSpace space = space(PacketSpace.APPLICATION);
    List<Frame> frames = new ArrayList<>(2);
    int size = SHORT_HEADER_BYTES + packetNumberLength(space) + AEAD_TAG_BYTES;
    if (closeIsApplication) {
      AckFrame ack = space.receivedPackets.buildAck(nowMicros);
      if (ack != null) {
        Frame.Ack frame = new Frame.Ack(ack, space.receivedEcnCounts.clone());
        frames.add(frame);
        size += frame.sizeBytes();
      }
    }
    Frame.ConnectionClose close = new Frame.ConnectionClose(closeErrorCode, closeIsApplication);
    frames.add(close);
    size += close.sizeBytes();
    QuicPacket packet =
        new QuicPacket(PacketSpace.APPLICATION, space.nextPacketNumber++, frames, size);
    return finishDatagram(nowMicros, List.of(packet));
  }

  private void recordSent(
      long nowMicros, PacketNumberSpace space, QuicPacket packet, boolean probe) {
    long before = bytesInFlight;
    boolean ackEliciting = packet.ackEliciting();
    if (ackEliciting
        && space.space == PacketSpace.APPLICATION
        && before == 0
        && lastPacketSentMicros > 0
        && nowMicros - lastPacketSentMicros > Math.max(currentProbeTimeoutMicros(), 1_000_000)) {
      controller.onIdleRestart(nowMicros);
      updatePacing();
    }
    SentPacket sent =
        new SentPacket(
            space.space,
            packet.packetNumber(),
            nowMicros,
            packet.sizeBytes(),
            ackEliciting,
            probe,
            packet.frames());
    sampler.onPacketSent(
        sent.snapshot, before, controller.congestionWindowBytes(), handshakeConfirmed);
    space.sentPackets.addLast(sent);
    if (space.space == PacketSpace.APPLICATION) {
      packetNumberHoles.onPacketSent();
    }
    if (ackEliciting) {
      space.ackElicitingInFlight++;
    }
    space.nextPacketNumber++;
    bytesInFlight += packet.sizeBytes();
    if (ackEliciting) {
      lastAckElicitingSentMicros = nowMicros;
    }
    controller.onPacketSent(
        nowMicros,
        packet.packetNumber(),
        packet.sizeBytes(),
        before,
        sampler.applicationLimitedIndexBytes() != 0);
  }

  private Datagram finishDatagram(long nowMicros, List<QuicPacket> packets) {
    int size = 0;
    for (QuicPacket packet : packets) {
      size += packet.sizeBytes();
    }
    lastPacketSentMicros = nowMicros;
    pacer.onPacketSent(nowMicros, size, mtuBytes);
    stats.onDatagramSent(nowMicros, size);
    stats.onRttEvent(rtt.latestRttMicros());
    return new Datagram(localNode, remoteNode, flowId, size, outgoingEcn(), packets);
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private PacketNumberSpace space(PacketSpace space) {
    return spaces[space.ordinal()];
  }

  private SendStream sendStream(long streamId) {
    SendStream stream = sendStreams.get(streamId);
    if (stream == null) {
      boolean remote = (streamId & 1) != role.streamInitiatorBit();
      if (!remote || (streamId & 2) != 0) {
        throw new IllegalArgumentException("no stream " + streamId + " to write on");
      }
      // The peer opened this bidirectional stream: we answer on it.
      stream =
          new SendStream(streamId, DEFAULT_STREAM_PRIORITY, config.initialMaxStreamDataBidiLocal());
      addSendStream(stream);
    }
    return stream;
  }

  private void addSendStream(SendStream stream) {
    sendStreams.put(stream.id, stream);
    int index = sendStreamList.size();
    while (index > 0 && sendStreamList.get(index - 1).id > stream.id) {
      index--;
    }
    sendStreamList.add(index, stream);
  }

  /** A stream whose data (or reset) the peer acknowledged has nothing left to do here. */
  private void retireSendStreamIfDone(SendStream stream) {
    if (stream.isFullyAcknowledged() || stream.isResetAcknowledged()) {
      sendStreams.remove(stream.id);
      sendStreamList.remove(stream);
    }
  }

  private void retireReceiveStreamIfDone(ReceiveStream stream) {
    if (stream.isFinished()) {
      receiveStreams.remove(stream.id);
      streamReceiveWindows.remove(stream.id);
      finishedReceiveStreams.add(stream.id);
    }
  }

  private ReceiveStream receiveStreamFor(long streamId) {
    ReceiveStream stream = receiveStreams.get(streamId);
    if (stream == null) {
      stream = new ReceiveStream(streamId);
      receiveStreams.put(streamId, stream);
      boolean local = (streamId & 1) == role.streamInitiatorBit();
      long limit =
          (streamId & 2) != 0
              ? config.initialMaxStreamDataUni()
              : local
                  ? config.initialMaxStreamDataBidiLocal()
                  : config.initialMaxStreamDataBidiRemote();
      streamReceiveWindows.put(streamId, FlowControlWindow.stream(limit));
    }
    return stream;
  }

  /** The transport's path state, as controllers read it. */
  private final class PathState implements PathView {
    @Override
    public int maxDatagramSizeBytes() {
      return mtuBytes;
    }

    @Override
    public long bytesInFlight() {
      return bytesInFlight;
    }

    @Override
    public long smoothedRttMicros() {
      return rtt.smoothedRttMicros();
    }

    @Override
    public long rttVarianceMicros() {
      return rtt.rttVarianceMicros();
    }

    @Override
    public long minRttMicros() {
      return rtt.minRttMicros();
    }

    @Override
    public long latestRttMicros() {
      return rtt.latestRttMicros();
    }

    @Override
    public long deliveryRateBytesPerSecond() {
      return sampler.deliveryRateBytesPerSecond();
    }

    @Override
    public long peakDeliveryRateBytesPerSecond() {
      return sampler.peakDeliveryRateBytesPerSecond();
    }

    @Override
    public long deliveredBytes() {
      return sampler.deliveredBytes();
    }

    @Override
    public long nextPacketNumber() {
      return space(PacketSpace.APPLICATION).nextPacketNumber;
    }

    @Override
    public long lowestOutstandingPacketNumber() {
      PacketNumberSpace application = space(PacketSpace.APPLICATION);
      return application.sentPackets.isEmpty()
          ? application.largestAcked + 1
          : application.sentPackets.peekFirst().packetNumber;
    }

    @Override
    public long largestAckedPacketNumber() {
      return space(PacketSpace.APPLICATION).largestAcked;
    }

    @Override
    public boolean isReady() {
      return handshakeConfirmed;
    }

    @Override
    public long lastSenderLimitedMicros() {
      return lastSenderLimitedMicros;
    }

    @Override
    public long lastAckedDataSentMicros() {
      return lastAckedDataSentMicros;
    }

    @Override
    public boolean congestionWindowBlocked() {
      return congestionWindowBlocked;
    }

    @Override
    public long peerEct0Total() {
      return space(PacketSpace.APPLICATION).peerEct0Total;
    }

    @Override
    public long peerEct1Total() {
      return space(PacketSpace.APPLICATION).peerEct1Total;
    }

    @Override
    public long peerCeTotal() {
      return space(PacketSpace.APPLICATION).peerCeTotal;
    }

    @Override
    public void overrideMinRttMicros(long minRttMicros) {
      rtt.overrideMinRttMicros(minRttMicros);
    }
  }
}
