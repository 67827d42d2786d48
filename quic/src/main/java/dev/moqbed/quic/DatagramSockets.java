package dev.moqbed.quic;

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

  private DatagramSockets() {}

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
