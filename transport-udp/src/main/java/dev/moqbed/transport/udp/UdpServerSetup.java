package dev.moqbed.transport.udp;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.Role;
import java.util.function.Function;

/**
 * How an endpoint accepts connections: the server's configuration, its congestion controller, and
 * the application handler of each new connection (called on the event loop once the client's
 * ClientHello is answered, which under TLS happens on the endpoint's handshake thread), and what
 * taps each accepted connection's packets.
 */
public record UdpServerSetup(
    ConnectionConfig config,
    ControllerFactory controllers,
    Function<UdpConnection, ConnectionHandler> handlers,
    PacketTaps taps) {
  public UdpServerSetup {
    if (config.role() != Role.SERVER) {
      throw new IllegalArgumentException("a server setup needs a server configuration");
    }
    if (taps == null) {
      throw new IllegalArgumentException("taps: PacketTaps.NONE for none");
    }
  }

  /** A setup whose connections are not tapped. */
  public UdpServerSetup(
      ConnectionConfig config,
      ControllerFactory controllers,
      Function<UdpConnection, ConnectionHandler> handlers) {
    this(config, controllers, handlers, PacketTaps.NONE);
  }
}
