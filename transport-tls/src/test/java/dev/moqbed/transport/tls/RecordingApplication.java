package dev.moqbed.transport.tls;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.QuicConnection;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/** An application that keeps what arrives: stream bytes, FINs, datagrams, the close code. */
final class RecordingApplication implements ConnectionHandler {
  final Map<Long, ByteArrayOutputStream> streams = new HashMap<>();
  final Set<Long> finished = new HashSet<>();
  final List<byte[]> datagrams = new ArrayList<>();
  long readyMicros = -1;
  long closedCode = -1;
  BiConsumer<QuicConnection, Long> onReady = (connection, now) -> {};

  /** Called with the stream id when a stream's FIN arrives. */
  BiConsumer<QuicConnection, Long> onFin = (connection, streamId) -> {};

  /** Called when the peer's MAX_STREAMS lets a blocked kind open more (true: bidirectional). */
  BiConsumer<QuicConnection, Boolean> onCredit = (connection, bidirectional) -> {};

  int creditEvents;

  @Override
  public void onStreamCredit(QuicConnection connection, long nowMicros, boolean bidirectional) {
    creditEvents++;
    onCredit.accept(connection, bidirectional);
  }

  @Override
  public void onReady(QuicConnection connection, long nowMicros) {
    readyMicros = nowMicros;
    onReady.accept(connection, nowMicros);
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
    ByteArrayOutputStream stream =
        streams.computeIfAbsent(streamId, id -> new ByteArrayOutputStream());
    if (stream.size() != offset) {
      throw new AssertionError("stream " + streamId + " at " + offset + ", had " + stream.size());
    }
    if (data != null) {
      stream.write(data.array(), data.offset(), data.length());
    }
    if (fin) {
      finished.add(streamId);
      onFin.accept(connection, streamId);
    }
  }

  @Override
  public void onDatagram(QuicConnection connection, long nowMicros, DatagramPayload payload) {
    datagrams.add(((DatagramPayload.Bytes) payload).bytes().toArray());
  }

  @Override
  public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
    closedCode = errorCode;
  }

  byte[] stream(long id) {
    ByteArrayOutputStream stream = streams.get(id);
    return stream == null ? new byte[0] : stream.toByteArray();
  }
}
