package dev.moqbed.transport.endpoint;

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
}
