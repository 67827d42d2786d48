package dev.moqbed.transport.udp;

import dev.moqbed.netty.NettyConnection;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportListener;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The quiche end of an interop test, on a {@link NettyConnection} (its event loop): echoes the
 * first bidirectional stream the project's end opens, asks it to stop sending on the second, echoes
 * DATAGRAMs, and records the unidirectional streams, resets and the close it sees. On {@link
 * #start} (by default when the first stream arrives) it sends its own unidirectional stream, and
 * one it resets with {@link #RESET_CODE}.
 */
final class QuichePeer implements TransportListener {
  static final long STOP_CODE = 0x31;
  static final long RESET_CODE = 0x41;

  final NettyConnection connection;
  final Map<Long, CompletableFuture<byte[]>> uniStreams = new ConcurrentHashMap<>();
  final CompletableFuture<byte[]> echoed = new CompletableFuture<>();
  final CompletableFuture<Long> resetSeen = new CompletableFuture<>();
  final CompletableFuture<Long> stopSeen = new CompletableFuture<>();
  final CompletableFuture<Long> stoppedStreamReset = new CompletableFuture<>();
  final CompletableFuture<Long> closed = new CompletableFuture<>();
  final List<byte[]> datagrams = new CopyOnWriteArrayList<>();
  private int bidirectional;

  private final byte[] download;

  /**
   * @param download sent once the project's end opened its first stream (null: call start)
   */
  QuichePeer(NettyConnection connection, byte[] download) {
    this.connection = connection;
    this.download = download;
    connection.setListener(this);
  }

  /** Sends {@code content} on a unidirectional stream, then opens one and resets it. */
  void start(byte[] content) {
    SendStream stream = connection.openUnidirectionalStream(0);
    stream.write(ByteBuffer.wrap(content));
    stream.finish();
    SendStream abandoned = connection.openUnidirectionalStream(0);
    abandoned.write(ByteBuffer.wrap(new byte[1000]));
    abandoned.reset(RESET_CODE);
  }

  @Override
  public void onBidirectionalStream(BidirectionalStream stream) {
    int index = bidirectional++;
    if (index == 0) {
      echo(stream);
      if (download != null) {
        start(download); // quiche's stream credit is known by now (not yet in channelActive)
      }
    } else {
      stream.send().setListener(code -> stopSeen.complete(code));
      stream.receive().setListener(new Collector(new CompletableFuture<>(), stoppedStreamReset));
      stream.receive().stopSending(STOP_CODE);
    }
  }

  private void echo(BidirectionalStream stream) {
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    stream
        .receive()
        .setListener(
            new ReceiveStreamListener() {
              @Override
              public void onData(ByteBuffer bytes) {
                byte[] copy = new byte[bytes.remaining()];
                bytes.get(copy);
                received.write(copy, 0, copy.length);
              }

              @Override
              public void onFinished() {
                byte[] content = received.toByteArray();
                stream.send().write(ByteBuffer.wrap(content));
                stream.send().finish();
                echoed.complete(content);
              }

              @Override
              public void onReset(long errorCode) {
                echoed.completeExceptionally(new IllegalStateException("reset " + errorCode));
              }
            });
  }

  @Override
  public void onUnidirectionalStream(ReceiveStream stream) {
    stream.setListener(new Collector(uniStream(stream.id()), resetSeen));
  }

  /** The unidirectional stream {@code id} of the project's end, once it ended. */
  CompletableFuture<byte[]> uniStream(long id) {
    return uniStreams.computeIfAbsent(id, i -> new CompletableFuture<>());
  }

  @Override
  public void onDatagram(ByteBuffer payload) {
    byte[] copy = new byte[payload.remaining()];
    payload.get(copy);
    datagrams.add(copy);
    connection.sendDatagram(copy);
  }

  @Override
  public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
    closed.complete(byPeer ? applicationErrorCode : -2);
  }

  /** A stream's bytes until its end, or the code of its reset. */
  private static final class Collector implements ReceiveStreamListener {
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> content;
    private final CompletableFuture<Long> reset;

    Collector(CompletableFuture<byte[]> content, CompletableFuture<Long> reset) {
      this.content = content;
      this.reset = reset;
    }

    @Override
    public void onData(ByteBuffer bytes) {
      byte[] copy = new byte[bytes.remaining()];
      bytes.get(copy);
      received.write(copy, 0, copy.length);
    }

    @Override
    public void onFinished() {
      content.complete(received.toByteArray());
    }

    @Override
    public void onReset(long errorCode) {
      reset.complete(errorCode);
    }
  }
}
