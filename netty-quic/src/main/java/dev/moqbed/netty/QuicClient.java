package dev.moqbed.netty;

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

  /** Why a handshake failed when the relay's certificate is not trusted, and what to do. */
  public static final String UNTRUSTED_CERTIFICATE =
      "the relay's certificate is not trusted: give it with --relay-cert FILE (the relay prints"
          + " where its certificate is), or accept any certificate with --insecure";

  /** The loop's group when this client owns it (null on a shared loop, which it must not stop). */
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
    EventLoopGroup group = DatagramSockets.newEventLoop();
    try {
      return connect(remote, serverName, settings, trust, alpn, onConnected, group, group);
    } catch (IOException | RuntimeException e) {
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
      throw e;
    }
  }

  /**
   * Like {@link #connect(InetSocketAddress, String, QuicSettings, ClientTrust, String, Consumer)},
   * with the connection's own UDP socket on an existing event loop: one of {@link
   * SharedEventLoops}, or a {@link QuicServer}'s (a relay's connection to its upstream relay runs
   * on the relay's own thread, so the relay still needs no locks). Closing the client leaves the
   * loop running. Must not be called on that loop's thread (it waits for the handshake).
   */
  public static QuicClient connect(
      InetSocketAddress remote,
      String serverName,
      QuicSettings settings,
      ClientTrust trust,
      String alpn,
      Consumer<NettyConnection> onConnected,
      EventLoopScheduler loop)
      throws IOException {
    if (loop.inEventLoop()) {
      throw new IllegalStateException("connect would wait on its own event loop");
    }
    return connect(remote, serverName, settings, trust, alpn, onConnected, loop.eventLoop(), null);
  }

  private static QuicClient connect(
      InetSocketAddress remote,
      String serverName,
      QuicSettings settings,
      ClientTrust trust,
      String alpn,
      Consumer<NettyConnection> onConnected,
      EventLoopGroup loop,
      EventLoopGroup owned)
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
    Channel channel = null;
    try {
      channel =
          DatagramSockets.withBuffers(new Bootstrap())
              .group(loop)
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
      if (settings.qlog("client") != null) {
        bootstrap.option(QuicChannelOption.QLOG, settings.qlog("client"));
      }
      Future<QuicChannel> connecting = bootstrap.connect();
      if (!connecting.awaitUninterruptibly(CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new IOException(
            "no answer from " + remote + " within " + CONNECT_TIMEOUT_SECONDS + " s");
      }
      if (!connecting.isSuccess()) {
        Throwable cause = connecting.cause();
        throw new IOException("cannot connect to " + remote + ": " + failure(cause), cause);
      }
      return new QuicClient(owned, channel, connecting.getNow());
    } catch (IOException | RuntimeException e) {
      if (channel != null) {
        channel.close();
      }
      throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
    }
  }

  /** Why the handshake failed, with what to do about a certificate the client does not trust. */
  static String failure(Throwable cause) {
    String message = cause == null ? "failed" : String.valueOf(cause.getMessage());
    if (message.contains("CERTIFICATE_VERIFY_FAILED")) {
      return UNTRUSTED_CERTIFICATE;
    }
    return message;
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
    if (datagramChannel.eventLoop().inEventLoop()) {
      datagramChannel.close();
    } else {
      datagramChannel.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
    }
    if (group != null) {
      group
          .shutdownGracefully(0, 200, TimeUnit.MILLISECONDS)
          .awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
  }
}
