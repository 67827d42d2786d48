package dev.moqbed.transport.codec;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.wire.FrameHandler;
import dev.moqbed.transport.wire.FrameType;
import dev.moqbed.transport.wire.FrameWriter;
import dev.moqbed.transport.wire.QuicWireException;
import dev.moqbed.transport.wire.TransportErrorCode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns the frames {@link dev.moqbed.transport.wire.FrameDecoder} reports back into the stack's
 * {@link Frame}s. Frames the stack never sends (NEW_TOKEN, RETIRE_CONNECTION_ID, IMMEDIATE_ACK) and
 * field values it cannot hold (a close reason, an offending frame type, a NEW_CONNECTION_ID that
 * retires ids) are refused with PROTOCOL_VIOLATION: a model endpoint could not act on them.
 *
 * <p>The stack's STREAM frame remembers whether it had a Length field, which the handler does not
 * report: it is read from the frame's type byte. To find that byte the collector follows the frames
 * through the payload, each taking its minimal encoding's size (what {@link FrameEncoder} writes);
 * a payload of other encodings is refused, as the stack's sizes could not describe it.
 */
final class ModelFrameCollector implements FrameHandler {
  private int peerAckDelayExponent;
  private final FrameEncoder sizes;
  private List<Frame> frames;
  private ByteBuffer buffer;
  private int frameStart;

  /**
   * Frames from another stack (quiche), on the real-QUIC path only: encodings other than the
   * minimal ones the stack writes (quiche's 2-byte STREAM and CRYPTO lengths), close reasons,
   * NEW_CONNECTION_ID of any length, and NEW_TOKEN and RETIRE_CONNECTION_ID, which the stack does
   * not act on: they are acknowledged as a PING is.
   */
  private boolean foreign;

  private static final Frame.Ping PING = new Frame.Ping();

  /** This packet's PADDING frame ({@link #onPadding}), -1 before one; its bytes so far. */
  private int paddingIndex;

  private int paddingBytes;
  private boolean pingSeen;

  /** PADDING lengths below this share one frame per length ({@link #padding}). */
  private static final int PADDINGS_SHARED = PacketCodec.MAX_DATAGRAM_BYTES + 1;

  private Frame.Padding[] paddings;

  /** Reused STREAM frames ({@link #reuseStreamFrames}); null when every frame is new. */
  private List<Frame.Stream> streamPool;

  private int streamsUsed;

  /** Reused ACK frames, as {@link #streamPool}. */
  private List<ReusedAck> ackPool;

  private int acksUsed;
  private boolean reuse;

  /**
   * @param peerAckDelayExponent the sender's ack_delay_exponent, which the stack's ACKs keep
   * @param sizes the encoder whose sizes the payload's frames must have
   */
  ModelFrameCollector(int peerAckDelayExponent, FrameEncoder sizes) {
    this.peerAckDelayExponent = peerAckDelayExponent;
    this.sizes = sizes;
  }

  /** The peer's ack_delay_exponent, once its transport parameters are known. */
  void setPeerAckDelayExponent(int exponent) {
    this.peerAckDelayExponent = exponent;
  }

  void acceptForeignFrames() {
    foreign = true;
  }

  /**
   * STREAM and ACK frames decoded from now on are refilled objects, per datagram (see {@link
   * #start}).
   */
  void reuseStreamFrames() {
    streamPool = new ArrayList<>(2);
    ackPool = new ArrayList<>(2);
  }

  /** A datagram starts: the reused STREAM frames of the previous one are free again. */
  void startDatagram() {
    streamsUsed = 0;
    acksUsed = 0;
  }

  /**
   * Collects the frames of the payload starting at {@code payloadStart} into {@code frames}; into
   * reused STREAM frames when {@code reuse} (and {@link #reuseStreamFrames}), which stay the
   * packet's until the next {@link #startDatagram}.
   */
  void start(ByteBuffer buffer, int payloadStart, List<Frame> frames, boolean reuse) {
    this.reuse = reuse && streamPool != null;
    this.buffer = buffer;
    this.frameStart = payloadStart;
    this.frames = frames;
    this.paddingIndex = -1;
    this.paddingBytes = 0;
    this.pingSeen = false;
  }

  /** Checks that the frames covered the payload exactly. */
  void finish(int payloadEnd) throws QuicWireException {
    if (paddingIndex >= 0 && ((Frame.Padding) frames.get(paddingIndex)).length() != paddingBytes) {
      frames.set(paddingIndex, padding(paddingBytes));
    }
    if (!foreign && frameStart != payloadEnd) {
      throw refuse("frames end at " + frameStart + ", the payload at " + payloadEnd);
    }
  }

  private void add(Frame frame) {
    frames.add(frame);
    frameStart += sizes.encodedSize(frame);
  }

  /**
   * The PADDING runs of one packet become one frame, of their total length, where the first was;
   * and one PING per packet is kept (more change nothing: the packet is ack-eliciting either way).
   * A packet of PING and PADDING frames in turn (1,150 of each fit a datagram) made as many
   * objects, and a peer can send such packets at line rate. Nothing reads where in a packet padding
   * was.
   */
  @Override
  public void onPadding(int length) {
    if (paddingIndex < 0) {
      paddingIndex = frames.size();
      add(padding(length));
    } else {
      frameStart += length;
    }
    paddingBytes += length;
  }

  @Override
  public void onPing() {
    if (pingSeen) {
      frameStart += 1;
    } else {
      pingSeen = true;
      add(PING);
    }
  }

  @Override
  public void onAck(dev.moqbed.transport.wire.AckFrameContent ack) {
    if (reuse) {
      if (acksUsed == ackPool.size()) {
        ackPool.add(new ReusedAck());
      }
      add(ackPool.get(acksUsed++).refill(ack, peerAckDelayExponent));
      return;
    }
    long[] ranges = new long[2 * ack.rangeCount()];
    for (int i = 0; i < ack.rangeCount(); i++) {
      ranges[2 * i] = ack.rangeSmallest(i);
      ranges[2 * i + 1] = ack.rangeLargest(i);
    }
    AckFrame model =
        AckFrame.of(ack.ackDelay() << peerAckDelayExponent, peerAckDelayExponent, ranges);
    long[] ecn = ack.hasEcn() ? new long[] {ack.ect0(), ack.ect1(), ack.ecnCe()} : null;
    add(new Frame.Ack(model, ecn));
  }

  @Override
  public void onResetStream(long streamId, long applicationErrorCode, long finalSize) {
    add(new Frame.ResetStream(streamId, applicationErrorCode, finalSize));
  }

  @Override
  public void onStopSending(long streamId, long applicationErrorCode) {
    add(new Frame.StopSending(streamId, applicationErrorCode));
  }

  @Override
  public void onCrypto(long streamOffset, ByteBuffer buffer, int dataOffset, int length) {
    // Copied: the receive buffer is reused. The modelled handshake reads only the counts.
    add(new Frame.Crypto(streamOffset, length, ByteSlice.of(copy(buffer, dataOffset, length))));
  }

  @Override
  public void onStream(
      long streamId, long streamOffset, ByteBuffer buffer, int dataOffset, int length, boolean fin)
      throws QuicWireException {
    int type = buffer.get(frameStart) & 0xff;
    boolean withLength = (type & FrameType.STREAM_LEN_BIT) != 0;
    int header = FrameWriter.streamHeaderSize(streamId, streamOffset, length, withLength);
    if (foreign) {
      withLength = true; // the frame's start is not tracked: its size is the stack's own
    } else if ((type & ~0x07) != FrameType.STREAM || frameStart + header != dataOffset) {
      throw refuse("STREAM frame at " + frameStart + " is not minimally encoded");
    }
    if (buffer.hasArray()) {
      // Borrowed, not copied: whatever keeps the bytes past this datagram copies them then.
      byte[] array = buffer.array();
      int at = buffer.arrayOffset() + dataOffset;
      Frame.Stream frame;
      if (reuse && streamsUsed < streamPool.size()) {
        frame = streamPool.get(streamsUsed++);
        frame.refillReceived(streamId, streamOffset, length, fin, withLength, array, at);
      } else {
        frame = Frame.Stream.received(streamId, streamOffset, length, fin, withLength, array, at);
        if (reuse) {
          streamPool.add(frame);
          streamsUsed++;
        }
      }
      add(frame);
    } else {
      byte[] data = copy(buffer, dataOffset, length);
      add(new Frame.Stream(streamId, streamOffset, length, fin, withLength, ByteSlice.of(data)));
    }
  }

  @Override
  public void onMaxData(long maximumData) {
    add(new Frame.MaxData(maximumData));
  }

  @Override
  public void onMaxStreamData(long streamId, long maximumStreamData) {
    add(new Frame.MaxStreamData(streamId, maximumStreamData));
  }

  @Override
  public void onDataBlocked(long maximumData) {
    add(new Frame.DataBlocked(maximumData));
  }

  @Override
  public void onStreamDataBlocked(long streamId, long maximumStreamData) {
    add(new Frame.StreamDataBlocked(streamId, maximumStreamData));
  }

  @Override
  public void onNewConnectionId(
      long sequenceNumber,
      long retirePriorTo,
      ByteBuffer buffer,
      int cidOffset,
      int cidLength,
      int resetTokenOffset)
      throws QuicWireException {
    if (!foreign && (retirePriorTo != 0 || cidLength != FrameEncoder.NEW_CONNECTION_ID_LENGTH)) {
      throw refuse("NEW_CONNECTION_ID the stack cannot hold");
    }
    add(new Frame.NewConnectionId(sequenceNumber, retirePriorTo));
  }

  @Override
  public void onTransportClose(
      long errorCode, long frameType, ByteBuffer buffer, int reasonOffset, int reasonLength)
      throws QuicWireException {
    if (!foreign && frameType != 0) {
      throw refuse("CONNECTION_CLOSE with a frame type");
    }
    add(new Frame.ConnectionClose(errorCode, false, reason(buffer, reasonOffset, reasonLength)));
  }

  @Override
  public void onApplicationClose(
      long errorCode, ByteBuffer buffer, int reasonOffset, int reasonLength)
      throws QuicWireException {
    add(new Frame.ConnectionClose(errorCode, true, reason(buffer, reasonOffset, reasonLength)));
  }

  /** The reason phrase's bytes, copied out of the packet (the close keeps them). */
  private static byte[] reason(ByteBuffer buffer, int offset, int length) {
    byte[] reason = new byte[length];
    buffer.get(offset, reason);
    return reason;
  }

  @Override
  public void onHandshakeDone() {
    add(new Frame.HandshakeDone());
  }

  @Override
  public void onDatagram(ByteBuffer buffer, int dataOffset, int length) {
    if (buffer.hasArray()) {
      // Borrowed as STREAM bytes are: the application reads a datagram during the call (MoQT
      // decodes the object and copies its payload), and a packet held for its keys copies it.
      ByteSlice view = new ByteSlice(buffer.array(), buffer.arrayOffset() + dataOffset, length);
      add(new Frame.Datagram(new DatagramPayload.Bytes(view)));
      return;
    }
    add(new Frame.Datagram(DatagramPayload.of(copy(buffer, dataOffset, length))));
  }

  @Override
  public void onAckFrequency(
      long sequenceNumber,
      long ackElicitingThreshold,
      long requestMaxAckDelayMicros,
      long reorderingThreshold)
      throws QuicWireException {
    if (reorderingThreshold != FrameEncoder.ACK_FREQUENCY_REORDERING_THRESHOLD) {
      throw refuse("ACK_FREQUENCY with reordering threshold " + reorderingThreshold);
    }
    add(new Frame.AckFrequency(sequenceNumber, ackElicitingThreshold, requestMaxAckDelayMicros));
  }

  @Override
  public void onNewToken(ByteBuffer buffer, int tokenOffset, int length) throws QuicWireException {
    ignoredOrRefused("NEW_TOKEN");
  }

  @Override
  public void onMaxStreams(boolean bidirectional, long maximumStreams) {
    add(new Frame.MaxStreams(bidirectional, maximumStreams));
  }

  @Override
  public void onStreamsBlocked(boolean bidirectional, long maximumStreams) {
    add(new Frame.StreamsBlocked(bidirectional, maximumStreams));
  }

  @Override
  public void onRetireConnectionId(long sequenceNumber) throws QuicWireException {
    ignoredOrRefused("RETIRE_CONNECTION_ID");
  }

  @Override
  public void onPathChallenge(long data) {
    add(new Frame.PathChallenge(data)); // answered with a PATH_RESPONSE (§8.2.2)
  }

  @Override
  public void onPathResponse(long data) {
    add(new Frame.PathResponse(data)); // this end sends no challenge: ignored
  }

  @Override
  public void onImmediateAck() throws QuicWireException {
    throw refuse("IMMEDIATE_ACK");
  }

  /** A frame the stack does not act on: refused, or (from another stack) acknowledged. */
  private void ignoredOrRefused(String what) throws QuicWireException {
    if (!foreign) {
      throw refuse(what);
    }
    add(PING);
  }

  /**
   * A PADDING frame of {@code length}: records, so one per length is shared (lazily, up to a
   * datagram's size) instead of one made per packet.
   */
  private Frame.Padding padding(int length) {
    if (length >= PADDINGS_SHARED) {
      return new Frame.Padding(length);
    }
    if (paddings == null) {
      paddings = new Frame.Padding[PADDINGS_SHARED];
    }
    Frame.Padding shared = paddings[length];
    if (shared == null) {
      shared = new Frame.Padding(length);
      paddings[length] = shared;
    }
    return shared;
  }

  private static byte[] copy(ByteBuffer buffer, int offset, int length) {
    if (buffer.hasArray()) {
      int start = buffer.arrayOffset() + offset;
      return Arrays.copyOfRange(buffer.array(), start, start + length);
    }
    byte[] data = new byte[length];
    buffer.get(offset, data);
    return data;
  }

  private static QuicWireException refuse(String what) {
    return new QuicWireException(
        TransportErrorCode.PROTOCOL_VIOLATION, "not a frame this stack handles: " + what);
  }
}
