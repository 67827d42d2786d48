package dev.moqbed.webtransport.session;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Records every event as a line of text, and each stream's bytes, for assertions. */
final class RecordingListener implements WebTransportListener {
  final List<String> events = new ArrayList<>();
  final Map<Long, ByteArrayOutputStream> streamBytes = new HashMap<>();
  final List<String> datagrams = new ArrayList<>();
  WebTransportSession opened;

  @Override
  public void onSessionOpened(WebTransportSession session) {
    opened = session;
    events.add("opened " + session.id() + " " + session.draft());
  }

  @Override
  public void onSessionRefused(WebTransportSession session, int status) {
    events.add("refused " + session.id() + " " + status);
  }

  @Override
  public void onIncomingStream(WebTransportSession session, long streamId, boolean bidirectional) {
    events.add("incoming " + streamId + (bidirectional ? " bidirectional" : " unidirectional"));
  }

  @Override
  public void onStreamData(
      WebTransportSession session, long streamId, ByteBuffer data, boolean fin) {
    byte[] bytes = new byte[data.remaining()];
    data.get(bytes);
    streamBytes.computeIfAbsent(streamId, id -> new ByteArrayOutputStream()).writeBytes(bytes);
    if (fin) {
      events.add("fin " + streamId);
    }
  }

  @Override
  public void onStreamReset(WebTransportSession session, long streamId, long errorCode) {
    events.add("reset " + streamId + " " + errorCode);
  }

  @Override
  public void onStopSending(WebTransportSession session, long streamId, long errorCode) {
    events.add("stop " + streamId + " " + errorCode);
  }

  @Override
  public void onDatagram(WebTransportSession session, ByteBuffer payload) {
    byte[] bytes = new byte[payload.remaining()];
    payload.get(bytes);
    datagrams.add(new String(bytes, StandardCharsets.UTF_8));
  }

  @Override
  public void onSessionDraining(WebTransportSession session) {
    events.add("draining " + session.id());
  }

  @Override
  public void onSessionClosed(WebTransportSession session, long errorCode, String reason) {
    events.add("closed " + session.id() + " " + errorCode + " " + reason);
  }

  @Override
  public void onConnectionClosed(long errorCode, String reason) {
    events.add("connection closed 0x" + Long.toHexString(errorCode));
  }

  /** The bytes received on a stream, as text. */
  String text(long streamId) {
    ByteArrayOutputStream bytes = streamBytes.get(streamId);
    return bytes == null ? "" : bytes.toString(StandardCharsets.UTF_8);
  }
}
