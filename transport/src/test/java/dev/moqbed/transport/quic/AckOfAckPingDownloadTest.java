package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.recovery.AckFlavor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A download at 10 Mbit/s: the client sends ACKs (and flow-control updates). When the server's ACKs
 * of them are lost for a while, picoquic's client bundles a PING with one of its ACKs, as it does
 * in the draft's {@code vs_bbr_lg2} (its 1-RTT packet 137 at 1,095,057 µs: an ACK and a PING, 62
 * bytes), and the server acknowledges that packet. With RFC 9000's policy no ACK gets a PING.
 */
class AckOfAckPingDownloadTest {
  private static final long RUN_MICROS = 3_000_000;

  /**
   * The client's 1-RTT packets: ACK and PING only, those with anything else ack-eliciting (its
   * MAX_DATA and MAX_STREAM_DATA), and all.
   */
  private record ClientPackets(List<Long> ackPlusPing, List<Long> otherEliciting, List<Long> all) {}

  @Test
  void picoquicsClientPingsWithAnAckAndTheServerAcknowledgesIt() {
    List<Long> acknowledgedByServer = new ArrayList<>();
    ClientPackets sent = download(AckFlavor.PICOQUIC, acknowledgedByServer);

    assertFalse(
        sent.ackPlusPing().isEmpty(),
        "some ACK carries a PING: "
            + sent.all()
            + " other "
            + sent.otherEliciting()
            + " acked "
            + acknowledgedByServer);
    // the rule fires again only after a new largest acknowledged and 24 more packets
    for (int i = 1; i < sent.ackPlusPing().size(); i++) {
      long gap = sent.ackPlusPing().get(i) - sent.ackPlusPing().get(i - 1);
      assertTrue(gap > AckOfAckPing.ACK_REPEAT_INTERVAL, "PINGs too close: " + sent.ackPlusPing());
    }
    long first = sent.ackPlusPing().get(0);
    assertTrue(
        acknowledgedByServer.contains(first),
        "the server acknowledges the client's packet " + first);
  }

  @Test
  void rfc9000LeavesTheClientsAcksAlone() {
    ClientPackets sent = download(AckFlavor.RFC9000, new ArrayList<>());

    assertTrue(sent.all().size() > 50, "the client acknowledged the download: " + sent.all());
    assertEquals(List.of(), sent.ackPlusPing());
  }

  /**
   * Runs a 3 MB download in which the server's ACKs of the client's packets are lost from 0.5 s to
   * 1 s (the datagrams that carry them are dropped, as a full bottleneck queue drops them): the
   * largest of the client's packets acknowledged stops advancing. Returns the client's 1-RTT
   * packets after its first ten (the handshake's own PING and frames come first) and fills {@code
   * acknowledgedByServer} with the numbers of the client's packets that the server's delivered ACK
   * frames cover.
   */
  private static ClientPackets download(AckFlavor flavor, List<Long> acknowledgedByServer) {
    ClientPackets sent = new ClientPackets(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    VirtualScheduler scheduler = new VirtualScheduler();
    ConnectionPair pair =
        ConnectionPair.builder()
            .scheduler(scheduler)
            .bitsPerSecond(10_000_000)
            .oneWayMicros(35_000)
            .serverConfig(
                ConnectionConfig.builder(Role.SERVER)
                    .ackFlavor(flavor)
                    .disableFlowControl()
                    .build())
            .clientConfig(
                ConnectionConfig.builder(Role.CLIENT)
                    .ackFlavor(flavor)
                    // no window updates: nothing else the client sends asks for an ACK
                    .disableFlowControl()
                    .build())
            .dropToServer(datagram -> record(datagram, sent))
            .dropToClient(
                datagram -> {
                  boolean lost =
                      scheduler.nowMicros() >= 500_000 && scheduler.nowMicros() < 1_000_000;
                  for (QuicPacket packet : QuicPackets.in(datagram)) {
                    for (Frame frame : packet.frames()) {
                      if (packet.space() == PacketSpace.APPLICATION
                          && frame instanceof Frame.Ack a) {
                        if (lost) {
                          return true;
                        }
                        for (long n : sent.all()) {
                          if (a.frame().acknowledges(n) && !acknowledgedByServer.contains(n)) {
                            acknowledgedByServer.add(n);
                          }
                        }
                      }
                    }
                  }
                  return false;
                })
            .build();
    pair.start();
    assertTrue(pair.handshake(400_000), "both ends ready");
    long stream = pair.server.openUnidirectionalStream(0);
    pair.server.writeCount(stream, 3_000_000);
    pair.server.finish(stream);
    pair.runWhile(() -> true, RUN_MICROS);
    return sent;
  }

  private static boolean record(dev.moqbed.transport.Datagram datagram, ClientPackets sent) {
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      if (packet.space() != PacketSpace.APPLICATION || packet.packetNumber() < 10) {
        continue;
      }
      sent.all().add(packet.packetNumber());
      List<Frame> frames = packet.frames();
      boolean ack = frames.stream().anyMatch(f -> f instanceof Frame.Ack);
      boolean ping = frames.stream().anyMatch(f -> f instanceof Frame.Ping);
      boolean other = frames.stream().anyMatch(f -> f.ackEliciting() && !(f instanceof Frame.Ping));
      if (ack && ping && !other) {
        sent.ackPlusPing().add(packet.packetNumber());
      } else if (other) {
        sent.otherEliciting().add(packet.packetNumber());
      }
    }
    return false;
  }
}
