package dev.moqbed.transport.endpoint;

import dev.moqbed.transport.wire.QuicVersion;
import java.nio.ByteBuffer;
import java.util.random.RandomGenerator;

/**
 * The server's answer to a client that offers a version it does not speak (RFC 9000 §6.1, §17.2.1):
 * a Version Negotiation packet listing version 1 and one reserved version (§6.3: so that clients
 * never come to rely on the list's exact contents), the client's ids swapped. It answers only a
 * datagram of at least 1,200 bytes and is far smaller than that, so it amplifies nothing; at most
 * {@value #BURST} at once, then {@value #PER_SECOND} a second, so that a spoofed flood turns into
 * little traffic toward its victims. No state per sender.
 */
final class VersionNegotiation {
  static final int BURST = 100;
  static final int PER_SECOND = 100;

  /**
   * Versions of the form 0x?a?a?a?a are reserved for exercising negotiation (§15); this one is
   * listed beside version 1.
   */
  static final int RESERVED_VERSION = 0x1a2a3a4a;

  private static final int LONG_HEADER_BIT = 0x80;

  /** §17.2.1: where QUIC shares a port with other protocols, the second bit should be set. */
  private static final int FIXED_BIT = 0x40;

  private final RandomGenerator random;
  private final TokenBucket rate = TokenBucket.perSecond(PER_SECOND, BURST);

  VersionNegotiation(RandomGenerator random) {
    this.random = random;
  }

  /**
   * The packet answering {@code datagram}, whose header {@code header} read as an unknown version,
   * or null beyond the rate.
   */
  ByteBuffer answer(ByteBuffer datagram, InboundHeader header, long nowMicros) {
    if (!rate.tryTake(nowMicros)) {
      return null;
    }
    int destinationLength = header.sourceIdLength();
    int sourceLength = header.destinationIdLength();
    ByteBuffer packet = ByteBuffer.allocate(1 + 4 + 1 + destinationLength + 1 + sourceLength + 8);
    packet.put((byte) (LONG_HEADER_BIT | FIXED_BIT | random.nextInt(FIXED_BIT)));
    packet.putInt(0); // the version of a Version Negotiation packet
    packet.put((byte) destinationLength);
    packet.put(packet.position(), datagram, header.sourceIdOffset(), destinationLength);
    packet.position(packet.position() + destinationLength);
    packet.put((byte) sourceLength);
    packet.put(packet.position(), datagram, header.destinationIdOffset(), sourceLength);
    packet.position(packet.position() + sourceLength);
    packet.putInt(QuicVersion.VERSION_1);
    packet.putInt(RESERVED_VERSION);
    return packet.flip();
  }
}
