package dev.moqbed.netem;

import dev.moqbed.netty.UdpPort;
import java.net.InetSocketAddress;

/**
 * One client of the emulator: its address, and the socket it is given towards the forward address
 * (one per client, so the replies that socket receives belong to that client). Closed when the
 * client has been idle too long; datagrams still in the link for it are then dropped and counted.
 */
final class ClientFlow {
  final InetSocketAddress address;

  /** The emulator's port the client sends to, which sends the replies back. */
  final UdpPort listen;

  /** The server the client's datagrams go to. */
  final InetSocketAddress forward;

  UdpPort upstream;
  boolean closed;

  ClientFlow(InetSocketAddress address, UdpPort listen, InetSocketAddress forward) {
    this.address = address;
    this.listen = listen;
    this.forward = forward;
  }

  void close() {
    closed = true;
    if (upstream != null) {
      upstream.close();
    }
  }
}
