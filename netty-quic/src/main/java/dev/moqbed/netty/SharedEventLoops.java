package dev.moqbed.netty;

import io.netty.channel.EventLoopGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A few event-loop threads shared by many client connections ({@link QuicClient#connect(
 * java.net.InetSocketAddress, String, QuicSettings, ClientTrust, String,
 * java.util.function.Consumer, EventLoopScheduler)}): hundreds of subscribers in one process
 * without a thread each. Each connection still has its own UDP socket; {@link #next()} hands the
 * loops out in turn.
 */
public final class SharedEventLoops implements AutoCloseable {
  private final EventLoopGroup group;
  private final List<EventLoopScheduler> loops = new ArrayList<>();
  private final AtomicInteger next = new AtomicInteger();

  private SharedEventLoops(EventLoopGroup group) {
    this.group = group;
    group.forEach(
        executor -> loops.add(new EventLoopScheduler((io.netty.channel.EventLoop) executor)));
  }

  /** Starts {@code threads} event-loop threads (epoll or NIO, as {@link QuicServer} uses). */
  public static SharedEventLoops start(int threads) throws java.io.IOException {
    if (threads < 1) {
      throw new IllegalArgumentException("at least one event-loop thread");
    }
    NativeQuic.ensureAvailable();
    return new SharedEventLoops(DatagramSockets.newEventLoop(threads));
  }

  /**
   * Starts {@code threads} event-loop threads for plain UDP ({@link UdpPort}), without QUIC's
   * native library: epoll where it loads (its timers have microsecond resolution, NIO's
   * millisecond), NIO otherwise.
   */
  public static SharedEventLoops startForUdp(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("at least one event-loop thread");
    }
    return new SharedEventLoops(DatagramSockets.newEventLoop(threads));
  }

  /** The next loop, round robin. */
  public EventLoopScheduler next() {
    return loops.get(Math.floorMod(next.getAndIncrement(), loops.size()));
  }

  /** Every loop, in order. */
  public List<EventLoopScheduler> loops() {
    return List.copyOf(loops);
  }

  @Override
  public void close() {
    group
        .shutdownGracefully(0, 200, TimeUnit.MILLISECONDS)
        .awaitUninterruptibly(5, TimeUnit.SECONDS);
  }
}
