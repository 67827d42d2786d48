package dev.moqbed.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.DatagramPacket;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutionException;

/**
 * A plain UDP socket on the event loop of an {@link EventLoopScheduler}, for code above this
 * adapter that forwards datagrams (the link emulator) without importing Netty. Received datagrams
 * are handed over on the loop's thread as a {@link ByteBuffer} valid only during the call (the
 * receiver copies what it keeps); sends copy the bytes into Netty's pooled buffers, so the caller
 * may reuse its array at once. Sends are refused (return false) while the socket's outbound buffer
 * is above Netty's high-water mark: what the kernel cannot take is dropped and counted by the
 * caller, never queued without bound.
 */
public final class UdpPort implements AutoCloseable {
  /** What a port does with each datagram it receives; called on the loop's thread. */
  @FunctionalInterface
  public interface Receiver {
    void receive(InetSocketAddress sender, ByteBuffer payload);
  }

  /** The largest UDP payload (65,535 - 8 - 20): read whole, whatever its size. */
  public static final int MAX_DATAGRAM_BYTES = 65_507;

  private final Channel channel;

  private UdpPort(Channel channel) {
    this.channel = channel;
  }

  /**
   * Binds a UDP socket to {@code local} (port 0: any free port) on {@code loop}'s event loop, with
   * the socket buffers the QUIC sockets use. Works on the loop's own thread (where it binds at
   * once, without waiting on a future, which Netty forbids there) and from any other thread (which
   * waits for the loop to bind it).
   */
  public static UdpPort bind(EventLoopScheduler loop, InetSocketAddress local, Receiver receiver)
      throws IOException {
    if (loop.inEventLoop()) {
      return bindHere(loop.eventLoop(), local, receiver);
    }
    try {
      return loop.eventLoop().submit(() -> bindHere(loop.eventLoop(), local, receiver)).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while binding UDP " + local, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause);
    }
  }

  /** On the loop's thread: registration and bind complete inside these calls. */
  private static UdpPort bindHere(EventLoop loop, InetSocketAddress local, Receiver receiver)
      throws IOException {
    DatagramChannel channel;
    try {
      channel = DatagramSockets.channelClass().getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IOException("cannot create a UDP socket: " + e, e);
    }
    if (DatagramSockets.SOCKET_BUFFER_BYTES > 0) {
      channel.config().setOption(ChannelOption.SO_RCVBUF, DatagramSockets.SOCKET_BUFFER_BYTES);
      channel.config().setOption(ChannelOption.SO_SNDBUF, DatagramSockets.SOCKET_BUFFER_BYTES);
    }
    // Netty's default reads at most 2048 bytes per datagram and would cut larger ones silently
    channel.config().setRecvByteBufAllocator(new FixedRecvByteBufAllocator(MAX_DATAGRAM_BYTES));
    channel.pipeline().addLast(new Inbound(receiver));
    ChannelFuture registered = loop.register(channel);
    if (registered.isDone() && !registered.isSuccess()) {
      throw new IOException("cannot register a UDP socket: " + registered.cause());
    }
    ChannelFuture bound = channel.bind(local);
    if (!bound.isDone() || !bound.isSuccess()) {
      channel.close();
      Throwable cause = bound.cause();
      throw new IOException(
          "cannot bind UDP " + local + ": " + (cause == null ? "not bound" : cause.getMessage()),
          cause);
    }
    return new UdpPort(channel);
  }

  /** The address the socket is bound to. */
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) channel.localAddress();
  }

  /**
   * Sends {@code length} bytes of {@code data} to {@code to}; false (nothing sent) when the socket
   * cannot take more now. Call on the loop's thread.
   */
  public boolean send(InetSocketAddress to, byte[] data, int length) {
    if (!channel.isActive() || !channel.isWritable()) {
      return false;
    }
    ByteBuf buffer = channel.alloc().directBuffer(length);
    buffer.writeBytes(data, 0, length);
    channel.writeAndFlush(new DatagramPacket(buffer, to), channel.voidPromise());
    return true;
  }

  /** "epoll+GSO", "epoll" or "NIO": the socket layer in use. */
  public static String socketLayer() {
    return DatagramSockets.describe();
  }

  /** Closes the socket; waits for it unless called on the loop's own thread (which must not). */
  @Override
  public void close() {
    if (channel.eventLoop().inEventLoop()) {
      channel.close();
    } else {
      channel.close().awaitUninterruptibly();
    }
  }

  private static final class Inbound extends SimpleChannelInboundHandler<DatagramPacket> {
    private final Receiver receiver;

    Inbound(Receiver receiver) {
      this.receiver = receiver;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext context, DatagramPacket packet) {
      ByteBuf content = packet.content();
      receiver.receive(packet.sender(), content.nioBuffer());
    }
  }
}
