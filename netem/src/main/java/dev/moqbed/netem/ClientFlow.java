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
  UdpPort upstream;
  boolean closed;

  ClientFlow(InetSocketAddress address) {
    this.address = address;
  }

  void close() {
    closed = true;
    if (upstream != null) {
      upstream.close();
    }
  }
}
