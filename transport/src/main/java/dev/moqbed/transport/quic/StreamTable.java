package dev.moqbed.transport.quic;

import dev.moqbed.runtime.LongKeyMap;
import dev.moqbed.transport.recovery.FlowControlWindow;
import dev.moqbed.transport.wire.TransportErrorCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * The connection's streams in both directions and the flow control around them: each stream's send
 * and receive state, the ids of the next streams to open, the peer's limits on what we send and our
 * windows on what it sends. Receive-side events reach the application from here.
 *
 * <p>Stream counts (RFC 9000 §4.6): the peer's limits on the streams we open follow its transport
 * parameters and MAX_STREAMS frames; our limits on the streams it opens are the {@link
 * StreamCredit}s, raised as its streams close. State is kept for open streams only: a finished
 * stream is remembered as an index in a {@link RangeSet} per kind, whose ranges the credit bounds.
 */
final class StreamTable {
  private final QuicConnection connection;
  private final Role role;
  private final long initialMaxStreamDataBidiLocal;
  private final long initialMaxStreamDataBidiRemote;
  private final long initialMaxStreamDataUni;

  /**
   * The peer's limits on the streams we send on: its transport parameters, which the stack takes to
   * mirror ours (our bidi_local for both kinds of bidirectional stream, as picoquic's peers have
   * it), and a real handshake replaces ({@link #applyPeerParameters}).
   */
  private long sendLimitOwnBidirectional;

  private long sendLimitPeerBidirectional;
  private long sendLimitUnidirectional;
  private long peerMaxBidirectionalStreams = Long.MAX_VALUE;
  private long peerMaxUnidirectionalStreams = Long.MAX_VALUE;
  private long bidirectionalOpened;
  private long unidirectionalOpened;

  /** The application space's ACK tracker: a FIN or a reset received makes its ACK immediate. */
  private final PacketNumberSpace application;

  /**
   * Streams with something left to send or to be acknowledged, by id and as a list in id order
   * (scanned on every packet, so finished streams leave it).
   */
  private final LongKeyMap<StreamSendState> sendStreams = new LongKeyMap<>(0);

  private final ArrayList<StreamSendState> sendStreamList = new ArrayList<>();

  /** Lost stream data of any stream, in the order it goes out again. */
  final StreamRepeats repeats;

  private final HashMap<Long, StreamReceiveState> receiveStreams = new HashMap<>();
  private final StreamReceiveWindows streamReceiveWindows = new StreamReceiveWindows();

  /**
   * Receive sides delivered to the end or reset, as stream indices (id / 4) per kind (id % 4): late
   * frames for them are ignored. Ranges, not ids: they merge as streams finish in order.
   */
  private final RangeSet[] finishedReceive = {
    new RangeSet(), new RangeSet(), new RangeSet(), new RangeSet()
  };

  /** The peer's bidirectional streams whose send side (ours) is done, as indices. */
  private final RangeSet peerBidirectionalSendDone = new RangeSet();

  private final StreamCredit peerBidirectionalCredit;
  private final StreamCredit peerUnidirectionalCredit;

  private final StreamsBlockedReports blocked = new StreamsBlockedReports();
  private final DueResets dueResets = new DueResets();
  private final ReceiveLimits receiveLimits = new ReceiveLimits();

  private final PausedReceiveStreams pausedStreams = new PausedReceiveStreams();
  private final ReassemblyBudget reassemblyBudget;
  private final StreamDelivery delivery;

  private long nextBidirectionalStreamId;
  private long nextUnidirectionalStreamId;

  /** The peer's connection-level limit on our new data (MAX_DATA), and what we sent of it. */
  private long peerMaxData;

  private long newDataBytesSent;
  private final FlowControlWindow connectionReceiveWindow;
  private long connectionBytesReceived;

  StreamTable(QuicConnection connection, ConnectionConfig config, PacketNumberSpace application) {
    this.connection = connection;
    this.delivery = new StreamDelivery(connection);
    this.role = config.role();
    this.application = application;
    this.repeats = new StreamRepeats(this, config.streamRepeatOrder());
    this.initialMaxStreamDataBidiLocal = config.initialMaxStreamDataBidiLocal();
    this.initialMaxStreamDataBidiRemote = config.initialMaxStreamDataBidiRemote();
    this.initialMaxStreamDataUni = config.initialMaxStreamDataUni();
    this.sendLimitOwnBidirectional = initialMaxStreamDataBidiLocal;
    this.sendLimitPeerBidirectional = initialMaxStreamDataBidiLocal;
    this.sendLimitUnidirectional = initialMaxStreamDataUni;
    nextBidirectionalStreamId = role.streamInitiatorBit();
    nextUnidirectionalStreamId = 2 + role.streamInitiatorBit();
    // The peer's limits on what we send: its transport parameters, which mirror ours here.
    peerMaxData = config.initialMaxData();
    connectionReceiveWindow =
        new FlowControlWindow(FlowControlWindow.Scope.CONNECTION, config.initialMaxData());
    reassemblyBudget = ReassemblyBudget.forWindow(config.initialMaxData());
    peerBidirectionalCredit = new StreamCredit(true, config.maxStreamsBidi());
    peerUnidirectionalCredit = new StreamCredit(false, config.maxStreamsUni());
  }

  /**
   * The peer's transport parameters (RFC 9000 §18.2), from a real handshake: its limits on our data
   * and streams. Streams opened before they were known take them too.
   */
  void applyPeerParameters(dev.moqbed.transport.wire.TransportParameters peer) {
    peerMaxData = peer.initialMaxData();
    sendLimitOwnBidirectional = peer.initialMaxStreamDataBidiRemote();
    sendLimitPeerBidirectional = peer.initialMaxStreamDataBidiLocal();
    sendLimitUnidirectional = peer.initialMaxStreamDataUni();
    peerMaxBidirectionalStreams = peer.initialMaxStreamsBidi();
    peerMaxUnidirectionalStreams = peer.initialMaxStreamsUni();
    for (StreamSendState stream : sendStreamList) {
      stream.peerMaxStreamData = sendLimitFor(stream.id);
    }
    // A real handshake declared our stream counts (the config's): they bind from now on.
    peerBidirectionalCredit.enforce();
    peerUnidirectionalCredit.enforce();
    receiveLimits.enforce();
  }

  private long sendLimitFor(long streamId) {
    if ((streamId & 2) != 0) {
      return sendLimitUnidirectional;
    }
    return (streamId & 1) == role.streamInitiatorBit()
        ? sendLimitOwnBidirectional
        : sendLimitPeerBidirectional;
  }

  long openBidirectional(int priority) {
    if (bidirectionalOpened >= peerMaxBidirectionalStreams) {
      blocked.onBlocked(true, peerMaxBidirectionalStreams);
      throw new IllegalStateException(
          "the peer allows " + peerMaxBidirectionalStreams + " bidirectional streams");
    }
    bidirectionalOpened++;
    long id = nextBidirectionalStreamId;
    nextBidirectionalStreamId += 4;
    addSendStream(new StreamSendState(id, priority, sendLimitOwnBidirectional));
    receiveStreamFor(id);
    return id;
  }

  /** Whether one more may open; when not, a STREAMS_BLOCKED tells the peer (once per limit). */
  boolean canOpenUnidirectional() {
    if (unidirectionalOpened < peerMaxUnidirectionalStreams) {
      return true;
    }
    blocked.onBlocked(false, peerMaxUnidirectionalStreams);
    return false;
  }

  long openUnidirectional(int priority) {
    if (unidirectionalOpened >= peerMaxUnidirectionalStreams) {
      blocked.onBlocked(false, peerMaxUnidirectionalStreams);
      throw new IllegalStateException(
          "the peer allows " + peerMaxUnidirectionalStreams + " unidirectional streams");
    }
    unidirectionalOpened++;
    long id = nextUnidirectionalStreamId;
    nextUnidirectionalStreamId += 4;
    addSendStream(new StreamSendState(id, priority, sendLimitUnidirectional));
    return id;
  }

  /** The send side of a stream the application writes on, created when the peer opened it. */
  StreamSendState sendStreamForWriting(long streamId) {
    StreamSendState stream = sendStreams.get(streamId);
    if (stream == null) {
      boolean remote = (streamId & 1) != role.streamInitiatorBit();
      if (!remote || (streamId & 2) != 0 || !peerOpened(streamId)) {
        throw new IllegalArgumentException("no stream " + streamId + " to write on");
      }
      if (peerBidirectionalSendDone.contains(streamId >>> 2)) {
        throw new IllegalStateException("stream " + streamId + " is done sending");
      }
      // The peer opened this bidirectional stream: we answer on it.
      stream =
          new StreamSendState(
              streamId, QuicConnection.DEFAULT_STREAM_PRIORITY, sendLimitPeerBidirectional);
      addSendStream(stream);
    }
    return stream;
  }

  /** Resets the send side; returns whether a RESET_STREAM is now due. */
  boolean reset(long streamId, long errorCode) {
    StreamSendState stream = sendStreams.get(streamId);
    if (stream != null && !stream.isReset()) {
      boolean wasDue = stream.resetFrameDue();
      stream.reset(errorCode);
      dueResets.onChange(wasDue, stream.resetFrameDue());
      return true;
    }
    return false;
  }

  /** Marks the receive side as stopped; returns whether a STOP_SENDING frame should go. */
  boolean requestStopSending(long streamId) {
    if (isReceiveFinished(streamId)) {
      return false;
    }
    StreamReceiveState stream = receiveStreamFor(streamId);
    if (!stream.isStopSendingRequested() && !stream.isFinished()) {
      stream.requestStopSending();
      return true;
    }
    return false;
  }

  /** Send streams with something left to send or to be acknowledged, in id order. */
  List<StreamSendState> sendStreams() {
    return sendStreamList;
  }

  // ---- Frames from the peer ----

  void onStreamFrame(long nowMicros, Frame.Stream frame) {
    StreamReceiveState stream = receiveStreamForFrame(frame.streamId());
    if (stream == null) {
      return; // a late copy of data already delivered, or the connection is closing
    }
    if (!withinReceiveLimits(stream, frame.offset() + frame.length())) {
      return;
    }
    long outerMicros = delivery.swapTime(nowMicros);
    long added = stream.onFrame(frame, delivery);
    delivery.swapTime(outerMicros);
    if (reassemblyBudget.isExceeded()) {
      connection.close(
          TransportErrorCode.PROTOCOL_VIOLATION.code(),
          false,
          "stream data in more than " + reassemblyBudget.maximumPieces() + " separate pieces");
      return;
    }
    connectionBytesReceived += added;
    connectionReceiveWindow.onProgress(
        connectionBytesReceived - pausedStreams.heldBytes(receiveStreams));
    FlowControlWindow window = streamReceiveWindows.get(frame.streamId());
    if (window != null) {
      window.onProgress(stream.deliveredOffset());
      if (frame.fin()) {
        window.onFinalSizeKnown();
      }
    }
    if (frame.fin()) {
      application.receivedPackets.onStreamFinReceived();
    }
    retireReceiveStreamIfDone(stream);
  }

  /** False, and the connection closing with FLOW_CONTROL_ERROR, for data past our limits. */
  private boolean withinReceiveLimits(StreamReceiveState stream, long endOffset) {
    if (receiveLimits.allows(
        endOffset,
        stream.highestReceivedOffset(),
        streamReceiveWindows.get(stream.id),
        connectionBytesReceived,
        connectionReceiveWindow)) {
      return true;
    }
    connection.close(TransportErrorCode.FLOW_CONTROL_ERROR.code(), false);
    return false;
  }

  /**
   * Holds or resumes delivery on a receive stream. The bytes a paused stream keeps count as not
   * received for the connection's window (picoquic counts what arrived, which the application of a
   * paused stream has not taken), so neither MAX_STREAM_DATA nor MAX_DATA grows for them. With
   * nothing paused, as in every simulation, both windows grow exactly as before.
   */
  void setReceivePaused(long nowMicros, long streamId, boolean paused) {
    StreamReceiveState stream = receiveStreams.get(streamId);
    if (stream == null || stream.isPaused() == paused) {
      return;
    }
    if (paused) {
      stream.pause();
      pausedStreams.add(streamId);
      return;
    }
    pausedStreams.remove(streamId);
    long outerMicros = delivery.swapTime(nowMicros);
    stream.resume(delivery);
    delivery.swapTime(outerMicros);
    connectionReceiveWindow.onProgress(
        connectionBytesReceived - pausedStreams.heldBytes(receiveStreams));
    FlowControlWindow window = streamReceiveWindows.get(streamId);
    if (window != null) {
      window.onProgress(stream.deliveredOffset());
    }
    retireReceiveStreamIfDone(stream);
  }

  void onResetStream(long nowMicros, Frame.ResetStream reset) {
    StreamReceiveState stream = receiveStreamForFrame(reset.streamId());
    if (stream != null && !stream.isReset() && withinReceiveLimits(stream, reset.finalSize())) {
      long added = Math.max(0, reset.finalSize() - stream.highestReceivedOffset());
      stream.onReset(reset.finalSize());
      connectionBytesReceived += added;
      connectionReceiveWindow.onProgress(connectionBytesReceived);
      FlowControlWindow window = streamReceiveWindows.get(reset.streamId());
      if (window != null) {
        window.onFinalSizeKnown();
      }
      application.receivedPackets.onStreamFinReceived();
      connection
          .handler()
          .onStreamReset(connection, nowMicros, reset.streamId(), reset.errorCode());
      retireReceiveStreamIfDone(stream);
    }
  }

  void onStopSending(long nowMicros, Frame.StopSending stop) {
    StreamSendState stream = sendStreams.get(stop.streamId());
    if (stream != null && !stream.isReset()) {
      connection.handler().onStopSending(connection, nowMicros, stop.streamId(), stop.errorCode());
    }
  }

  void onMaxData(Frame.MaxData maxData) {
    peerMaxData = Math.max(peerMaxData, maxData.maximum());
  }

  /** The peer raised its limit on the streams we open; the application hears of new credit. */
  void onMaxStreams(long nowMicros, Frame.MaxStreams maxStreams) {
    if (maxStreams.bidirectional()) {
      if (maxStreams.maximum() > peerMaxBidirectionalStreams) {
        boolean wasBlocked = bidirectionalOpened >= peerMaxBidirectionalStreams;
        peerMaxBidirectionalStreams = maxStreams.maximum();
        if (wasBlocked) {
          connection.handler().onStreamCredit(connection, nowMicros, true);
        }
      }
    } else if (maxStreams.maximum() > peerMaxUnidirectionalStreams) {
      boolean wasBlocked = unidirectionalOpened >= peerMaxUnidirectionalStreams;
      peerMaxUnidirectionalStreams = maxStreams.maximum();
      if (wasBlocked) {
        connection.handler().onStreamCredit(connection, nowMicros, false);
      }
    }
  }

  void onMaxStreamData(Frame.MaxStreamData maxStreamData) {
    StreamSendState stream = sendStreams.get(maxStreamData.streamId());
    if (stream != null) {
      stream.peerMaxStreamData = Math.max(stream.peerMaxStreamData, maxStreamData.maximum());
    }
  }

  // ---- What happened to the frames we sent ----

  void onStreamFrameAcknowledged(Frame.Stream frame) {
    StreamSendState stream = sendStreams.get(frame.streamId());
    if (stream != null) {
      stream.onFrameAcknowledged(frame);
      retireSendStreamIfDone(stream);
    }
  }

  void onResetFrameAcknowledged(Frame.ResetStream reset) {
    StreamSendState stream = sendStreams.get(reset.streamId());
    if (stream != null) {
      stream.onResetFrameAcknowledged();
      retireSendStreamIfDone(stream);
    }
  }

  /** The send side of stream {@code streamId}, null once it is done or if it never was. */
  StreamSendState sendStream(long streamId) {
    return sendStreams.get(streamId);
  }

  void onMaxStreamsLost(Frame.MaxStreams lost) {
    (lost.bidirectional() ? peerBidirectionalCredit : peerUnidirectionalCredit).onUpdateLost(lost);
  }

  void onResetFrameLost(Frame.ResetStream reset) {
    StreamSendState stream = sendStreams.get(reset.streamId());
    if (stream != null) {
      boolean wasDue = stream.resetFrameDue();
      stream.onResetFrameLost();
      dueResets.onChange(wasDue, stream.resetFrameDue());
    }
  }

  /** The connection window's current limit, for a MAX_DATA frame to resend. */
  long connectionReceiveLimitBytes() {
    return connectionReceiveWindow.limitBytes();
  }

  /** A stream window's current limit for a lost MAX_STREAM_DATA, -1 once the stream is done. */
  long streamReceiveLimitBytes(long streamId) {
    FlowControlWindow window = streamReceiveWindows.get(streamId);
    return window == null ? -1 : window.limitBytes();
  }

  // ---- What the next packet may carry ----

  /** New data of {@code stream} may go: under the connection limit, or a FIN alone. */
  boolean mayTakeNewData(StreamSendState stream) {
    return stream.hasNewData() && (newDataBytesSent < peerMaxData || stream.finOnlyDue());
  }

  /** A RESET_STREAM, data to resend, or new data the limits allow. */
  boolean hasFrameToSend() {
    if (!repeats.isEmpty()) {
      return true;
    }
    for (int i = 0; i < sendStreamList.size(); i++) { // indexed: asked on every wake-up
      StreamSendState stream = sendStreamList.get(i);
      if (stream.resetFrameDue()) {
        return true;
      }
      if (mayTakeNewData(stream)) {
        return true;
      }
    }
    return false;
  }

  /** Data to resend or new data, whatever the limits: false means the application is idle. */
  boolean hasData() {
    if (!repeats.isEmpty()) {
      return true;
    }
    for (int i = 0; i < sendStreamList.size(); i++) { // indexed: asked on every wake-up
      StreamSendState stream = sendStreamList.get(i);
      if (stream.hasNewData()) {
        return true;
      }
    }
    return false;
  }

  boolean anyResetDue() {
    return dueResets.any();
  }

  boolean flowControlUpdateDue() {
    if (connectionReceiveWindow.isUpdateDue()
        || peerBidirectionalCredit.isUpdateDue()
        || peerUnidirectionalCredit.isUpdateDue()
        || blocked.anyDue()) {
      return true;
    }
    return streamReceiveWindows.anyUpdateDue();
  }

  /** How many new bytes the peer's MAX_DATA still allows. */
  long connectionAllowanceBytes() {
    return Math.max(0, peerMaxData - newDataBytesSent);
  }

  void onNewDataSent(int length) {
    newDataBytesSent += length;
  }

  /**
   * MAX_DATA, MAX_STREAMS, STREAMS_BLOCKED and MAX_STREAM_DATA frames that are due and fit; returns
   * the bytes added.
   */
  int addFlowControlUpdates(List<Frame> frames, int capacity, long minRttMicros) {
    int used = addStreamCountFrames(frames, capacity);
    if (connectionReceiveWindow.isUpdateDue()) {
      long limit = connectionReceiveWindow.nextLimitBytes(minRttMicros);
      Frame frame = new Frame.MaxData(limit);
      if (frame.sizeBytes() <= capacity - used) {
        connectionReceiveWindow.onLimitSent(limit);
        frames.add(frame);
        used += frame.sizeBytes();
      }
    }
    return used + streamReceiveWindows.addUpdates(frames, capacity - used, minRttMicros);
  }

  /** RESET_STREAM frames that are due and fit; returns the bytes added. */
  int addResetFrames(List<Frame> frames, int capacity) {
    return dueResets.addFrames(sendStreamList, frames, capacity);
  }

  private int addStreamCountFrames(List<Frame> frames, int capacity) {
    int used = peerBidirectionalCredit.addUpdate(frames, capacity);
    used += peerUnidirectionalCredit.addUpdate(frames, capacity - used);
    return used + blocked.addFrames(frames, capacity - used);
  }

  // ---------------------------------------------------------------------------------------------

  private void addSendStream(StreamSendState stream) {
    sendStreams.put(stream.id, stream);
    int index = sendStreamList.size();
    while (index > 0 && sendStreamList.get(index - 1).id > stream.id) {
      index--;
    }
    sendStreamList.add(index, stream);
  }

  /** A stream whose data (or reset) the peer acknowledged has nothing left to do here. */
  private void retireSendStreamIfDone(StreamSendState stream) {
    if (stream.isFullyAcknowledged() || stream.isResetAcknowledged()) {
      dueResets.onChange(stream.resetFrameDue(), false);
      sendStreams.remove(stream.id);
      sendStreamList.remove(stream);
      connection.handler().onSendStreamRetired(connection, stream.id);
      if (isRemote(stream.id)) { // the peer's bidirectional stream: its credit may come back
        long index = stream.id >>> 2;
        peerBidirectionalSendDone.add(index, index + 1);
        if (isReceiveFinished(stream.id)) {
          peerBidirectionalCredit.onStreamClosed();
        }
      }
    }
  }

  private void retireReceiveStreamIfDone(StreamReceiveState stream) {
    if (stream.isFinished()) {
      receiveStreams.remove(stream.id);
      pausedStreams.remove(stream.id);
      streamReceiveWindows.remove(stream.id);
      long index = stream.id >>> 2;
      finishedReceive[(int) (stream.id & 3)].add(index, index + 1);
      if (isRemote(stream.id)) {
        if ((stream.id & 2) != 0) {
          peerUnidirectionalCredit.onStreamClosed();
        } else if (peerBidirectionalSendDone.contains(index)) {
          peerBidirectionalCredit.onStreamClosed();
        }
      }
    }
  }

  private boolean isRemote(long streamId) {
    return (streamId & 1) != role.streamInitiatorBit();
  }

  private boolean isReceiveFinished(long streamId) {
    return finishedReceive[(int) (streamId & 3)].contains(streamId >>> 2);
  }

  /** Whether the peer opened this stream of its own (it has state, or is finished). */
  private boolean peerOpened(long streamId) {
    return receiveStreams.containsKey(streamId) || isReceiveFinished(streamId);
  }

  /**
   * The receive side a STREAM or RESET_STREAM frame is for, or null when the frame is dropped: the
   * side is finished, or the frame breaks the rules and the connection closes (RFC 9000 §19.4,
   * §19.8: a stream we send only, or one of ours not opened, is a STREAM_STATE_ERROR; a stream
   * beyond the count we gave, a STREAM_LIMIT_ERROR, §4.6).
   */
  private StreamReceiveState receiveStreamForFrame(long streamId) {
    StreamReceiveState stream = receiveStreams.get(streamId);
    if (stream != null || isReceiveFinished(streamId)) {
      return stream;
    }
    boolean unidirectional = (streamId & 2) != 0;
    if (!isRemote(streamId)) {
      if (unidirectional || streamId >= nextBidirectionalStreamId) {
        connection.close(TransportErrorCode.STREAM_STATE_ERROR.code(), false);
      }
      return null;
    }
    StreamCredit credit = unidirectional ? peerUnidirectionalCredit : peerBidirectionalCredit;
    if (!credit.allows(streamId >>> 2)) {
      connection.close(TransportErrorCode.STREAM_LIMIT_ERROR.code(), false);
      return null;
    }
    return receiveStreamFor(streamId);
  }

  private StreamReceiveState receiveStreamFor(long streamId) {
    StreamReceiveState stream = receiveStreams.get(streamId);
    if (stream == null) {
      stream = new StreamReceiveState(streamId, reassemblyBudget);
      receiveStreams.put(streamId, stream);
      boolean local = (streamId & 1) == role.streamInitiatorBit();
      long limit =
          (streamId & 2) != 0
              ? initialMaxStreamDataUni
              : local ? initialMaxStreamDataBidiLocal : initialMaxStreamDataBidiRemote;
      streamReceiveWindows.put(streamId, FlowControlWindow.stream(limit));
    }
    return stream;
  }
}
