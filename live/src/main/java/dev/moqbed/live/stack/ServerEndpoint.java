package dev.moqbed.live.stack;

import dev.moqbed.netty.EventLoopScheduler;
import java.net.InetSocketAddress;

/** A listening UDP socket that accepts QUIC connections, on either stack. */
public interface ServerEndpoint extends AutoCloseable {
  /** The bound address (with the real port when 0 was asked). */
  InetSocketAddress localAddress();

  /** The loop every accepted connection runs on. */
  EventLoopScheduler scheduler();

  /** The socket layer, for banners: "epoll+GSO", "epoll" or "NIO". */
  String socketLayer();

  /** Closes the socket and, when it owns one, stops its loop. */
  @Override
  void close();
}
