package dev.moqbed.transport.quic;

import java.nio.ByteBuffer;

/**
 * What a DATAGRAM frame (RFC 9221) carries: real bytes, or, in a simulation, an application's
 * message handed over by reference. A simulated quicperf server does not serialise its datagrams
 * (speed, and the bit-identical figures of the runs made that way): the message stands for {@link
 * #length()} bytes, which an encoder writes as zeros.
 */
public sealed interface DatagramPayload
    permits DatagramPayload.Bytes, DatagramPayload.Prefixed, DatagramPayload.Unserialised {
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
   * Real bytes in two parts: a short prefix of its own, packed into a long, and the rest shared
   * with other datagrams. A relay sends one object to every subscriber as the same bytes but for a
   * prefix (the subscriber's track alias): the rest is encoded once and never copied per
   * subscriber.
   *
   * @param prefix the prefix's bytes, the first in the most significant of the {@code prefixLength}
   *     low bytes
   * @param prefixLength 1 to 8
   * @param rest the bytes after the prefix; read, never written
   */
  record Prefixed(long prefix, int prefixLength, byte[] rest) implements DatagramPayload {
    public Prefixed {
      if (prefixLength < 1 || prefixLength > Long.BYTES) {
        throw new IllegalArgumentException("prefix of " + prefixLength + " bytes");
      }
    }

    @Override
    public int length() {
      return prefixLength + rest.length;
    }

    /** Writes the prefix, then the rest. */
    public void writeTo(ByteBuffer buffer) {
      for (int shift = 8 * (prefixLength - 1); shift >= 0; shift -= 8) {
        buffer.put((byte) (prefix >>> shift));
      }
      buffer.put(rest);
    }

    /** The whole payload in one new array (a simulated receiver, which gets the sent frame). */
    public Bytes toBytes() {
      ByteBuffer whole = ByteBuffer.allocate(length());
      writeTo(whole);
      return DatagramPayload.of(whole.array());
    }
  }

  /**
   * An application's message that the sender did not serialise; its class is the application's own,
   * so the receiving application recognises it by type.
   */
  non-sealed interface Unserialised extends DatagramPayload {}
}
