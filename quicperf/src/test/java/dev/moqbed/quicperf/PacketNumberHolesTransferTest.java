package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionPair;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import dev.moqbed.transport.quic.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** picoquic's packet-number holes on a whole transfer: where they go and what they change. */
class PacketNumberHolesTransferTest {

  /** One 2 MB download over 20 Mbit/s and 20 ms each way, recording what each end sent. */
  private static final class Transfer {
    final List<long[]> serverDatagrams = new ArrayList<>(); // {time, size}
    final TreeSet<Long> serverNumbers = new TreeSet<>();
    final TreeSet<Long> numbersAcknowledgedByClient = new TreeSet<>();
    final QuicConnection server;
    final long closedMicros;

    Transfer(int holePeriod, long transportSeed) {
      VirtualScheduler scheduler = new VirtualScheduler();
      ConnectionPair pair =
          ConnectionPair.builder()
              .scheduler(scheduler)
              .clientConfig(
                  ConnectionConfig.builder(Role.CLIENT).packetNumberHolePeriod(holePeriod).build())
              .serverConfig(
                  ConnectionConfig.builder(Role.SERVER).packetNumberHolePeriod(holePeriod).build())
              .transportSeeds(transportSeed ^ 1, transportSeed)
              .oneWayMicros(20_000)
              .dropToServer(
                  datagram -> {
                    recordAcks(datagram);
                    return false;
                  })
              .dropToClient(
                  datagram -> {
                    recordSent(scheduler.nowMicros(), datagram);
                    return false;
                  })
              .build();
      server = pair.server;
      BatchClient batch = new BatchClient(397, 2_000_000);
      pair.client.setHandler(batch);
      server.setHandler(new BatchServer());
      pair.start().runWhile(() -> batch.closedMicros() < 0, 60_000_000);
      assertEquals(2_000_000, batch.receivedBytes());
      closedMicros = batch.closedMicros();
    }

    private void recordSent(long nowMicros, Datagram datagram) {
      serverDatagrams.add(new long[] {nowMicros, datagram.sizeBytes()});
      for (QuicPacket packet : packets(datagram)) {
        if (packet.space() == PacketSpace.APPLICATION) {
          serverNumbers.add(packet.packetNumber());
        }
      }
    }

    private void recordAcks(Datagram datagram) {
      for (QuicPacket packet : packets(datagram)) {
        if (packet.space() != PacketSpace.APPLICATION) {
          continue;
        }
        for (Frame frame : packet.frames()) {
          if (frame instanceof Frame.Ack ack) {
            for (int i = 0; i < ack.frame().rangeCount(); i++) {
              for (long n = ack.frame().rangeSmallest(i); n <= ack.frame().rangeLargest(i); n++) {
                numbersAcknowledgedByClient.add(n);
              }
            }
          }
        }
      }
    }

    private static List<QuicPacket> packets(Datagram datagram) {
      return QuicPackets.in(datagram);
    }

    /** 1-RTT numbers below the highest sent that the server never used. */
    List<Long> skippedNumbers() {
      List<Long> skipped = new ArrayList<>();
      for (long n = serverNumbers.first(); n < serverNumbers.last(); n++) {
        if (!serverNumbers.contains(n)) {
          skipped.add(n);
        }
      }
      return skipped;
    }
  }

  @Test
  void shouldSkipNumbersThatThePeerNeverAcknowledges() {
    Transfer transfer = new Transfer(256, 42);
    List<Long> skipped = transfer.skippedNumbers();
    assertEquals(transfer.server.stats().packetNumbersSkipped(), skipped.size());
    // about 1,500 packets: holes spaced 3..258, then up to 514, 1026: at least two
    assertTrue(skipped.size() >= 2, "skipped " + skipped);
    assertTrue(skipped.get(0) <= 300, "first hole at " + skipped.get(0));
    for (long number : skipped) {
      assertFalse(transfer.numbersAcknowledgedByClient.contains(number), "acked hole " + number);
    }
  }

  @Test
  void shouldUseEveryNumberWithHolesOff() {
    Transfer transfer = new Transfer(0, 42);
    assertEquals(List.of(), transfer.skippedNumbers());
    assertEquals(0, transfer.server.stats().packetNumbersSkipped());
  }

  @Test
  void shouldRepeatTheSameTransferForTheSameSeed() {
    Transfer first = new Transfer(256, 42);
    Transfer second = new Transfer(256, 42);
    assertEquals(first.skippedNumbers(), second.skippedNumbers());
    assertEquals(first.closedMicros, second.closedMicros);
    assertEquals(first.serverDatagrams.size(), second.serverDatagrams.size());
    for (int i = 0; i < first.serverDatagrams.size(); i++) {
      assertEquals(first.serverDatagrams.get(i)[0], second.serverDatagrams.get(i)[0]);
      assertEquals(first.serverDatagrams.get(i)[1], second.serverDatagrams.get(i)[1]);
    }
  }

  @Test
  void shouldSkipOtherNumbersForAnotherSeed() {
    assertNotEquals(new Transfer(256, 42).skippedNumbers(), new Transfer(256, 43).skippedNumbers());
  }
}
