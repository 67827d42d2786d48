package dev.moqbed.transport.udp;

import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.endpoint.HandshakeBudget;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the endpoints of a {@link UdpEndpointGroup} share: which of them routes each connection id,
 * and one handshake budget. The kernel spreads datagrams over the group's sockets by the sender's
 * address and port; a client whose address changes (a NAT that rebinds its port) reaches another
 * socket, whose endpoint knows no connection of that id: it hands the datagram to the endpoint that
 * routes it, through that endpoint's task queue (Netty's lock-free queue), and the owner follows
 * the client to its new address. The map is written when a connection is made or freed and read
 * only for datagrams of no connection of the endpoint that received them: the media path never
 * touches it.
 */
final class LoopRouting {
  private final ConcurrentMap<Long, UdpEndpoint> owners = new ConcurrentHashMap<>();
  private final HandshakeBudget handshakes;
  private final AtomicLong handedOver = new AtomicLong();

  LoopRouting(HandshakeBudget handshakes) {
    this.handshakes = handshakes;
  }

  HandshakeBudget handshakes() {
    return handshakes;
  }

  void route(long routingKey, UdpEndpoint owner) {
    owners.put(routingKey, owner);
  }

  void unroute(long routingKey, UdpEndpoint owner) {
    owners.remove(routingKey, owner);
  }

  /**
   * Hands {@code content} to the endpoint that routes {@code routingKey} when that is another one
   * than {@code receiver}: copied (the receiver's buffer is reused) and queued on the owner's loop.
   */
  boolean handOff(
      long routingKey,
      UdpEndpoint receiver,
      ByteBuffer content,
      InetSocketAddress sender,
      EcnMark ecn) {
    UdpEndpoint owner = owners.get(routingKey);
    if (owner == null || owner == receiver) {
      return false;
    }
    byte[] copy = new byte[content.remaining()];
    content.duplicate().get(copy);
    handedOver.incrementAndGet();
    owner.scheduler().execute(() -> owner.receiveHandedOver(copy, sender, ecn));
    return true;
  }

  /** Datagrams handed from one endpoint of the group to another so far. */
  long handedOver() {
    return handedOver.get();
  }
}
