package dev.moqbed.transport.udp;

import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.HandshakeBudget;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A server's port on several event loops: one {@link UdpEndpoint} per loop, each with its own
 * SO_REUSEPORT socket bound to the same address and its own thread, so each loop owns the
 * connections the kernel brings to its socket. They share a {@link LoopRouting} (a datagram that
 * reaches the wrong loop goes to the loop that owns its connection, which follows the client to its
 * new address) and one handshake budget, whose limits hold for the port as a whole.
 */
public final class UdpEndpointGroup implements AutoCloseable {
  private final List<UdpEndpoint> endpoints;
  private final LoopRouting routing;

  private UdpEndpointGroup(List<UdpEndpoint> endpoints, LoopRouting routing) {
    this.endpoints = List.copyOf(endpoints);
    this.routing = routing;
  }

  /**
   * Binds {@code loops} sockets to {@code local} (port 0: the first takes an ephemeral port, the
   * others join it).
   *
   * @param setups the server setup of loop {@code i}
   * @throws IOException when a socket cannot be bound; the ones bound before are closed
   */
  public static UdpEndpointGroup bind(
      InetSocketAddress local,
      int loops,
      EndpointLimits limits,
      UdpSecurity security,
      IntFunction<UdpServerSetup> setups)
      throws IOException {
    if (loops < 1) {
      throw new IllegalArgumentException("at least one loop");
    }
    LoopRouting routing = new LoopRouting(new HandshakeBudget(limits));
    List<UdpEndpoint> bound = new ArrayList<>();
    try {
      InetSocketAddress address = local;
      for (int index = 0; index < loops; index++) {
        UdpEndpoint endpoint =
            UdpEndpoint.bindShared(address, limits, security, setups.apply(index), routing);
        bound.add(endpoint);
        address = endpoint.localAddress();
      }
    } catch (IOException | RuntimeException e) {
      for (UdpEndpoint endpoint : bound) {
        endpoint.close();
      }
      throw e;
    }
    return new UdpEndpointGroup(bound, routing);
  }

  /** The endpoints, one per loop. */
  public List<UdpEndpoint> endpoints() {
    return endpoints;
  }

  /** The address every socket is bound to. */
  public InetSocketAddress localAddress() {
    return endpoints.get(0).localAddress();
  }

  /** Datagrams one loop received and handed to the loop that owns their connection, so far. */
  public long handedOver() {
    return routing.handedOver();
  }

  /** Closes every socket and stops every loop. */
  @Override
  public void close() {
    RuntimeException failure = null;
    for (UdpEndpoint endpoint : endpoints) {
      try {
        endpoint.close();
      } catch (RuntimeException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
