package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.RttFlavor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The client pads its first datagram to 1,252 bytes. picoquic (f00feeb7, {@code sender.c}) writes
 * that padding as zeros after the datagram's packets, so its bytes are in no packet: the client's
 * Initial puts 330 bytes in flight in {@code wifi_bad_bbr} run 0, and its ACK grows the window by
 * 314. The model carries the padding as the Initial's PADDING frame; with picoquic's accounting it
 * stays out of the flight all the same. RFC 9002 counts the packet as sent, padding included.
 */
class InitialPaddingInFlightTest {

  /** The client's first datagram: its size on the wire and the Initial's trailing padding. */
  private record FirstDatagram(int wireBytes, int paddingBytes, long inFlightBytes) {}

  @Test
  void picoquicLeavesTheInitialPaddingOutOfTheFlight() {
    FirstDatagram first = firstDatagram(RttFlavor.PICOQUIC);

    assertEquals(1_252, first.wireBytes(), "the datagram is padded on the wire");
    assertTrue(first.paddingBytes() > 500, "most of it is padding: " + first);
    assertEquals(
        first.wireBytes() - first.paddingBytes(),
        first.inFlightBytes(),
        "in flight: the Initial without its padding");
  }

  @Test
  void rfc9002CountsTheWholeInitial() {
    FirstDatagram first = firstDatagram(RttFlavor.RFC9002);

    assertEquals(1_252, first.wireBytes());
    assertEquals(1_252, first.inFlightBytes(), "in flight: the whole packet");
  }

  private static FirstDatagram firstDatagram(RttFlavor flavor) {
    List<FirstDatagram> seen = new ArrayList<>();
    ConnectionPair[] holder = new ConnectionPair[1];
    ConnectionPair pair =
        ConnectionPair.builder()
            .serverConfig(ConnectionConfig.builder(Role.SERVER).recoveryFlavor(flavor).build())
            .clientConfig(ConnectionConfig.builder(Role.CLIENT).recoveryFlavor(flavor).build())
            .dropToServer(
                datagram -> {
                  if (seen.isEmpty()) {
                    QuicPacket initial = QuicPackets.in(datagram).get(0);
                    assertEquals(PacketSpace.INITIAL, initial.space());
                    List<Frame> frames = initial.frames();
                    int padding =
                        frames.get(frames.size() - 1) instanceof Frame.Padding p ? p.length() : 0;
                    seen.add(
                        new FirstDatagram(
                            datagram.sizeBytes(),
                            padding,
                            holder[0].client.path().bytesInFlight()));
                  }
                  return false;
                })
            .build();
    holder[0] = pair;
    pair.start();
    pair.runWhile(seen::isEmpty, 5_000);
    assertEquals(1, seen.size(), "the client sent its first datagram");
    return seen.get(0);
  }
}
