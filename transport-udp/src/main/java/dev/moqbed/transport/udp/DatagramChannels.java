package dev.moqbed.transport.udp;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.channel.socket.nio.NioDatagramChannel;
import java.net.StandardSocketOptions;

/**
 * The socket flavour: epoll where the native library loads (a flush of several datagrams is one
 * {@code sendmmsg} call there), NIO otherwise or when the system property {@code moqbed.udp.nio} is
 * {@code true} (one {@code send} per datagram). The same choice as the quiche path's sockets.
 */
final class DatagramChannels {
  private DatagramChannels() {}

  static boolean epoll() {
    return !Boolean.getBoolean("moqbed.udp.nio") && Epoll.isAvailable();
  }

  /**
   * Generic segmentation offload: on epoll where the kernel has {@code UDP_SEGMENT} (Linux 4.18),
   * unless the system property {@code moqbed.udp.gso} is {@code false}.
   */
  static boolean segmentation() {
    return epoll()
        && !"false".equalsIgnoreCase(System.getProperty("moqbed.udp.gso"))
        && EpollDatagramChannel.isSegmentedDatagramPacketSupported();
  }

  /** One event-loop thread: every connection of an endpoint runs on it. */
  static EventLoopGroup newEventLoop() {
    return new MultiThreadIoEventLoopGroup(
        1, epoll() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
  }

  /**
   * SO_REUSEPORT: several sockets of this process bind one port, and the kernel spreads the
   * datagrams over them by the sender's address and port (Linux allows it within one user).
   */
  static void reusePort(Bootstrap bootstrap) {
    if (epoll()) {
      bootstrap.option(EpollChannelOption.SO_REUSEPORT, true);
    } else {
      bootstrap.option(NioChannelOption.of(StandardSocketOptions.SO_REUSEPORT), true);
    }
  }

  static Class<? extends DatagramChannel> channelClass() {
    return epoll() ? EpollDatagramChannel.class : NioDatagramChannel.class;
  }

  /** "epoll+GSO", "epoll" or "NIO", for logs and bench output. */
  static String describe() {
    return segmentation() ? "epoll+GSO" : epoll() ? "epoll" : "NIO";
  }
}
