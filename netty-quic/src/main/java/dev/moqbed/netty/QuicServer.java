package dev.moqbed.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.quic.InsecureQuicTokenHandler;
import io.netty.handler.codec.quic.QuicChannelOption;
import io.netty.handler.codec.quic.QuicServerCodecBuilder;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.SegmentedDatagramPacketAllocator;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A QUIC server on one UDP socket and one event-loop thread: every accepted connection runs on that
 * thread, so a role that serves many connections (the relay) needs no locks.
 */
public final class QuicServer implements AutoCloseable {
  private final EventLoopGroup group;
  private final Channel channel;
  private final EventLoopScheduler scheduler;

  private QuicServer(EventLoopGroup group, Channel channel) {
    this.group = group;
    this.channel = channel;
    this.scheduler = new EventLoopScheduler(channel.eventLoop());
  }

  /**
   * Binds {@code address} and accepts connections offering {@code alpn}; {@code onConnection} runs
   * on the server's event loop for each connection once its handshake is done.
   */
  public static QuicServer start(
      InetSocketAddress address,
      QuicSettings settings,
      ServerCertificate certificate,
      String alpn,
      Consumer<NettyConnection> onConnection)
      throws IOException {
    NativeQuic.ensureAvailable();
    QuicSslContext tls = certificate.serverContext().applicationProtocols(alpn).build();
    QuicServerCodecBuilder builder =
        QuicCodecs.configure(new QuicServerCodecBuilder(), settings)
            .sslContext(tls)
            .tokenHandler(InsecureQuicTokenHandler.INSTANCE)
            .handler(NettyConnection.connectionHandler(onConnection))
            .streamHandler(NettyConnection.streamHandler());
    SegmentedDatagramPacketAllocator gso = DatagramSockets.segmentedAllocator();
    if (gso != null) {
      builder.option(QuicChannelOption.SEGMENTED_DATAGRAM_PACKET_ALLOCATOR, gso);
    }
    if (settings.qlog("server") != null) {
      builder.option(QuicChannelOption.QLOG, settings.qlog("server"));
    }
    ChannelHandler codec = builder.build();
    EventLoopGroup group = DatagramSockets.newEventLoop();
    try {
      Channel channel =
          DatagramSockets.withBuffers(new Bootstrap())
              .group(group)
              .channel(DatagramSockets.channelClass())
              .handler(codec)
              .bind(address)
              .syncUninterruptibly()
              .channel();
      return new QuicServer(group, channel);
    } catch (Exception e) {
      // Netty rethrows the socket's checked exception (address in use, no such address) from
      // syncUninterruptibly without declaring it: catch it all, and name the address.
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
      throw new IOException("cannot listen on " + address + ": " + bindFailure(e), e);
    }
  }

  /** The socket's reason without Netty's "bind(..) failed with error(-98): " prefix. */
  public static String bindFailure(Throwable e) {
    String message = e == null ? "failed" : String.valueOf(e.getMessage());
    int reason = message.indexOf("): ");
    return message.startsWith("bind(") && reason > 0 ? message.substring(reason + 3) : message;
  }

  /** The scheduler over the server's event loop: the one its connections run on. */
  public EventLoopScheduler scheduler() {
    return scheduler;
  }

  /** The socket layer in use: "epoll+GSO", "epoll" or "NIO". */
  public static String socketLayer() {
    return DatagramSockets.describe();
  }

  /** The bound address (with the real port when 0 was asked). */
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) channel.localAddress();
  }

  /** Closes the socket and stops the event loop (connections end without CONNECTION_CLOSE). */
  @Override
  public void close() {
    channel.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
    group
        .shutdownGracefully(0, 200, TimeUnit.MILLISECONDS)
        .awaitUninterruptibly(2, TimeUnit.SECONDS);
  }
}
