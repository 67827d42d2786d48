package dev.moqbed.transport.udp;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.Role;
import java.util.function.Function;

/**
 * How an endpoint accepts connections: the server's configuration, its congestion controller, and
 * the application handler of each new connection (called on the event loop before the client's
 * first datagram is processed).
 */
public record UdpServerSetup(
    ConnectionConfig config,
    ControllerFactory controllers,
    Function<UdpConnection, ConnectionHandler> handlers) {
  public UdpServerSetup {
    if (config.role() != Role.SERVER) {
      throw new IllegalArgumentException("a server setup needs a server configuration");
    }
  }
}
