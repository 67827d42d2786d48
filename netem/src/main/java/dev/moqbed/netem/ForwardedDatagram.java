package dev.moqbed.netem;

import dev.moqbed.transport.Datagram;

/**
 * A datagram's bytes while the link holds it: the payload of the netsim {@code Datagram}, copied
 * off the socket into an array of its own size (charged to the direction's {@link BufferBudget}),
 * and the client it belongs to (its sender going up, its destination coming down).
 */
final class ForwardedDatagram implements Datagram.Payload {
  final byte[] bytes;
  final ClientFlow client;
  final long receivedMicros;

  ForwardedDatagram(byte[] bytes, ClientFlow client, long receivedMicros) {
    this.bytes = bytes;
    this.client = client;
    this.receivedMicros = receivedMicros;
  }
}
