package dev.moqbed.transport.udp;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelConfig;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollDatagramChannelConfig;
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

  /**
   * The largest datagram a socket takes in whole: Netty's default receive buffer for datagram
   * channels, which a longer datagram has always been cut to (the packet codec sends at most 1,500
   * bytes).
   */
  static final int MAX_RECEIVED_BYTES = 2048;

  /** Datagrams one {@code recvmmsg} call may take (Netty's default reads per readiness, 16). */
  static final int DATAGRAMS_PER_READ = 16;

  /**
   * Reads several datagrams per system call under epoll ({@code recvmmsg}) where there was one
   * {@code recvmsg} per datagram: a relay hears an ACK or two per subscriber per few packets it
   * sends, and at 100 subscribers those reads were 29 % of its system calls. Netty cuts a read
   * buffer of {@link #DATAGRAMS_PER_READ} × {@link #MAX_RECEIVED_BYTES} into one slot per datagram;
   * a datagram longer than a slot is cut to it, as it was to the default buffer before. NIO has no
   * such call and keeps its defaults.
   */
  static void batchedReceive(ChannelConfig config) {
    if (epoll() && config instanceof EpollDatagramChannelConfig) {
      ((EpollDatagramChannelConfig) config).setMaxDatagramPayloadSize(MAX_RECEIVED_BYTES);
      config.setRecvByteBufAllocator(
          new FixedRecvByteBufAllocator(MAX_RECEIVED_BYTES * DATAGRAMS_PER_READ));
    }
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
