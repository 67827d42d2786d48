package dev.moqbed.transport;

/** Where a network delivers datagrams: an endpoint, or the next link. */
@FunctionalInterface
public interface DatagramReceiver {
  void receive(long nowMicros, Datagram datagram);
}
