package dev.moqbed.session;

import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ControlStreamDecoder;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectPayloads;
import dev.moqbed.media.moqt.ServerSetup;
import dev.moqbed.media.moqt.SetupParameter;
import dev.moqbed.media.moqt.SharedDatagram;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.VersionNegotiation;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.ByteArrayPool;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A MoQT session over one {@link TransportConnection}: the setup exchange, the control stream, the
 * subgroup streams and the object datagrams, encoded and decoded with the version's codec.
 *
 * <p>The client opens the control stream and sends CLIENT_SETUP at once; the server answers the
 * first bidirectional stream's CLIENT_SETUP with SERVER_SETUP. {@link MoqtSessionListener#onReady}
 * follows on both sides. Anything the peer gets wrong on the wire (malformed bytes, a second
 * control stream, a message before setup, no common version) closes the connection with the
 * matching {@link SessionError} and one {@link SessionClose} to the listener; no exception escapes
 * to the transport.
 *
 * <p>Memory a peer can fill: every incomplete object of its subgroup streams is counted ({@link
 * #bufferedBytes()}) and reported to the session's {@link ReceiveBudget}, which may close the
 * session; a decoder is let go as soon as its stream is stopped or ends. Subgroup streams that
 * arrive before the setup is done are {@link ReceiveStream#pause() paused} until it is, so a peer
 * that never completes its setup is held by QUIC flow control, not buffered. A control message is
 * at most 65,535 bytes and is not counted.
 *
 * <p>Session rules above the codec that are not enforced: request-id parity and the peer's
 * MAX_REQUEST_ID (the roles stay far below the maximum both sides advertise).
 */
public final class MoqtSession {
  /** The MAX_REQUEST_ID both sides advertise in their setup message. */
  public static final long ADVERTISED_MAX_REQUEST_ID = 1L << 20;

  /** Whether this end opened the connection. */
  public enum Side {
    CLIENT,
    SERVER
  }

  private final Side side;
  private final TransportConnection connection;
  private final MoqtListenerHolder listener;
  private final MoqtVersion version;
  private final MoqtCodec codec;
  private final WireWriter scratch;
  private final HeldBytes held;
  private final ObjectPayloads payloads;
  // Arrays the subgroup decoders buffer cut frames in, reused from stream to stream.
  private final ByteArrayPool streamBuffers = ByteArrayPool.forOneConnection();
  private final List<ReceiveStream> pausedUntilReady = new ArrayList<>();
  private SendStream controlOut;
  private ControlStreamDecoder controlDecoder;
  private boolean ready;
  private KeyValuePairs peerSetupParameters = KeyValuePairs.NONE;
  private boolean closed;
  private SessionClose localClose;
  private long nextRequestId;

  private MoqtSession(
      Side side,
      TransportConnection connection,
      MoqtSessionListener listener,
      MoqtVersion version,
      MoqtLimits limits,
      ReceiveBudget budget,
      ObjectPayloads payloads) {
    this.side = side;
    this.held = new HeldBytes(Objects.requireNonNull(budget, "budget"));
    this.payloads = Objects.requireNonNull(payloads, "payloads");
    this.connection = connection;
    this.listener = new MoqtListenerHolder(listener);
    this.version = version;
    this.codec = MoqtCodecs.create(version, limits);
    this.scratch = codec.newWriter();
    this.nextRequestId = side == Side.CLIENT ? 0 : 1;
    connection.setListener(new Events());
  }

  /** Starts the client end: opens the control stream, sends CLIENT_SETUP offering the version. */
  public static MoqtSession client(
      TransportConnection connection, MoqtSessionListener listener, MoqtVersion version) {
    return client(connection, listener, version, ObjectPayloads.KEEP);
  }

  /**
   * The client end whose decoders keep or skip object payloads as {@code payloads} says ({@link
   * ObjectPayloads#SIZE_ONLY}: a receiver that only times objects).
   */
  public static MoqtSession client(
      TransportConnection connection,
      MoqtSessionListener listener,
      MoqtVersion version,
      ObjectPayloads payloads) {
    MoqtLimits limits = MoqtLimits.DEFAULT;
    ReceiveBudget budget = ReceiveBudget.UNLIMITED;
    return new MoqtSession(Side.CLIENT, connection, listener, version, limits, budget, payloads)
        .startClient(KeyValuePairs.NONE);
  }

  /**
   * The client end with {@code setupParameters} in its CLIENT_SETUP after MAX_REQUEST_ID (an
   * AUTHORIZATION TOKEN for the whole session, say), the decoders' {@code limits} and a {@code
   * budget} told of every change of {@link #bufferedBytes()}, as a relay's session to its upstream
   * has them.
   */
  public static MoqtSession client(
      TransportConnection connection,
      MoqtSessionListener listener,
      MoqtVersion version,
      KeyValuePairs setupParameters,
      MoqtLimits limits,
      ReceiveBudget budget) {
    return new MoqtSession(
            Side.CLIENT, connection, listener, version, limits, budget, ObjectPayloads.KEEP)
        .startClient(setupParameters);
  }

  private MoqtSession startClient(KeyValuePairs setupParameters) {
    attachControlStream(connection.openBidirectionalStream());
    List<KeyValuePair> parameters = new ArrayList<>();
    parameters.add(KeyValuePair.ofVarint(SetupParameter.MAX_REQUEST_ID, ADVERTISED_MAX_REQUEST_ID));
    parameters.addAll(setupParameters.pairs());
    sendNow(new ClientSetup(List.of(version.setupVersionNumber()), new KeyValuePairs(parameters)));
    return this;
  }

  /** Starts the server end: waits for the client's control stream and CLIENT_SETUP. */
  public static MoqtSession server(
      TransportConnection connection, MoqtSessionListener listener, MoqtVersion version) {
    return server(connection, listener, version, MoqtLimits.DEFAULT, ReceiveBudget.UNLIMITED);
  }

  /**
   * The server end with the decoders' {@code limits} (an object longer than {@code
   * maxObjectPayloadBytes} is refused when its length field arrives, before it is buffered) and a
   * {@code budget} told of every change of {@link #bufferedBytes()}.
   */
  public static MoqtSession server(
      TransportConnection connection,
      MoqtSessionListener listener,
      MoqtVersion version,
      MoqtLimits limits,
      ReceiveBudget budget) {
    return new MoqtSession(
        Side.SERVER, connection, listener, version, limits, budget, ObjectPayloads.KEEP);
  }

  /**
   * The parameters of the peer's CLIENT_SETUP or SERVER_SETUP ({@link KeyValuePairs#NONE} before it
   * arrived): where a client may carry an AUTHORIZATION TOKEN for the whole session.
   */
  public KeyValuePairs peerSetupParameters() {
    return peerSetupParameters;
  }

  /** Bytes of incomplete objects held for the peer's subgroup streams (0 once closed). */
  public long bufferedBytes() {
    return held.total();
  }

  public Side side() {
    return side;
  }

  public MoqtVersion version() {
    return version;
  }

  /** True between setup and close. */
  public boolean isReady() {
    return ready && !closed;
  }

  public boolean isClosed() {
    return closed;
  }

  /** The next request id of this end (client: even, server: odd, +2 each). */
  public long nextRequestId() {
    long id = nextRequestId;
    nextRequestId += 2;
    return id;
  }

  /** Sends a control message; ignored after close. */
  public void send(ControlMessage message) {
    Objects.requireNonNull(message, "message");
    if (!closed) {
      sendNow(message);
    }
  }

  /**
   * True when a subgroup stream can be opened now: the session is open and the peer's stream limit
   * allows one more. When false because of the limit, {@link MoqtSessionListener#onSubgroupCredit}
   * says when to ask again.
   */
  public boolean canOpenSubgroup() {
    return !closed && connection.canOpenUnidirectionalStream();
  }

  /**
   * Opens a subgroup stream with {@code urgency} (0 = most urgent) and writes its header. Returns
   * null after close and while the peer's stream limit allows no more ({@link #canOpenSubgroup()}):
   * no stream id is used then.
   */
  public SubgroupWriter openSubgroup(SubgroupHeader header, int urgency) {
    if (!canOpenSubgroup()) {
      return null;
    }
    SendStream stream = connection.openUnidirectionalStream(urgency);
    return new SubgroupWriter(stream, codec.newSubgroupStreamEncoder(header), scratch);
  }

  /**
   * Sends one object datagram. Returns false when it does not fit the path's datagram size or the
   * session is closed.
   */
  public boolean sendDatagram(ObjectDatagram datagram) {
    return sendDatagram(datagram, datagram.trackAlias());
  }

  /**
   * Sends {@code datagram} under {@code trackAlias}, the alias this session's peer knows its track
   * by (a relay forwarding one datagram to many subscribers), without a copy of the record.
   */
  public boolean sendDatagram(ObjectDatagram datagram, long trackAlias) {
    if (closed) {
      return false;
    }
    scratch.clear();
    codec.encodeDatagram(datagram, trackAlias, scratch);
    return connection.handOverDatagram(scratch.toByteArray());
  }

  /** {@link #sendDatagram(ObjectDatagram, long)} with the bytes after the alias shared. */
  public boolean sendDatagram(SharedDatagram shared, long trackAlias) {
    byte[] rest = closed ? null : shared.afterAlias(codec, scratch);
    int length = rest == null ? 0 : shared.prefixLength(trackAlias);
    return length == 0
        ? sendDatagram(shared.datagram(), trackAlias)
        : connection.handOverDatagram(shared.prefix(trackAlias), length, rest);
  }

  public PathStats pathStats() {
    return closed ? PathStats.UNKNOWN : connection.pathStats();
  }

  /** Who the peer is, for logs. */
  public String peer() {
    return connection.peerDescription();
  }

  /** Closes the session with {@code error} (NO_ERROR for a normal end). */
  public void close(SessionError error, String reason) {
    closeWith(error.code(), reason, false);
  }

  private void closeWith(long code, String reason, boolean protocolViolation) {
    if (closed) {
      return;
    }
    closed = true;
    giveBackBuffered();
    localClose = new SessionClose(code, reason, false, protocolViolation);
    connection.close(code, reason);
    // Transports report the local close through onClosed; make sure the side hears it once even
    // if this one does not.
    listener.closed(this, localClose);
  }

  private void onProtocolError(MoqtProtocolException error) {
    closeWith(error.sessionError().code(), error.getMessage(), true);
  }

  private void sendNow(ControlMessage message) {
    scratch.clear();
    codec.encodeControl(message, scratch);
    controlOut.write(scratch.view());
  }

  private void attachControlStream(BidirectionalStream stream) {
    controlOut = stream.send();
    controlDecoder = codec.newControlStreamDecoder();
    stream.receive().setListener(new ControlStreamEvents());
  }

  private void onControlBytes(ByteBuffer bytes) {
    if (closed) {
      return;
    }
    try {
      controlDecoder.feed(bytes);
      ControlMessage message;
      while (!closed && (message = controlDecoder.next()) != null) {
        onControlMessage(message);
      }
    } catch (MoqtProtocolException error) {
      onProtocolError(error);
    }
  }

  private void onControlMessage(ControlMessage message) {
    if (!ready) {
      if (side == Side.SERVER && message instanceof ClientSetup clientSetup) {
        MoqtVersion selected = VersionNegotiation.select(clientSetup, List.of(version));
        peerSetupParameters = clientSetup.parameters();
        sendNow(
            new ServerSetup(
                selected.setupVersionNumber(),
                KeyValuePairs.of(
                    KeyValuePair.ofVarint(
                        SetupParameter.MAX_REQUEST_ID, ADVERTISED_MAX_REQUEST_ID))));
        onSetupDone();
        return;
      }
      if (side == Side.CLIENT && message instanceof ServerSetup serverSetup) {
        VersionNegotiation.confirm(serverSetup, List.of(version));
        peerSetupParameters = serverSetup.parameters();
        onSetupDone();
        return;
      }
      throw MoqtProtocolException.violation(
          MoqtProtocolException.Problem.FORBIDDEN_VALUE,
          "expected "
              + (side == Side.SERVER ? "CLIENT_SETUP" : "SERVER_SETUP")
              + ", got "
              + message.getClass().getSimpleName());
    }
    if (message instanceof ClientSetup || message instanceof ServerSetup) {
      throw MoqtProtocolException.violation(
          MoqtProtocolException.Problem.FORBIDDEN_VALUE,
          "a second setup message: " + message.getClass().getSimpleName());
    }
    listener.control(this, message);
  }

  private void onSubgroupBytes(SubgroupReader reader, ByteBuffer bytes) {
    if (closed || reader.isStopped() || reader.isEnded()) {
      return;
    }
    try {
      SubgroupStreamDecoder decoder = reader.decoder();
      decoder.feed(bytes);
      deliverObjects(reader, decoder);
      account(reader);
    } catch (MoqtProtocolException error) {
      onProtocolError(error);
    }
  }

  /** Brings the session's total up to date with what {@code reader}'s decoder holds now. */
  private void account(SubgroupReader reader) {
    if (!closed) {
      held.update(this, reader);
    }
  }

  /** A subgroup stream was stopped or ended: its decoder and what it held go. */
  private void release(SubgroupReader reader) {
    reader.release();
    account(reader);
  }

  private void giveBackBuffered() {
    held.giveBack(this);
    pausedUntilReady.clear();
  }

  private void onSetupDone() {
    ready = true;
    listener.ready(this);
    resumePausedStreams();
  }

  private void resumePausedStreams() {
    List<ReceiveStream> paused = new ArrayList<>(pausedUntilReady);
    pausedUntilReady.clear();
    for (ReceiveStream stream : paused) {
      if (closed) {
        return;
      }
      stream.resume();
    }
  }

  private void deliverObjects(SubgroupReader reader, SubgroupStreamDecoder decoder) {
    SubgroupObject object;
    while (!closed
        && !reader.isStopped()
        && !reader.isPaused()
        && (object = decoder.nextObject()) != null) {
      if (reader.header() == null) {
        reader.onHeader(decoder.header());
        listener.subgroupStarted(this, reader);
        if (closed || reader.isStopped()) {
          return;
        }
        if (reader.isPaused()) {
          reader.keepWaiting(object);
          return;
        }
      }
      deliver(reader, object);
    }
  }

  private void deliver(SubgroupReader reader, SubgroupObject object) {
    reader.onObjectDelivered();
    listener.object(this, reader, object);
  }

  /**
   * The listener resumed a stream it had paused: the object kept at the pause, then what the
   * decoder holds, then the transport delivers again (bytes, and the end, that waited there).
   */
  private void resumeSubgroup(SubgroupReader reader) {
    if (closed || reader.isStopped() || reader.isEnded()) {
      return;
    }
    SubgroupObject waiting = reader.takeWaiting();
    if (waiting != null) {
      deliver(reader, waiting);
    }
    try {
      SubgroupStreamDecoder decoder = reader.decoder();
      if (decoder != null) {
        deliverObjects(reader, decoder);
        account(reader);
      }
    } catch (MoqtProtocolException error) {
      onProtocolError(error);
      return;
    }
    if (!closed && !reader.isStopped() && !reader.isPaused()) {
      reader.resumeStream();
    }
  }

  private final class ControlStreamEvents implements ReceiveStreamListener {
    @Override
    public void onData(ByteBuffer bytes) {
      onControlBytes(bytes);
    }

    @Override
    public void onFinished() {
      if (!closed) {
        onProtocolError(
            MoqtProtocolException.violation(
                MoqtProtocolException.Problem.INCOMPLETE_AT_END_OF_STREAM,
                "the peer closed the control stream"));
      }
    }

    @Override
    public void onReset(long errorCode) {
      onFinished();
    }
  }

  private final class SubgroupStreamEvents implements ReceiveStreamListener {
    private final SubgroupReader reader;

    SubgroupStreamEvents(SubgroupReader reader) {
      this.reader = reader;
    }

    @Override
    public void onData(ByteBuffer bytes) {
      onSubgroupBytes(reader, bytes);
    }

    @Override
    public void onFinished() {
      if (closed || reader.isStopped() || reader.isEnded()) {
        return;
      }
      try {
        reader.decoder().onEndOfStream();
      } catch (MoqtProtocolException error) {
        onProtocolError(error);
        return;
      }
      reader.onEnded();
      if (reader.header() != null) {
        listener.subgroupEnded(MoqtSession.this, reader, false, 0);
      }
    }

    @Override
    public void onReset(long errorCode) {
      if (closed || reader.isStopped() || reader.isEnded()) {
        return;
      }
      reader.onEnded();
      if (reader.header() != null) {
        listener.subgroupEnded(MoqtSession.this, reader, true, errorCode);
      }
    }
  }

  private final class Events implements TransportListener {
    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {
      if (closed) {
        return;
      }
      if (side == Side.CLIENT || controlOut != null) {
        onProtocolError(
            MoqtProtocolException.violation(
                MoqtProtocolException.Problem.FORBIDDEN_VALUE,
                "unexpected bidirectional stream " + stream.receive().id()));
        return;
      }
      attachControlStream(stream);
    }

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {
      if (closed) {
        return;
      }
      SubgroupReader reader =
          new SubgroupReader(
              stream,
              codec.newSubgroupStreamDecoder(payloads, streamBuffers),
              MoqtSession.this::release,
              MoqtSession.this::resumeSubgroup);
      if (!ready) {
        // Before the setup nothing may be read from it: paused, so the peer's flow-control
        // credit, not this end's memory, is what its bytes use up.
        stream.pause();
        pausedUntilReady.add(stream);
      }
      stream.setListener(new SubgroupStreamEvents(reader));
    }

    @Override
    public void onUnidirectionalStreamCredit() {
      if (!closed) {
        listener.subgroupCredit(MoqtSession.this);
      }
    }

    @Override
    public void onDatagram(ByteBuffer payload) {
      if (closed) {
        return;
      }
      ObjectDatagram datagram;
      try {
        datagram = codec.decodeDatagram(payload, payloads);
      } catch (MoqtProtocolException error) {
        onProtocolError(error);
        return;
      }
      listener.datagram(MoqtSession.this, datagram);
    }

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
      if (closed) {
        return;
      }
      closed = true;
      giveBackBuffered();
      listener.closed(
          MoqtSession.this, new SessionClose(applicationErrorCode, reason, byPeer, false));
    }
  }
}
