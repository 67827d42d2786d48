package dev.moqbed.transport.endpoint;

import dev.moqbed.transport.EcnMark;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * What an {@link Endpoint} needs from whoever owns the socket (or the virtual link): a way to send
 * the datagrams the endpoint answers with itself, and a sender for each connection it makes.
 */
public interface EndpointHost<S extends ConnectionSender> {
  /**
   * Sends a datagram the endpoint made itself: a Retry, a Stateless Reset, a Version Negotiation.
   * The buffer is the host's from now on.
   */
  void transmit(ByteBuffer datagram, InetSocketAddress to);

  /**
   * A connection joins the endpoint, client or server side, before its first datagram either way.
   * For a server connection the host also gives it its application handler. Throwing drops the
   * connection (counted as an internal error).
   *
   * @return what sends the connection's datagrams
   */
  S attach(EndpointConnection<S> connection);

  /**
   * The endpoint routes {@code routingKey} to one of its connections from now on. A host whose
   * socket shares its port with other endpoints' (several event loops) records it where they can
   * read it, so a datagram that reaches the wrong one finds its owner.
   */
  default void onRouted(long routingKey) {}

  /** The endpoint no longer routes {@code routingKey}. */
  default void onUnrouted(long routingKey) {}

  /**
   * A datagram for no connection of this endpoint: true when the host hands it to the endpoint of
   * its group that routes {@code routingKey} (copying what it needs: the buffer is reused once this
   * returns), false to let this endpoint treat it as unknown.
   */
  default boolean handOff(
      long routingKey, ByteBuffer content, InetSocketAddress sender, EcnMark ecn) {
    return false;
  }
}
