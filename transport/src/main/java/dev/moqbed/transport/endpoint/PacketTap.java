package dev.moqbed.transport.endpoint;

import dev.moqbed.transport.Datagram;

/**
 * Watches one connection's datagrams where the driver sends and receives them, on the event loop,
 * as the simulator's tap watches a connection between its driver and the network (qlog: {@link
 * dev.moqbed.transport.udp.qlog.QlogFiles}). It only reads: a connection runs the same with or
 * without one. It must not block the loop. A server connection's datagrams up to its client's
 * ClientHello may be shown on the endpoint's handshake thread instead ({@link
 * Endpoint#offloadHandshakes}); never two calls at once.
 */
public interface PacketTap {
  /** A datagram the connection produced and the pump wrote; the connection's state includes it. */
  void onSent(long nowMicros, Datagram datagram);

  /** A datagram that decoded, before the connection processes it. */
  void onReceived(long nowMicros, Datagram datagram);

  /** The connection has processed what {@link #onReceived} showed (and any packets it freed). */
  void afterReceived(long nowMicros);

  /** The connection left the endpoint: nothing more comes. */
  void close();
}
