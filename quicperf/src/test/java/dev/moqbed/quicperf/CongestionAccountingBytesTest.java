package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What picoquic's congestion accounting counts: {@code packet->length}, the packet before
 * protection, without its 16-byte AEAD tag ({@code delivered += p->length} and {@code data_acked +=
 * acked_packet->length} in {@code frames.c}), while bytes in flight count the whole datagram
 * ({@code p->length + p->checksum_overhead} in {@code sender.c}). On full packets the controller
 * therefore sees 16 bytes less per packet than left the flight, and the delivery rate reads about
 * 1,424 / 1,440 of the wire rate.
 */
class CongestionAccountingBytesTest {

  @Test
  void shouldReportAcknowledgedBytesWithoutTheAeadTagWhileBytesInFlightCountWholeDatagrams() {
    CongestionWindowBlockedTest.FixedWindowController server =
        CongestionWindowBlockedTest.download();
    long packets = 0;
    for (long[] wireAndAcked : server.wireAndAckedBytes) {
      long wire = wireAndAcked[0];
      long acked = wireAndAcked[1];
      long tagBytes = wire - acked;
      assertTrue(wire > 0 && tagBytes > 0, "wire " + wire + ", acked " + acked);
      assertEquals(
          0, tagBytes % 16, "one 16-byte tag per packet: wire " + wire + ", acked " + acked);
      long packetsInAck = tagBytes / 16;
      assertTrue(
          wire <= packetsInAck * 1_440 && wire >= packetsInAck * 55,
          packetsInAck + " packets cannot make " + wire + " bytes");
      packets += packetsInAck;
    }
    // A 2 MB download: some 1,400 full packets after the handshake.
    assertTrue(packets > 1_300, "packets acknowledged once ready: " + packets);
  }
}
