package dev.moqbed.netty;

import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamPriority;
import io.netty.handler.codec.quic.QuicStreamResetException;
import io.netty.handler.codec.quic.QuicStreamType;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * One QUIC stream as a {@link SendStream} and/or a {@link ReceiveStream}. A locally opened stream
 * may be asked to write before Netty has created its channel (stream credit); such writes wait
 * here, in order.
 *
 * <p>What Netty's codec does not give, and how it is worked around: STOP_SENDING from the peer is
 * seen only when a write fails ({@code ChannelOutputShutdownException}), without the peer's code,
 * so {@link SendStreamListener#onStopSending} gets -1, and only if something is written after it.
 *
 * <p>{@link #pause()} turns the channel's auto-read off: Netty then stops taking the stream's bytes
 * from quiche, quiche stops raising the peer's MAX_STREAM_DATA (it grants credit as the application
 * reads), and the peer is held by flow control. What Netty had read already waits here (at most one
 * read batch). {@link #resume()} delivers that and turns auto-read on again.
 */
final class NettyStream extends ChannelInboundHandlerAdapter implements SendStream, ReceiveStream {
  private final NettyConnection connection;
  private final ArrayDeque<ByteBuf> earlyWrites = new ArrayDeque<>();
  private final ArrayDeque<ByteBuf> earlyReads = new ArrayDeque<>();
  private QuicStreamChannel channel;
  private SendStreamListener sendListener;
  private ReceiveStreamListener receiveListener;
  private ChannelFuture lastWrite;
  private int urgency;
  private boolean finishRequested;
  private long resetCode = -1;
  private boolean outputClosed;
  private boolean stoppedByPeer;
  private boolean inputStopped;
  private boolean inputEnded;
  private boolean earlyFin;
  private long earlyResetCode = -1;
  private boolean paused;

  NettyStream(NettyConnection connection, int urgency) {
    this.connection = connection;
    this.urgency = urgency;
  }

  /** Called once the channel exists (local streams) or at once (peer streams). */
  void attach(QuicStreamChannel channel) {
    this.channel = channel;
    if (channel.isLocalCreated()) {
      channel.updatePriority(new QuicStreamPriority(urgency, false));
    }
    if (resetCode >= 0) {
      channel.shutdownOutput((int) resetCode);
      return;
    }
    while (!earlyWrites.isEmpty()) {
      writeNow(earlyWrites.poll());
    }
    if (finishRequested) {
      finishNow();
    }
  }

  void failBeforeAttach() {
    earlyWrites.forEach(ByteBuf::release);
    earlyWrites.clear();
    outputClosed = true;
  }

  @Override
  public long id() {
    return channel == null ? -1 : channel.streamId();
  }

  // ---- send side ----

  @Override
  public void setListener(SendStreamListener listener) {
    this.sendListener = listener;
  }

  @Override
  public void write(ByteBuffer bytes) {
    if (outputClosed || finishRequested) {
      bytes.position(bytes.limit());
      return;
    }
    if (channel == null) {
      earlyWrites.add(Unpooled.copiedBuffer(bytes));
      return;
    }
    // A pooled direct buffer: quiche reads native memory, so a heap copy would be copied again.
    ByteBuf copy = channel.alloc().directBuffer(bytes.remaining());
    copy.writeBytes(bytes);
    writeNow(copy);
  }

  private void writeNow(ByteBuf buffer) {
    ChannelFuture write = channel.writeAndFlush(buffer);
    lastWrite = write;
    write.addListener(
        future -> {
          if (!future.isSuccess()) {
            onWriteFailed();
          }
        });
  }

  private void onWriteFailed() {
    if (stoppedByPeer || resetCode >= 0 || !connection.isOpen()) {
      return;
    }
    // Netty reports STOP_SENDING only as a failed write, without the peer's code.
    stoppedByPeer = true;
    outputClosed = true;
    if (sendListener != null) {
      sendListener.onStopSending(-1);
    }
  }

  @Override
  public void finish() {
    if (outputClosed || finishRequested) {
      return;
    }
    finishRequested = true;
    if (channel != null) {
      finishNow();
    }
  }

  private void finishNow() {
    // FIN must follow the last byte: chain it on the last write, never shut down right away.
    if (lastWrite == null) {
      channel.shutdownOutput();
    } else {
      lastWrite.addListener(future -> channel.shutdownOutput());
    }
  }

  @Override
  public void reset(long errorCode) {
    if (resetCode >= 0 || (finishRequested && !stoppedByPeer)) {
      return;
    }
    resetCode = errorCode;
    outputClosed = true;
    if (channel != null) {
      channel.shutdownOutput((int) errorCode);
    } else {
      earlyWrites.forEach(ByteBuf::release);
      earlyWrites.clear();
    }
  }

  @Override
  public boolean isWritable() {
    return !outputClosed && (channel == null || channel.isWritable());
  }

  @Override
  public boolean isClosed() {
    return outputClosed || finishRequested;
  }

  @Override
  public void setUrgency(int urgency) {
    this.urgency = urgency;
    if (channel != null && !outputClosed) {
      channel.updatePriority(new QuicStreamPriority(urgency, false));
    }
  }

  // ---- receive side ----

  @Override
  public void setListener(ReceiveStreamListener listener) {
    this.receiveListener = listener;
    if (!paused) {
      deliverEarly();
    }
  }

  private void deliverEarly() {
    ReceiveStreamListener listener = receiveListener;
    while (!earlyReads.isEmpty() && !inputStopped && !paused) {
      ByteBuf buffer = earlyReads.poll();
      deliver(buffer);
    }
    if (inputStopped || paused) {
      return;
    }
    if (earlyResetCode >= 0) {
      long code = earlyResetCode;
      earlyResetCode = -1;
      listener.onReset(code);
    } else if (earlyFin) {
      earlyFin = false;
      listener.onFinished();
    }
  }

  @Override
  public void pause() {
    if (paused || inputStopped || inputEnded || channel == null) {
      return;
    }
    paused = true;
    channel.config().setAutoRead(false);
  }

  @Override
  public void resume() {
    if (!paused) {
      return;
    }
    paused = false;
    if (receiveListener != null) {
      deliverEarly();
    }
    if (!paused && !inputStopped && channel.isActive()) {
      // Turning auto-read on again also asks the channel for its next read.
      channel.config().setAutoRead(true);
    }
  }

  @Override
  public void stopSending(long errorCode) {
    if (inputStopped || inputEnded || channel == null) {
      return;
    }
    inputStopped = true;
    earlyReads.forEach(ByteBuf::release);
    earlyReads.clear();
    channel.shutdownInput((int) errorCode);
  }

  // ---- Netty events ----

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof ByteBuf buffer)) {
      io.netty.util.ReferenceCountUtil.release(msg);
      return;
    }
    if (inputStopped || inputEnded) {
      buffer.release();
      return;
    }
    if (receiveListener == null || paused) {
      earlyReads.add(buffer);
      return;
    }
    deliver(buffer);
  }

  private void deliver(ByteBuf buffer) {
    try {
      ByteBuffer bytes =
          buffer.nioBufferCount() == 1
              ? buffer.nioBuffer()
              : ByteBuffer.wrap(ByteBufUtil.getBytes(buffer));
      receiveListener.onData(bytes);
    } finally {
      buffer.release();
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (event instanceof ChannelInputShutdownReadComplete && !inputEnded && !inputStopped) {
      inputEnded = true;
      if (receiveListener == null || paused) {
        earlyFin = true;
      } else {
        receiveListener.onFinished();
      }
      closeIfReceiveOnly();
    }
  }

  /**
   * A peer-opened unidirectional stream whose input has ended (FIN or reset) has nothing left to
   * do, but Netty (half-closure allowed) closes a stream only once a FIN was also sent, which never
   * happens on a receive-only stream: without this its channel stayed in the connection's stream
   * map until the connection closed, one per group on a publisher's connection to the relay (found
   * by RelayChurnSoakNetworkTest). What was read has been delivered or buffered here already.
   */
  private void closeIfReceiveOnly() {
    if (channel != null
        && !channel.isLocalCreated()
        && channel.type() == QuicStreamType.UNIDIRECTIONAL) {
      channel.close();
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof QuicStreamResetException reset && !inputEnded && !inputStopped) {
      inputEnded = true;
      if (receiveListener == null || paused) {
        earlyResetCode = reset.applicationProtocolCode();
      } else {
        receiveListener.onReset(reset.applicationProtocolCode());
      }
      closeIfReceiveOnly();
    }
    // Other stream errors (a write after STOP_SENDING, a closed connection) are seen elsewhere.
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    // Tell the sender whenever the stream turns writable, not only after our own writes filled
    // it: quiche's stream capacity also drops to zero when the congestion window is full.
    if (ctx.channel().isWritable() && !outputClosed) {
      if (sendListener != null) {
        sendListener.onWritable();
      }
    }
  }
}
