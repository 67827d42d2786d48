package dev.moqbed.netsim;

import dev.moqbed.transport.Datagram;

/** A test datagram's payload: its number in the order it was sent. */
record SequenceNumber(int value) implements Datagram.Payload {
  @Override
  public String toString() {
    return Integer.toString(value);
  }
}
