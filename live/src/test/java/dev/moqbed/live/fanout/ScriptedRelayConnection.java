package dev.moqbed.live.fanout;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ControlStreamDecoder;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.BufferingReceiveStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A subscriber's connection to a relay that a test plays: what the subscriber's session sends on
 * its control stream is decoded for the test, and the test hands the session control messages,
 * subgroup streams (the bytes of a reused buffer, as the QUIC stack hands them over) and datagrams.
 */
final class ScriptedRelayConnection implements TransportConnection {
  private static final MoqtCodec CODEC =
      MoqtCodecs.create(FanoutProtocol.VERSION, MoqtLimits.DEFAULT);

  private final ControlStreamDecoder fromSubscriber = CODEC.newControlStreamDecoder();
  private final List<ControlMessage> sent = new ArrayList<>();
  private TransportListener listener;
  private Incoming control;
  private long nextStreamId = 3;
  private boolean open = true;

  /** A stream from the relay: a transport that hands its bytes over as they arrive. */
  static final class Incoming extends BufferingReceiveStream {
    Incoming(long id) {
      super(id);
    }

    @Override
    protected void sendStopSending(long errorCode) {}
  }

  /** The control messages the subscriber sent so far, decoded, in order. */
  List<ControlMessage> sent() {
    return sent;
  }

  /** Delivers {@code message} on the control stream. */
  void control(ControlMessage message) {
    WireWriter out = CODEC.newWriter();
    CODEC.encodeControl(message, out);
    control.deliver(out.view(), false);
  }

  /** Opens a subgroup stream from the relay. */
  Incoming openStream() {
    Incoming stream = new Incoming(nextStreamId);
    nextStreamId += 4;
    listener.onUnidirectionalStream(stream);
    return stream;
  }

  /** Delivers one DATAGRAM frame's payload. */
  void datagram(ByteBuffer payload) {
    listener.onDatagram(payload);
  }

  @Override
  public void setListener(TransportListener listener) {
    this.listener = listener;
  }

  @Override
  public BidirectionalStream openBidirectionalStream() {
    control = new Incoming(0);
    return new BidirectionalStream(new ControlOut(), control);
  }

  @Override
  public SendStream openUnidirectionalStream(int urgency) {
    throw new IllegalStateException("a subscriber opens no stream");
  }

  @Override
  public boolean canOpenUnidirectionalStream() {
    return false;
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    return false;
  }

  @Override
  public int maxDatagramBytes() {
    return 1_200;
  }

  @Override
  public PathStats pathStats() {
    return PathStats.UNKNOWN;
  }

  @Override
  public void close(long applicationErrorCode, String reason) {
    if (open) {
      open = false;
      listener.onClosed(applicationErrorCode, reason, false);
    }
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public String peerDescription() {
    return "scripted relay";
  }

  private final class ControlOut implements SendStream {
    @Override
    public long id() {
      return 0;
    }

    @Override
    public void setListener(SendStreamListener listener) {}

    @Override
    public void write(ByteBuffer bytes) {
      fromSubscriber.feed(bytes);
      for (ControlMessage m = fromSubscriber.next(); m != null; m = fromSubscriber.next()) {
        sent.add(m);
      }
    }

    @Override
    public void finish() {}

    @Override
    public void reset(long errorCode) {}

    @Override
    public boolean isWritable() {
      return true;
    }

    @Override
    public boolean isClosed() {
      return !open;
    }

    @Override
    public void setUrgency(int urgency) {}
  }
}
