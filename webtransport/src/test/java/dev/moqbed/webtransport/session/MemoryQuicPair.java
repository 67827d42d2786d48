package dev.moqbed.webtransport.session;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * Two QUIC connection ports joined in memory: what one side writes, resets or sends arrives at the
 * other side's endpoint when {@link #run()} delivers it, in order, so no call re-enters an
 * endpoint. Stream ids follow RFC 9000 §2.1 (client bidirectional 0, 4, ...; server unidirectional
 * 3, 7, ...).
 */
final class MemoryQuicPair {
  private final Deque<Runnable> deliveries = new ArrayDeque<>();
  final Side client = new Side(false);
  final Side server = new Side(true);

  MemoryQuicPair() {
    client.peer = server;
    server.peer = client;
  }

  /** Delivers everything queued, and what that causes, until both sides are quiet. */
  void run() {
    for (Runnable delivery = deliveries.poll(); delivery != null; delivery = deliveries.poll()) {
      delivery.run();
    }
  }

  /** One side's port, with a record of what it did. */
  final class Side implements QuicConnectionPort {
    WebTransportEndpoint endpoint;
    Side peer;
    private long nextBidirectional;
    private long nextUnidirectional;
    final List<long[]> resets = new ArrayList<>();
    final List<long[]> stopSendings = new ArrayList<>();
    long closeCode = -1;
    String closeReason;

    private Side(boolean server) {
      nextBidirectional = server ? 1 : 0;
      nextUnidirectional = server ? 3 : 2;
    }

    @Override
    public long openUnidirectionalStream() {
      long id = nextUnidirectional;
      nextUnidirectional += 4;
      return id;
    }

    @Override
    public long openBidirectionalStream() {
      long id = nextBidirectional;
      nextBidirectional += 4;
      return id;
    }

    @Override
    public void write(long streamId, byte[] bytes, boolean fin) {
      byte[] copy = Arrays.copyOf(bytes, bytes.length);
      deliveries.add(() -> peer.endpoint.onStreamData(streamId, ByteBuffer.wrap(copy), fin));
    }

    @Override
    public void resetStream(long streamId, long errorCode) {
      resets.add(new long[] {streamId, errorCode});
      deliveries.add(() -> peer.endpoint.onStreamReset(streamId, errorCode));
    }

    @Override
    public void stopSending(long streamId, long errorCode) {
      stopSendings.add(new long[] {streamId, errorCode});
      deliveries.add(() -> peer.endpoint.onStopSending(streamId, errorCode));
    }

    @Override
    public boolean sendDatagram(byte[] payload) {
      byte[] copy = Arrays.copyOf(payload, payload.length);
      deliveries.add(() -> peer.endpoint.onDatagram(ByteBuffer.wrap(copy)));
      return true;
    }

    @Override
    public void close(long errorCode, String reason) {
      closeCode = errorCode;
      closeReason = reason;
      deliveries.add(() -> peer.endpoint.onTransportClosed(errorCode, reason));
    }

    /** True when this side sent STOP_SENDING on {@code streamId} with {@code errorCode}. */
    boolean stoppedSending(long streamId, long errorCode) {
      return stopSendings.stream().anyMatch(s -> s[0] == streamId && s[1] == errorCode);
    }
  }
}
