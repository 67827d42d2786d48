package dev.moqbed.transport.endpoint;

import java.net.InetSocketAddress;

/**
 * What sends one connection's datagrams for its host (a UDP socket's pump, a virtual-time link):
 * the {@link Endpoint} asks for a pass after each datagram it hands the connection, and stops it
 * when the connection leaves. A sender calls {@link EndpointConnection#afterPass} after each pass.
 */
public interface ConnectionSender {
  /** Runs a send pass soon, after the work already queued. */
  void schedule();

  /** No more passes: the connection left the endpoint. */
  void stop();

  /** The peer's address changed (its NAT rebound it): send there from now on. */
  default void onRemoteAddressChanged(InetSocketAddress remote) {}
}
