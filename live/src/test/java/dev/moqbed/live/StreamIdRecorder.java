package dev.moqbed.live;

import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A connection as it is, except that the id of every unidirectional stream the peer opens is kept
 * (in arrival order): what a test needs to see that no stream id was skipped.
 */
final class StreamIdRecorder implements TransportConnection {
  private final TransportConnection connection;
  private final List<Long> peerUnidirectionalIds = new CopyOnWriteArrayList<>();

  StreamIdRecorder(TransportConnection connection) {
    this.connection = connection;
  }

  /** The ids of the peer's unidirectional streams, as they arrived. */
  List<Long> peerUnidirectionalIds() {
    return peerUnidirectionalIds;
  }

  @Override
  public void setListener(TransportListener listener) {
    connection.setListener(
        new TransportListener() {
          @Override
          public void onBidirectionalStream(BidirectionalStream stream) {
            listener.onBidirectionalStream(stream);
          }

          @Override
          public void onUnidirectionalStream(ReceiveStream stream) {
            peerUnidirectionalIds.add(stream.id());
            listener.onUnidirectionalStream(stream);
          }

          @Override
          public void onUnidirectionalStreamCredit() {
            listener.onUnidirectionalStreamCredit();
          }

          @Override
          public void onDatagram(ByteBuffer payload) {
            listener.onDatagram(payload);
          }

          @Override
          public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
            listener.onClosed(applicationErrorCode, reason, byPeer);
          }
        });
  }

  @Override
  public BidirectionalStream openBidirectionalStream() {
    return connection.openBidirectionalStream();
  }

  @Override
  public SendStream openUnidirectionalStream(int urgency) {
    return connection.openUnidirectionalStream(urgency);
  }

  @Override
  public boolean canOpenUnidirectionalStream() {
    return connection.canOpenUnidirectionalStream();
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    return connection.sendDatagram(payload);
  }

  @Override
  public int maxDatagramBytes() {
    return connection.maxDatagramBytes();
  }

  @Override
  public PathStats pathStats() {
    return connection.pathStats();
  }

  @Override
  public void close(long applicationErrorCode, String reason) {
    connection.close(applicationErrorCode, reason);
  }

  @Override
  public boolean isOpen() {
    return connection.isOpen();
  }

  @Override
  public String peerDescription() {
    return connection.peerDescription();
  }
}
