package dev.moqbed.transport.quic;

import java.nio.ByteBuffer;

/**
 * What a DATAGRAM frame (RFC 9221) carries: real bytes, or, in a simulation, an application's
 * message handed over by reference. A simulated quicperf server does not serialise its datagrams
 * (speed, and the bit-identical figures of the runs made that way): the message stands for {@link
 * #length()} bytes, which an encoder writes as zeros.
 */
public sealed interface DatagramPayload
    permits DatagramPayload.Bytes, DatagramPayload.Unserialised {
  /** The payload's length on the wire. */
  int length();

  /** Bytes as sent, or as a decoded frame held them. */
  static Bytes of(byte[] bytes) {
    return new Bytes(ByteSlice.of(bytes));
  }

  /** Real bytes: what a live application sends and every decoded frame holds. */
  record Bytes(ByteSlice bytes) implements DatagramPayload {
    @Override
    public int length() {
      return bytes.length();
    }

    /** The bytes as a buffer over the same array. */
    public ByteBuffer buffer() {
      return ByteBuffer.wrap(bytes.array(), bytes.offset(), bytes.length());
    }
  }

  /**
   * An application's message that the sender did not serialise; its class is the application's own,
   * so the receiving application recognises it by type.
   */
  non-sealed interface Unserialised extends DatagramPayload {}
}
