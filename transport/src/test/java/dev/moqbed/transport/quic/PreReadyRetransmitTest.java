package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.StateVisitor;
import dev.moqbed.transport.recovery.RttFlavor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server's first flight is lost, as in the draft's {@code after_c4} × bbr: the client repeats
 * its Initial at its 250 ms timer, and the server's own 250 ms timer expires at the same
 * microsecond. picoquic (f00feeb7) then declares its Initial lost as a "repeat" ({@code
 * initial_repeat_needed}) and its oldest Handshake packet on the timer, resends one of each and
 * tells the controller nothing before the ready state. RFC 9002's probe timeout declares nothing
 * lost.
 */
class PreReadyRetransmitTest {
  private static final long ONE_WAY = 10_000;

  /**
   * The server's flight leaves when the client's Initial has arrived: 10 ms + 1,252 B at 20 Mbit/s.
   */
  private static final long SERVER_FLIGHT = ONE_WAY + 500;

  private record Loss(
      long nowMicros, PacketSpace space, long number, PacketLossListener.Reason why) {}

  private final List<Loss> serverLosses = new ArrayList<>();
  private final List<Long> lossesToController = new ArrayList<>();
  private long readyMicros = -1;

  @Test
  void picoquicDeclaresTheLostFirstFlightLostAtItsTimerBeforeReady() {
    ConnectionPair pair = pairLosingTheFirstFlight(RttFlavor.PICOQUIC);

    long expiry = SERVER_FLIGHT + 250_000;
    List<Loss> atExpiry = serverLosses.stream().filter(l -> l.nowMicros == expiry).toList();
    assertEquals(
        List.of(
            new Loss(expiry, PacketSpace.INITIAL, 0, PacketLossListener.Reason.TIME_THRESHOLD),
            new Loss(expiry, PacketSpace.HANDSHAKE, 0, PacketLossListener.Reason.PTO_EXPIRED)),
        atExpiry,
        "the Initial repeated, the oldest Handshake packet lost on the timer, nothing else");
    assertTrue(readyMicros > expiry, "ready after the resent flight: " + readyMicros);
    assertTrue(
        lossesToController.stream().allMatch(t -> t >= readyMicros),
        "no loss reaches the controller before ready: " + lossesToController);
    assertEquals(1, pair.server.stats().probeTimeouts(), "one timer retransmission: it backs off");
  }

  @Test
  void rfc9002DeclaresNothingLostOnTheProbeTimeout() {
    pairLosingTheFirstFlight(RttFlavor.RFC9002);

    assertTrue(
        serverLosses.stream().noneMatch(l -> l.why == PacketLossListener.Reason.PTO_EXPIRED),
        "the probe timeout only sends the CRYPTO data again: " + serverLosses);
    assertTrue(
        serverLosses.stream().noneMatch(l -> l.nowMicros == SERVER_FLIGHT + 250_000),
        "nothing declared lost when the client's Initial comes again: " + serverLosses);
  }

  private ConnectionPair pairLosingTheFirstFlight(RttFlavor flavor) {
    ConnectionPair[] holder = new ConnectionPair[1];
    ConnectionPair pair =
        ConnectionPair.builder()
            .oneWayMicros(ONE_WAY)
            .serverConfig(ConnectionConfig.builder(Role.SERVER).recoveryFlavor(flavor).build())
            .clientConfig(ConnectionConfig.builder(Role.CLIENT).recoveryFlavor(flavor).build())
            .serverControllers(new CountingFactory())
            .dropToClient(datagram -> holder[0].scheduler.nowMicros() < 100_000)
            .build();
    holder[0] = pair;
    pair.server.setLossListener(
        (now, space, number, size, why) -> serverLosses.add(new Loss(now, space, number, why)));
    pair.start();
    pair.runWhile(() -> !pair.server.isReady(), 2_000_000);
    readyMicros = pair.scheduler.nowMicros();
    assertTrue(pair.server.isReady(), "the handshake completes");
    assertTrue(pair.handshake(3_000_000), "both ends ready");
    return pair;
  }

  /** A fixed window that records when it hears of a loss. */
  private final class CountingFactory implements ControllerFactory {
    @Override
    public String spec() {
      return "counting";
    }

    @Override
    public CongestionController create(ControllerEnvironment environment) {
      return new CongestionController() {
        @Override
        public String id() {
          return "counting";
        }

        @Override
        public void onPacketLost(long nowMicros, LossSample loss) {
          lossesToController.add(nowMicros);
        }

        @Override
        public long congestionWindowBytes() {
          return 1_000_000;
        }

        @Override
        public long pacingRateBytesPerSecond() {
          return 0;
        }

        @Override
        public long pacingQuantumBytes() {
          return 16_000;
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
