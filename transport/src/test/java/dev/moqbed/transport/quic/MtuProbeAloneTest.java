package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.StateVisitor;
import dev.moqbed.transport.Datagram;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * picoquic (f00feeb7, {@code sender.c}) makes a path MTU probe only of a 1-RTT packet that holds
 * nothing yet ({@code length > header_length} skips the probe): an ACK due leaves in a packet of
 * its own, and the probe in a later one. In {@code wifi_bad_bbr} run 0 the background client sends
 * its ACK (55 bytes) at 11,558 µs and its probe at 11,881 µs; the model used to put the ACK in the
 * probe, whose 1,440 bytes then held the ACK back on the uplink. Here the client paces slowly, so
 * the server's first 1-RTT packets make an ACK due before the client may send its probe.
 */
class MtuProbeAloneTest {

  /** One probe: which end sent it and whether it carried an ACK. */
  private record Probe(String from, long nowMicros, boolean withAck) {}

  @Test
  void noProbeCarriesAnAck() {
    List<Probe> probes = new ArrayList<>();
    ConnectionPair[] holder = new ConnectionPair[1];
    ConnectionPair pair =
        ConnectionPair.builder()
            .clientControllers(new SlowPacingFactory())
            .dropToServer(datagram -> record("client", datagram, holder[0], probes) && false)
            .dropToClient(datagram -> record("server", datagram, holder[0], probes) && false)
            .build();
    holder[0] = pair;
    pair.start();
    pair.runWhile(() -> clientProbes(probes) < 1, 1_000_000);

    assertTrue(clientProbes(probes) == 1, "the client probed: " + probes);
    assertFalse(probes.stream().anyMatch(Probe::withAck), "a probe with an ACK: " + probes);
  }

  private static long clientProbes(List<Probe> probes) {
    return probes.stream().filter(p -> p.from().equals("client")).count();
  }

  /** Records the probes among a datagram's packets; returns whether there was one. */
  private static boolean record(
      String from, Datagram datagram, ConnectionPair pair, List<Probe> out) {
    boolean any = false;
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      List<Frame> frames = packet.frames();
      boolean probe =
          packet.space() == PacketSpace.APPLICATION
              && packet.sizeBytes() > 1_252
              && frames.stream().anyMatch(f -> f instanceof Frame.Ping)
              && frames.stream().anyMatch(f -> f instanceof Frame.Padding);
      if (probe) {
        boolean ack = frames.stream().anyMatch(f -> f instanceof Frame.Ack);
        out.add(new Probe(from, pair.scheduler.nowMicros(), ack));
        any = true;
      }
    }
    return any;
  }

  /** A wide window paced at 20 kB/s: after its handshake packets the client waits to send. */
  private static final class SlowPacingFactory implements ControllerFactory {
    @Override
    public String spec() {
      return "slow-pacing";
    }

    @Override
    public CongestionController create(ControllerEnvironment environment) {
      return new CongestionController() {
        @Override
        public String id() {
          return "slow-pacing";
        }

        @Override
        public long congestionWindowBytes() {
          return 1_000_000;
        }

        @Override
        public long pacingRateBytesPerSecond() {
          return 20_000;
        }

        @Override
        public long pacingQuantumBytes() {
          return 1_500;
        }

        @Override
        public boolean inSlowStart() {
          return true;
        }

        @Override
        public void describe(StateVisitor visitor) {}
      };
    }
  }
}
