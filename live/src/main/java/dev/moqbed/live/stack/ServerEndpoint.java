package dev.moqbed.live.stack;

import dev.moqbed.netty.EventLoopScheduler;
import java.net.InetSocketAddress;
import java.util.List;

/** A listening UDP socket that accepts QUIC connections, on either stack. */
public interface ServerEndpoint extends AutoCloseable {
  /** The bound address (with the real port when 0 was asked). */
  InetSocketAddress localAddress();

  /** The loop every accepted connection runs on (the first loop when there are several). */
  EventLoopScheduler scheduler();

  /**
   * Every loop connections run on, one per socket of the port ({@code relay --loops N}); each
   * accepted connection runs on one of them ({@link LiveConnection#scheduler()}).
   */
  default List<EventLoopScheduler> loops() {
    return List.of(scheduler());
  }

  /** The socket layer, for banners: "epoll+GSO", "epoll" or "NIO". */
  String socketLayer();

  /** Closes the socket and, when it owns one, stops its loop. */
  @Override
  void close();
}
