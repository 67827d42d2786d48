package dev.moqbed.netty;

import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.session.transport.TransportListener;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicConnectionPathStats;
import io.netty.handler.codec.quic.QuicDatagramExtensionEvent;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamLimitChangedEvent;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.Future;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A {@link TransportConnection} over one Netty {@link QuicChannel}. Everything runs on the
 * channel's event loop. Stream urgencies are set non-incremental, so quiche sends a stream's bytes
 * before those of any stream with a larger urgency, and streams of equal urgency in opening order.
 *
 * <p>Stream credit: Netty's codec takes the next stream id before quiche checks the peer's stream
 * limit, so a stream opened beyond it fails and its id is lost for good (the peer counts every id
 * below the highest as opened, and that one never ends). Unidirectional streams are therefore only
 * opened while {@link QuicChannel#peerAllowedStreams} is positive, and {@link
 * QuicStreamLimitChangedEvent} (fired when quiche's count changes after it had reached zero) tells
 * the listener when more are allowed.
 */
public final class NettyConnection implements TransportConnection {
  static final AttributeKey<NettyConnection> KEY = AttributeKey.valueOf("moqbed.connection");

  /** Datagram payload assumed until quiche reports the path's (the smallest it reports). */
  private static final int ASSUMED_DATAGRAM_BYTES = 1156;

  private final QuicChannel channel;
  private final String peer;
  private TransportListener listener;
  private int maxDatagramBytes = ASSUMED_DATAGRAM_BYTES;
  private boolean closeReported;
  private boolean closedLocally;
  private long localCode = -1;
  private String localReason = "";
  private QuicConnectionCloseEvent peerClose;

  private NettyConnection(QuicChannel channel) {
    this.channel = channel;
    SocketAddress address = channel.remoteSocketAddress();
    // Kept: Netty forgets the address once the connection is closed.
    this.peer = address == null ? "peer" : address.toString().replaceFirst("^.*/", "");
  }

  /** The handler to put on every {@link QuicChannel}: it creates the connection when active. */
  static ChannelHandler connectionHandler(java.util.function.Consumer<NettyConnection> onActive) {
    return new ConnectionEvents(onActive);
  }

  /** The handler for every peer-opened stream. */
  static ChannelHandler streamHandler() {
    return STREAM_INITIALIZER;
  }

  /** A scheduler over the event loop this connection runs on. */
  public EventLoopScheduler scheduler() {
    return new EventLoopScheduler(channel.eventLoop());
  }

  @Override
  public void setListener(TransportListener listener) {
    this.listener = listener;
  }

  @Override
  public BidirectionalStream openBidirectionalStream() {
    NettyStream stream = open(QuicStreamType.BIDIRECTIONAL, 0);
    return new BidirectionalStream(stream, stream);
  }

  @Override
  public SendStream openUnidirectionalStream(int urgency) {
    if (!canOpenUnidirectionalStream()) {
      throw new IllegalStateException("the peer allows no more unidirectional streams now");
    }
    return open(QuicStreamType.UNIDIRECTIONAL, urgency);
  }

  /**
   * Netty's count of the peer's remaining credit: quiche's, less the streams opened since it was
   * read (Netty reads it again only once it reached zero), so never above what quiche allows.
   */
  @Override
  public boolean canOpenUnidirectionalStream() {
    return channel.peerAllowedStreams(QuicStreamType.UNIDIRECTIONAL) > 0;
  }

  private NettyStream open(QuicStreamType type, int urgency) {
    NettyStream stream = new NettyStream(this, urgency);
    Future<QuicStreamChannel> created = channel.createStream(type, stream);
    if (created.isDone()) {
      onCreated(stream, created);
    } else {
      created.addListener(future -> onCreated(stream, created));
    }
    return stream;
  }

  private static void onCreated(NettyStream stream, Future<QuicStreamChannel> created) {
    if (created.isSuccess()) {
      stream.attach(created.getNow());
    } else {
      stream.failBeforeAttach();
    }
  }

  @Override
  public boolean sendDatagram(byte[] payload) {
    if (!channel.isActive() || payload.length > maxDatagramBytes) {
      return false;
    }
    // A pooled direct buffer: quiche reads native memory, so a heap buffer would be copied again.
    channel.writeAndFlush(channel.alloc().directBuffer(payload.length).writeBytes(payload));
    return true;
  }

  @Override
  public int maxDatagramBytes() {
    return maxDatagramBytes;
  }

  @Override
  public PathStats pathStats() {
    if (!channel.isActive()) {
      return PathStats.UNKNOWN;
    }
    Future<QuicConnectionPathStats> future = channel.collectPathStats(0);
    QuicConnectionPathStats stats = future.isSuccess() ? future.getNow() : null;
    if (stats == null) {
      return PathStats.UNKNOWN;
    }
    return new PathStats(
        stats.rtt() / 1_000,
        stats.cwnd(),
        stats.deliveryRate(),
        stats.sent(),
        stats.lost(),
        stats.sentBytes());
  }

  @Override
  public void close(long applicationErrorCode, String reason) {
    if (closedLocally || !channel.isOpen()) {
      return;
    }
    closedLocally = true;
    localCode = applicationErrorCode;
    localReason = reason;
    channel.close(
        true,
        (int) applicationErrorCode,
        Unpooled.copiedBuffer(truncate(reason), StandardCharsets.UTF_8));
  }

  private static String truncate(String reason) {
    return reason.length() > 200 ? reason.substring(0, 200) : reason;
  }

  @Override
  public boolean isOpen() {
    return channel.isOpen() && !closedLocally;
  }

  @Override
  public String peerDescription() {
    return peer;
  }

  private void reportClosed() {
    if (closeReported || listener == null) {
      return;
    }
    closeReported = true;
    if (closedLocally) {
      listener.onClosed(localCode, localReason, false);
    } else if (peerClose != null) {
      long code = peerClose.isApplicationClose() ? peerClose.error() : -1;
      listener.onClosed(code, reasonOf(peerClose), true);
    } else {
      listener.onClosed(-1, channel.isTimedOut() ? "idle timeout" : "connection lost", true);
    }
  }

  /**
   * The peer's reason phrase. Netty's {@code reason()} clones its byte array and throws a
   * NullPointerException when the peer sent none (an empty phrase, as {@code QuicChannel.close()}
   * sends); thrown from channelInactive, that exception was swallowed and the session never heard
   * its close, holding its relay slot forever. Read the phrase only where it exists.
   */
  private static String reasonOf(QuicConnectionCloseEvent close) {
    try {
      return new String(close.reason(), StandardCharsets.UTF_8);
    } catch (NullPointerException noReason) {
      return "";
    }
  }

  /** Either limit changed; the listener hears of it only when a unidirectional stream may open. */
  private void onStreamLimitChanged() {
    if (listener != null && canOpenUnidirectionalStream()) {
      listener.onUnidirectionalStreamCredit();
    }
  }

  private void onPeerStream(QuicStreamChannel streamChannel) {
    NettyStream stream = new NettyStream(this, 0);
    streamChannel.pipeline().addLast(stream);
    stream.attach(streamChannel);
    if (listener == null) {
      streamChannel.close();
      return;
    }
    if (streamChannel.type() == QuicStreamType.BIDIRECTIONAL) {
      listener.onBidirectionalStream(new BidirectionalStream(stream, stream));
    } else {
      listener.onUnidirectionalStream(stream);
    }
  }

  private static final ChannelHandler STREAM_INITIALIZER = new StreamInitializer();

  /** Hands each peer-opened stream to its connection. */
  @ChannelHandler.Sharable
  private static final class StreamInitializer extends ChannelInitializer<QuicStreamChannel> {
    @Override
    protected void initChannel(QuicStreamChannel streamChannel) {
      NettyConnection connection = streamChannel.parent().attr(KEY).get();
      if (connection == null) {
        streamChannel.close();
        return;
      }
      connection.onPeerStream(streamChannel);
    }
  }

  /** Connection-level events: activation, datagrams, close. */
  private static final class ConnectionEvents extends ChannelInboundHandlerAdapter {
    private final java.util.function.Consumer<NettyConnection> onActive;

    ConnectionEvents(java.util.function.Consumer<NettyConnection> onActive) {
      this.onActive = onActive;
    }

    @Override
    public boolean isSharable() {
      return true;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      QuicChannel quic = (QuicChannel) ctx.channel();
      NettyConnection created = new NettyConnection(quic);
      quic.attr(KEY).set(created);
      onActive.accept(created);
      ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      NettyConnection owner = ctx.channel().attr(KEY).get();
      if (!(msg instanceof ByteBuf buffer)) {
        // New peer streams travel through the connection's pipeline as messages: pass them on.
        ctx.fireChannelRead(msg);
        return;
      }
      try {
        if (owner != null && owner.listener != null) {
          ByteBuffer bytes =
              buffer.nioBufferCount() == 1
                  ? buffer.nioBuffer()
                  : ByteBuffer.wrap(ByteBufUtil.getBytes(buffer));
          owner.listener.onDatagram(bytes);
        }
      } finally {
        buffer.release();
      }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
      NettyConnection owner = ctx.channel().attr(KEY).get();
      if (owner != null) {
        if (event instanceof QuicDatagramExtensionEvent datagrams) {
          owner.maxDatagramBytes = datagrams.maxLength();
        } else if (event instanceof QuicConnectionCloseEvent close) {
          owner.peerClose = close;
        } else if (event instanceof QuicStreamLimitChangedEvent) {
          owner.onStreamLimitChanged();
        }
      }
      ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      NettyConnection owner = ctx.channel().attr(KEY).get();
      if (owner != null) {
        owner.reportClosed();
      }
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // A failed connection ends in channelInactive; nothing to add here.
    }
  }
}
