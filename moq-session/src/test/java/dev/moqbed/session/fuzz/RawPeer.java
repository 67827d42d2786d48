package dev.moqbed.session.fuzz;

import dev.moqbed.session.memory.MemoryConnection;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The peer of the session under test, with no session of its own: it writes whatever bytes the
 * fuzzer chose on its control stream, on subgroup streams it opens and in datagrams, and records
 * how the connection ended.
 */
final class RawPeer implements TransportListener {
  private final MemoryConnection connection;
  private final List<SendStream> subgroupStreams = new ArrayList<>();
  private SendStream control;
  private boolean closed;
  private long closeCode = -1;

  RawPeer(MemoryConnection connection) {
    this.connection = connection;
    connection.setListener(this);
  }

  /** The control stream: the one the session opened (a client), or a new one (to a server). */
  SendStream control() {
    if (control == null) {
      control = connection.openBidirectionalStream().send();
    }
    return control;
  }

  /** Opens one more bidirectional stream, which the session must refuse. */
  void openExtraBidirectionalStream(byte[] bytes) {
    connection.openBidirectionalStream().send().write(ByteBuffer.wrap(bytes));
  }

  SendStream openSubgroupStream(int urgency) {
    SendStream stream = connection.openUnidirectionalStream(urgency);
    subgroupStreams.add(stream);
    return stream;
  }

  /** One of the subgroup streams opened so far, by a fuzzer-chosen index, or null if none. */
  SendStream subgroupStream(int index) {
    return subgroupStreams.isEmpty() ? null : subgroupStreams.get(index % subgroupStreams.size());
  }

  void sendDatagram(byte[] payload) {
    connection.sendDatagram(payload);
  }

  void close(long code) {
    connection.close(code, "raw peer");
  }

  boolean isClosed() {
    return closed;
  }

  /** The code the connection was closed with, by either end; -1 while it is open. */
  long closeCode() {
    return closeCode;
  }

  @Override
  public void onBidirectionalStream(BidirectionalStream stream) {
    if (control == null) {
      control = stream.send();
    }
  }

  @Override
  public void onUnidirectionalStream(ReceiveStream stream) {
    // The session under test is a role with nothing to publish; its streams are not read.
  }

  @Override
  public void onDatagram(ByteBuffer payload) {}

  @Override
  public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
    closed = true;
    closeCode = applicationErrorCode;
  }
}
