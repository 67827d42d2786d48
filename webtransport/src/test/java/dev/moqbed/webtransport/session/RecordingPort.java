package dev.moqbed.webtransport.session;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A port that records what an endpoint sends, for tests that play the peer byte by byte. */
final class RecordingPort implements QuicConnectionPort {
  private final boolean server;
  private long nextBidirectional;
  private long nextUnidirectional;
  final Map<Long, ByteArrayOutputStream> written = new HashMap<>();
  final Set<Long> finished = new HashSet<>();
  final List<long[]> resets = new ArrayList<>();
  final List<long[]> stopSendings = new ArrayList<>();
  final List<byte[]> datagrams = new ArrayList<>();
  long closeCode = -1;

  RecordingPort(boolean server) {
    this.server = server;
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
    written.computeIfAbsent(streamId, id -> new ByteArrayOutputStream()).writeBytes(bytes);
    if (fin) {
      finished.add(streamId);
    }
  }

  @Override
  public void resetStream(long streamId, long errorCode) {
    resets.add(new long[] {streamId, errorCode});
  }

  @Override
  public void stopSending(long streamId, long errorCode) {
    stopSendings.add(new long[] {streamId, errorCode});
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    datagrams.add(payload);
    return true;
  }

  @Override
  public void close(long errorCode, String reason) {
    closeCode = errorCode;
  }

  /** Everything written on a stream so far. */
  ByteBuffer bytes(long streamId) {
    ByteArrayOutputStream out = written.get(streamId);
    return ByteBuffer.wrap(out == null ? new byte[0] : out.toByteArray());
  }

  boolean stoppedSending(long streamId, long errorCode) {
    return stopSendings.stream().anyMatch(s -> s[0] == streamId && s[1] == errorCode);
  }

  boolean isServer() {
    return server;
  }
}
