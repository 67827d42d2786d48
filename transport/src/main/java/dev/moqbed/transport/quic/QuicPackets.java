package dev.moqbed.transport.quic;

import dev.moqbed.transport.Datagram;
import java.util.List;

/**
 * The coalesced QUIC packets of one datagram, as a connection sends and receives them: handed over
 * by reference in a simulation, encoded and decoded by the codec on a socket.
 */
public record QuicPackets(List<QuicPacket> packets) implements Datagram.Payload {
  /** A datagram that carries no packet (the connection ignores it but counts its bytes). */
  public static final QuicPackets NONE = new QuicPackets(List.of());

  /**
   * The packets of a datagram a connection sent or is to receive.
   *
   * @throws IllegalArgumentException when the datagram is another network user's
   */
  public static List<QuicPacket> in(Datagram datagram) {
    if (datagram.payload() instanceof QuicPackets quic) {
      return quic.packets();
    }
    throw new IllegalArgumentException("not a QUIC datagram: " + datagram);
  }
}
