package dev.moqbed.live.stack;

import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.ServerCertificate;
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

  /**
   * Serves handshakes from now on with {@code certificate} (a renewed self-signed one); connections
   * already open keep theirs. False when the stack cannot change it while it runs (quiche, as Netty
   * configures it here): the relay must restart to take a new one.
   */
  default boolean replaceCertificate(ServerCertificate certificate) {
    return false;
  }

  /** The socket layer, for banners: "epoll+GSO", "epoll" or "NIO". */
  String socketLayer();

  /** Closes the socket and, when it owns one, stops its loop. */
  @Override
  void close();
}
