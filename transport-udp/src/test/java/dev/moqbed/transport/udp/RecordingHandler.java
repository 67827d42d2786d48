package dev.moqbed.transport.udp;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.QuicConnection;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * Records what one end receives: each stream's bytes in order (checking that offsets follow each
 * other), DATAGRAM payloads, when it became ready and how it closed. The test thread reads it after
 * one of the futures completed, which orders the reads after the loop's writes.
 */
class RecordingHandler implements ConnectionHandler {
  final Map<Long, ByteArrayOutputStream> streams = new TreeMap<>();
  final Map<Long, CompletableFuture<byte[]>> finished = new TreeMap<>();
  final List<byte[]> datagrams = new ArrayList<>();
  final CompletableFuture<QuicConnection> ready = new CompletableFuture<>();
  final CompletableFuture<Long> closed = new CompletableFuture<>();
  volatile String error;

  @Override
  public void onReady(QuicConnection connection, long nowMicros) {
    ready.complete(connection);
  }

  @Override
  public void onStreamData(
      QuicConnection connection,
      long nowMicros,
      long streamId,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {
    ByteArrayOutputStream bytes =
        streams.computeIfAbsent(streamId, id -> new ByteArrayOutputStream());
    if (offset != bytes.size()) {
      error = "stream " + streamId + ": offset " + offset + " after " + bytes.size() + " bytes";
    }
    if (data == null) {
      error = "stream " + streamId + " arrived as counts only";
    } else {
      bytes.write(data.array(), data.offset(), data.length());
    }
    if (fin) {
      finished(streamId).complete(bytes.toByteArray());
      onFinished(connection, streamId, bytes.toByteArray());
    }
  }

  /** Subclasses answer a finished stream. */
  void onFinished(QuicConnection connection, long streamId, byte[] content) {}

  synchronized CompletableFuture<byte[]> finished(long streamId) {
    return finished.computeIfAbsent(streamId, id -> new CompletableFuture<>());
  }

  @Override
  public void onDatagram(QuicConnection connection, long nowMicros, DatagramPayload payload) {
    datagrams.add(((DatagramPayload.Bytes) payload).bytes().toArray());
  }

  @Override
  public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
    closed.complete(errorCode);
  }
}
