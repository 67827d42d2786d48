package dev.moqbed.session.memory;

import dev.moqbed.runtime.Scheduler;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.BufferingReceiveStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One end of an in-memory connection. Its sender serves, one chunk at a time at the link's rate,
 * first queued datagrams, then the stream with the lowest urgency (ties: the earliest opened);
 * every chunk reaches the peer one link delay after its serialization ends, in send order.
 * STOP_SENDING, RESET_STREAM and CONNECTION_CLOSE take one link delay and no link time.
 *
 * <p>Unidirectional streams are unlimited unless {@link #limitIncomingUnidirectionalStreams} gives
 * one end a limit, as QUIC's {@code initial_max_streams_uni} and MAX_STREAMS do: its peer may then
 * have opened at most that many more streams than have ended here, and each that ends (its FIN or
 * reset arrived, or this end stopped it) raises the limit by one, one link delay later (no link
 * time, like STOP_SENDING). Opening a stream beyond the limit throws, as quiche refuses it.
 */
public final class MemoryConnection implements TransportConnection {
  /** Bytes a stream may hold unsent before it stops being writable. */
  static final int WRITABLE_LIMIT_BYTES = 64 * 1024;

  private static final int MAX_QUEUED_DATAGRAMS = 1024;

  private final Scheduler scheduler;
  private final boolean client;
  private final MemoryLink link;
  private final String peerName;
  private final List<OutStream> sending = new ArrayList<>();
  private final Map<Long, InStream> receiving = new HashMap<>();
  private final ArrayDeque<byte[]> datagrams = new ArrayDeque<>();
  private MemoryConnection peer;
  private TransportListener listener;
  private long nextBidirectionalId;
  private long nextUnidirectionalId;
  // The peer's limit on our unidirectional streams (the total it allows, as MAX_STREAMS counts)
  // and how many we opened.
  private long peerMaxUnidirectionalStreams = Long.MAX_VALUE;
  private long unidirectionalStreamsOpened;
  // Our limit on the peer's: -1 when none, else the total granted so far.
  private long grantedUnidirectionalStreams = -1;
  private long linkFreeAtMicros;
  private boolean pumpScheduled;
  private boolean open = true;
  private long packetsSent;
  private long bytesSent;

  MemoryConnection(Scheduler scheduler, boolean client, MemoryLink link, String peerName) {
    this.scheduler = scheduler;
    this.client = client;
    this.link = link;
    this.peerName = peerName;
    this.nextBidirectionalId = client ? 0 : 1;
    this.nextUnidirectionalId = client ? 2 : 3;
  }

  void connect(MemoryConnection peer) {
    this.peer = peer;
  }

  /**
   * Lets the peer have at most {@code streams} unidirectional streams open towards this end at a
   * time (see the class comment). Call before the peer opens any, as a transport parameter is known
   * before the first stream.
   */
  public void limitIncomingUnidirectionalStreams(int streams) {
    if (streams < 0) {
      throw new IllegalArgumentException("negative stream limit");
    }
    grantedUnidirectionalStreams = streams;
    peer.peerMaxUnidirectionalStreams = streams;
  }

  /** Unidirectional streams this end opened so far. */
  public long unidirectionalStreamsOpened() {
    return unidirectionalStreamsOpened;
  }

  @Override
  public void setListener(TransportListener listener) {
    this.listener = listener;
  }

  @Override
  public BidirectionalStream openBidirectionalStream() {
    long id = nextBidirectionalId;
    nextBidirectionalId += 4;
    OutStream out = new OutStream(id, 0, true);
    InStream in = new InStream(id);
    receiving.put(id, in);
    sending.add(out);
    return new BidirectionalStream(out, in);
  }

  @Override
  public SendStream openUnidirectionalStream(int urgency) {
    if (!canOpenUnidirectionalStream()) {
      throw new IllegalStateException(
          "stream limit: the peer allows " + peerMaxUnidirectionalStreams + " streams");
    }
    unidirectionalStreamsOpened++;
    long id = nextUnidirectionalId;
    nextUnidirectionalId += 4;
    OutStream out = new OutStream(id, urgency, false);
    sending.add(out);
    return out;
  }

  @Override
  public boolean canOpenUnidirectionalStream() {
    return unidirectionalStreamsOpened < peerMaxUnidirectionalStreams;
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    return handOverDatagram(payload.clone());
  }

  /** The queue keeps the caller's array itself until the link delivers it: no copy. */
  @Override
  public boolean handOverDatagram(byte[] payload) {
    if (!open || payload.length > MemoryLink.MAX_DATAGRAM_BYTES) {
      return false;
    }
    if (datagrams.size() >= MAX_QUEUED_DATAGRAMS) {
      return false;
    }
    datagrams.add(payload);
    wake();
    return true;
  }

  @Override
  public int maxDatagramBytes() {
    return MemoryLink.MAX_DATAGRAM_BYTES;
  }

  @Override
  public PathStats pathStats() {
    long rtt = link.delayMicros() + peer.link.delayMicros();
    return new PathStats(rtt, -1, link.bytesPerSecond(), packetsSent, 0, bytesSent);
  }

  @Override
  public void close(long applicationErrorCode, String reason) {
    if (!open) {
      return;
    }
    shutDown();
    MemoryConnection target = peer;
    scheduler.scheduleAfter(
        link.delayMicros(), () -> target.onPeerClosed(applicationErrorCode, reason));
    // Closed before anyone listened (a relay refusing a connection before any session exists):
    // there is nobody to tell.
    scheduler.execute(
        () -> {
          if (listener != null) {
            listener.onClosed(applicationErrorCode, reason, false);
          }
        });
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public String peerDescription() {
    return peerName;
  }

  /** Bytes queued in streams and datagrams, not yet on the link. */
  public long queuedBytes() {
    long total = 0;
    for (OutStream stream : sending) {
      total += stream.pendingBytes;
    }
    for (byte[] datagram : datagrams) {
      total += datagram.length;
    }
    return total;
  }

  private void shutDown() {
    open = false;
    sending.clear();
    datagrams.clear();
  }

  private void onPeerClosed(long code, String reason) {
    if (!open) {
      return;
    }
    shutDown();
    listener.onClosed(code, reason, true);
  }

  private void wake() {
    if (!pumpScheduled && open) {
      pumpScheduled = true;
      scheduler.scheduleAt(Math.max(scheduler.nowMicros(), linkFreeAtMicros), this::pump);
    }
  }

  private void pump() {
    pumpScheduled = false;
    if (!open) {
      return;
    }
    long now = scheduler.nowMicros();
    int size;
    Runnable delivery;
    if (!datagrams.isEmpty()) {
      byte[] datagram = datagrams.poll();
      size = datagram.length;
      MemoryConnection target = peer;
      delivery = () -> target.onDatagramArrived(datagram);
    } else {
      OutStream stream = nextStream();
      if (stream == null) {
        return;
      }
      byte[] chunk = stream.take(MemoryLink.CHUNK_BYTES);
      boolean fin = stream.finishing && stream.pendingBytes == 0;
      if (fin) {
        stream.finSent = true;
        sending.remove(stream);
      }
      size = chunk.length;
      MemoryConnection target = peer;
      long id = stream.id;
      boolean bidirectional = stream.bidirectional;
      delivery = () -> target.onChunkArrived(id, bidirectional, chunk, fin);
      stream.afterTake();
    }
    packetsSent++;
    bytesSent += size;
    linkFreeAtMicros = now + link.serializationMicros(size);
    scheduler.scheduleAt(linkFreeAtMicros + link.delayMicros(), delivery);
    wake();
  }

  private OutStream nextStream() {
    OutStream best = null;
    for (OutStream stream : sending) {
      if (stream.hasSomethingToSend()
          && (best == null || stream.urgency < best.urgency)) { // ties: earliest opened
        best = stream;
      }
    }
    return best;
  }

  private void onChunkArrived(long id, boolean bidirectional, byte[] chunk, boolean fin) {
    if (!open) {
      return;
    }
    InStream in = receiving.get(id);
    if (in == null) {
      in = new InStream(id);
      receiving.put(id, in);
      if (bidirectional) {
        OutStream out = new OutStream(id, 0, true);
        sending.add(out);
        listener.onBidirectionalStream(new BidirectionalStream(out, in));
      } else {
        listener.onUnidirectionalStream(in);
      }
    }
    in.deliver(ByteBuffer.wrap(chunk), fin);
    if (fin) {
      in.releaseCredit();
    }
  }

  private void onMaxStreamsArrived(long maximum) {
    if (!open || maximum <= peerMaxUnidirectionalStreams) {
      return;
    }
    peerMaxUnidirectionalStreams = maximum;
    if (listener != null) {
      listener.onUnidirectionalStreamCredit();
    }
  }

  private void onDatagramArrived(byte[] datagram) {
    if (open) {
      listener.onDatagram(ByteBuffer.wrap(datagram));
    }
  }

  private void onStopSendingArrived(long id, long code) {
    if (!open) {
      return;
    }
    for (OutStream stream : sending) {
      if (stream.id == id) {
        stream.onStopSending(code);
        return;
      }
    }
  }

  private void onResetArrived(long id, long code) {
    InStream in = receiving.get(id);
    if (open && in != null) {
      in.onReset(code);
      in.releaseCredit();
    }
  }

  /** The sending half of a stream of this end. */
  private final class OutStream implements SendStream {
    private final long id;
    private final boolean bidirectional;
    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    private int urgency;
    private int headOffset;
    private long pendingBytes;
    private boolean finishing;
    private boolean finSent;
    private boolean closed;
    private boolean wasUnwritable;
    private boolean resetSent;
    private SendStreamListener streamListener;

    OutStream(long id, int urgency, boolean bidirectional) {
      this.id = id;
      this.urgency = urgency;
      this.bidirectional = bidirectional;
    }

    @Override
    public long id() {
      return id;
    }

    @Override
    public void setListener(SendStreamListener listener) {
      this.streamListener = listener;
    }

    @Override
    public void write(ByteBuffer bytes) {
      if (closed || finishing || !open) {
        bytes.position(bytes.limit());
        return;
      }
      byte[] copy = new byte[bytes.remaining()];
      bytes.get(copy);
      if (copy.length == 0) {
        return;
      }
      chunks.add(copy);
      pendingBytes += copy.length;
      if (!isWritable()) {
        wasUnwritable = true;
      }
      wake();
    }

    @Override
    public void finish() {
      if (closed || finishing) {
        return;
      }
      finishing = true;
      wake();
    }

    @Override
    public void reset(long errorCode) {
      if (finSent || resetSent || !open) {
        return;
      }
      resetSent = true;
      closed = true;
      chunks.clear();
      pendingBytes = 0;
      sending.remove(this);
      MemoryConnection target = peer;
      scheduler.scheduleAfter(link.delayMicros(), () -> target.onResetArrived(id, errorCode));
    }

    @Override
    public boolean isWritable() {
      return !closed && !finishing && open && pendingBytes < WRITABLE_LIMIT_BYTES;
    }

    @Override
    public boolean isClosed() {
      return closed || finSent;
    }

    @Override
    public void setUrgency(int urgency) {
      this.urgency = urgency;
    }

    boolean hasSomethingToSend() {
      return !closed && (pendingBytes > 0 || (finishing && !finSent));
    }

    byte[] take(int max) {
      int size = (int) Math.min(max, pendingBytes);
      byte[] out = new byte[size];
      int filled = 0;
      while (filled < size) {
        byte[] head = chunks.peek();
        int n = Math.min(size - filled, head.length - headOffset);
        System.arraycopy(head, headOffset, out, filled, n);
        filled += n;
        headOffset += n;
        if (headOffset == head.length) {
          chunks.poll();
          headOffset = 0;
        }
      }
      pendingBytes -= size;
      return out;
    }

    void afterTake() {
      if (wasUnwritable && isWritable() && pendingBytes < WRITABLE_LIMIT_BYTES / 2) {
        wasUnwritable = false;
        if (streamListener != null) {
          streamListener.onWritable();
        }
      }
    }

    void onStopSending(long code) {
      if (closed || finSent) {
        return;
      }
      closed = true;
      chunks.clear();
      pendingBytes = 0;
      sending.remove(this);
      if (streamListener != null) {
        streamListener.onStopSending(code);
      }
    }
  }

  /** The receiving half of a stream of this end. */
  private final class InStream extends BufferingReceiveStream {
    private boolean creditReleased;

    InStream(long id) {
      super(id);
    }

    /**
     * The stream ended here: if it is one the peer opened under this end's limit, the peer may open
     * one more (MAX_STREAMS, one link delay later). Once per stream.
     */
    void releaseCredit() {
      boolean peerUnidirectional = (id() & 2) != 0 && (id() & 1) != (client ? 0 : 1);
      if (creditReleased || !peerUnidirectional || grantedUnidirectionalStreams < 0 || !open) {
        return;
      }
      creditReleased = true;
      grantedUnidirectionalStreams++;
      long maximum = grantedUnidirectionalStreams;
      MemoryConnection target = peer;
      scheduler.scheduleAfter(link.delayMicros(), () -> target.onMaxStreamsArrived(maximum));
    }

    @Override
    protected boolean canStopSending() {
      return open;
    }

    @Override
    protected void sendStopSending(long errorCode) {
      MemoryConnection target = peer;
      long id = id();
      scheduler.scheduleAfter(link.delayMicros(), () -> target.onStopSendingArrived(id, errorCode));
      releaseCredit();
    }
  }
}
