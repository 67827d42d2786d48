package dev.moqbed.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.quic.EpollQuicUtils;
import io.netty.handler.codec.quic.SegmentedDatagramPacketAllocator;

/**
 * The UDP sockets under QUIC: epoll with UDP GSO (several packets per system call) where the native
 * library and the kernel allow it, NIO otherwise or when the system property {@code
 * moqbed.quic.nio} is {@code true}. GRO stays off: it cut throughput and lost packets in the
 * measurements on this machine.
 */
final class DatagramSockets {
  /** Packets per GSO send; quiche's send quantum caps it further. */
  private static final int GSO_SEGMENTS = 16;

  /**
   * Socket send and receive buffers: 4 MiB (Linux caps it at net.core.rmem_max / wmem_max), so a
   * burst to hundreds of connections, or an event loop the host's scheduler delays for a few
   * milliseconds, does not overflow the kernel's 208 KiB default and lose packets on loopback. The
   * system property {@code moqbed.quic.socketBufferBytes} overrides it; 0 keeps the OS default.
   */
  static final int SOCKET_BUFFER_BYTES =
      Integer.getInteger("moqbed.quic.socketBufferBytes", 4 << 20);

  private DatagramSockets() {}

  /** The buffer sizes on a bootstrap of a UDP socket. */
  static Bootstrap withBuffers(Bootstrap bootstrap) {
    if (SOCKET_BUFFER_BYTES > 0) {
      bootstrap
          .option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER_BYTES)
          .option(ChannelOption.SO_SNDBUF, SOCKET_BUFFER_BYTES);
    }
    return bootstrap;
  }

  static boolean epoll() {
    return !Boolean.getBoolean("moqbed.quic.nio") && Epoll.isAvailable();
  }

  static boolean gso() {
    return epoll() && EpollDatagramChannel.isSegmentedDatagramPacketSupported();
  }

  static EventLoopGroup newEventLoop() {
    return newEventLoop(1);
  }

  static EventLoopGroup newEventLoop(int threads) {
    return new MultiThreadIoEventLoopGroup(
        threads, epoll() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
  }

  static Class<? extends DatagramChannel> channelClass() {
    return epoll() ? EpollDatagramChannel.class : NioDatagramChannel.class;
  }

  /** The GSO allocator, or null without GSO. */
  static SegmentedDatagramPacketAllocator segmentedAllocator() {
    return gso() ? EpollQuicUtils.newSegmentedAllocator(GSO_SEGMENTS) : null;
  }

  /** "epoll+GSO", "epoll" or "NIO", for logs. */
  static String describe() {
    return gso() ? "epoll+GSO" : epoll() ? "epoll" : "NIO";
  }
}
