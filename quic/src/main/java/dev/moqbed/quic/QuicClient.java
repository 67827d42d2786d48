package dev.moqbed.quic;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicChannelBootstrap;
import io.netty.handler.codec.quic.QuicChannelOption;
import io.netty.handler.codec.quic.QuicClientCodecBuilder;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.SegmentedDatagramPacketAllocator;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** One QUIC client connection on its own UDP socket and event-loop thread. */
public final class QuicClient implements AutoCloseable {
  private static final long CONNECT_TIMEOUT_SECONDS = 10;

  private final EventLoopGroup group;
  private final Channel datagramChannel;
  private final QuicChannel connection;
  private final EventLoopScheduler scheduler;

  private QuicClient(EventLoopGroup group, Channel datagramChannel, QuicChannel connection) {
    this.group = group;
    this.datagramChannel = datagramChannel;
    this.connection = connection;
    this.scheduler = new EventLoopScheduler(datagramChannel.eventLoop());
  }

  /**
   * Connects to {@code remote}, checking its certificate for {@code serverName} (unless the trust
   * is insecure), offering {@code alpn}. {@code onConnected} runs on the client's event loop once
   * the handshake is done, before this method returns.
   *
   * @throws IOException when the handshake fails or times out
   */
  public static QuicClient connect(
      InetSocketAddress remote,
      String serverName,
      QuicSettings settings,
      ClientTrust trust,
      String alpn,
      Consumer<NettyConnection> onConnected)
      throws IOException {
    NativeQuic.ensureAvailable();
    QuicSslContextBuilder tlsBuilder = QuicSslContextBuilder.forClient().applicationProtocols(alpn);
    trust.apply(tlsBuilder);
    if (!trust.checksHostName()) {
      tlsBuilder.endpointIdentificationAlgorithm(null);
    }
    QuicSslContext tls = tlsBuilder.build();
    ChannelHandler codec =
        QuicCodecs.configure(new QuicClientCodecBuilder(), settings)
            .sslContext(tls)
            // The 4.2 client checks the server's name: give it the name (and SNI) to check.
            .sslEngineProvider(quic -> tls.newEngine(quic.alloc(), serverName, remote.getPort()))
            .build();
    EventLoopGroup group = DatagramSockets.newEventLoop();
    try {
      Channel channel =
          new Bootstrap()
              .group(group)
              .channel(DatagramSockets.channelClass())
              .handler(codec)
              .bind(0)
              .syncUninterruptibly()
              .channel();
      QuicChannelBootstrap bootstrap =
          QuicChannel.newBootstrap(channel)
              .handler(NettyConnection.connectionHandler(onConnected))
              .streamHandler(NettyConnection.streamHandler())
              .remoteAddress(remote);
      SegmentedDatagramPacketAllocator gso = DatagramSockets.segmentedAllocator();
      if (gso != null) {
        bootstrap.option(QuicChannelOption.SEGMENTED_DATAGRAM_PACKET_ALLOCATOR, gso);
      }
      Future<QuicChannel> connecting = bootstrap.connect();
      if (!connecting.awaitUninterruptibly(CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new IOException(
            "no answer from " + remote + " within " + CONNECT_TIMEOUT_SECONDS + " s");
      }
      if (!connecting.isSuccess()) {
        Throwable cause = connecting.cause();
        throw new IOException(
            "cannot connect to " + remote + ": " + (cause == null ? "failed" : cause.getMessage()),
            cause);
      }
      return new QuicClient(group, channel, connecting.getNow());
    } catch (IOException | RuntimeException e) {
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
      throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
    }
  }

  /** The scheduler over this client's event loop: the one its connection runs on. */
  public EventLoopScheduler scheduler() {
    return scheduler;
  }

  /** The local UDP port, which the server sees as this client's port. */
  public int localPort() {
    return ((InetSocketAddress) datagramChannel.localAddress()).getPort();
  }

  /** True until the connection has closed. */
  public boolean isConnected() {
    return connection.isActive();
  }

  /** Closes the socket and stops the event loop. */
  @Override
  public void close() {
    datagramChannel.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
    group
        .shutdownGracefully(0, 200, TimeUnit.MILLISECONDS)
        .awaitUninterruptibly(2, TimeUnit.SECONDS);
  }
}
