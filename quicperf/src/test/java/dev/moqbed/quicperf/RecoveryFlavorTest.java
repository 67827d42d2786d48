package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.cc.EcnSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.RttSample;
import dev.moqbed.cc.StateVisitor;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionPair;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.recovery.RttFlavor;
import org.junit.jupiter.api.Test;

/** What the controller hears about losses under picoquic's recovery rules and RFC 9002's. */
class RecoveryFlavorTest {

  /** Passes every event to a real controller and counts the loss-related ones. */
  static final class CountingController implements CongestionController {
    final CongestionController delegate;
    int persistentCongestion;
    int probeTimeouts;
    int timerLosses;
    int thresholdLosses;

    CountingController(CongestionController delegate) {
      this.delegate = delegate;
    }

    @Override
    public String id() {
      return delegate.id();
    }

    @Override
    public void onPacketSent(long now, long number, int size, long inFlight, boolean limited) {
      delegate.onPacketSent(now, number, size, inFlight, limited);
    }

    @Override
    public void onEcnCongestion(long now, EcnSample sample) {
      delegate.onEcnCongestion(now, sample);
    }

    @Override
    public void onRttSample(long now, RttSample sample) {
      delegate.onRttSample(now, sample);
    }

    @Override
    public void onPacketLost(long now, LossSample loss) {
      if (loss.trigger() == LossTrigger.TIMER) {
        timerLosses++;
      } else {
        thresholdLosses++;
      }
      delegate.onPacketLost(now, loss);
    }

    @Override
    public void onAck(long now, AckSample ack) {
      delegate.onAck(now, ack);
    }

    @Override
    public void onProbeTimeout(long now) {
      probeTimeouts++;
      delegate.onProbeTimeout(now);
    }

    @Override
    public void onPersistentCongestion(long now) {
      persistentCongestion++;
      delegate.onPersistentCongestion(now);
    }

    @Override
    public void onSpuriousLoss(long now, long number) {
      delegate.onSpuriousLoss(now, number);
    }

    @Override
    public void onCongestionWindowBlocked(long now) {
      delegate.onCongestionWindowBlocked(now);
    }

    @Override
    public void onIdleRestart(long now) {
      delegate.onIdleRestart(now);
    }

    @Override
    public void onResumeSeed(long now, long rate, long rtt) {
      delegate.onResumeSeed(now, rate, rtt);
    }

    @Override
    public long congestionWindowBytes() {
      return delegate.congestionWindowBytes();
    }

    @Override
    public long pacingRateBytesPerSecond() {
      return delegate.pacingRateBytesPerSecond();
    }

    @Override
    public long pacingQuantumBytes() {
      return delegate.pacingQuantumBytes();
    }

    @Override
    public boolean inSlowStart() {
      return delegate.inSlowStart();
    }

    @Override
    public void describe(StateVisitor visitor) {
      delegate.describe(visitor);
    }
  }

  /**
   * Downloads 2 MB while the downlink drops everything between 1 s and 12 s (the unbounded test
   * queue makes the RTT, and so the persistent-congestion duration, seconds long).
   */
  private static CountingController runThroughOutage(RttFlavor flavor, String controller) {
    VirtualScheduler scheduler = new VirtualScheduler();
    ControllerFactory real = ControllerRegistry.standard().parse(controller);
    CountingController[] server = new CountingController[1];
    ControllerFactory counting =
        new ControllerFactory() {
          @Override
          public String spec() {
            return real.spec();
          }

          @Override
          public CongestionController create(ControllerEnvironment environment) {
            CountingController created = new CountingController(real.create(environment));
            if (server[0] == null) {
              server[0] = created;
            }
            return created;
          }
        };
    ConnectionPair pair =
        ConnectionPair.builder()
            .scheduler(scheduler)
            .serverControllers(counting)
            .clientControllers(real)
            .serverConfig(ConnectionConfig.builder(Role.SERVER).recoveryFlavor(flavor).build())
            .clientConfig(ConnectionConfig.builder(Role.CLIENT).recoveryFlavor(flavor).build())
            .bitsPerSecond(10_000_000)
            .oneWayMicros(20_000)
            .dropToClient(
                d -> scheduler.nowMicros() >= 1_000_000 && scheduler.nowMicros() < 12_000_000)
            .build();
    BatchClient client = new BatchClient(397, 2_000_000);
    pair.client.setHandler(client);
    pair.server.setHandler(new BatchServer());
    pair.start().runWhile(() -> client.closedMicros() < 0, 60_000_000);
    assertEquals(2_000_000, client.receivedBytes(), flavor + " delivered everything");
    return server[0];
  }

  @Test
  void shouldReportPersistentCongestionOnlyUnderRfc9002() {
    CountingController rfc = runThroughOutage(RttFlavor.RFC9002, "newreno:flavor=rfc");
    assertTrue(rfc.persistentCongestion > 0, "RFC 9002 declares persistent congestion");
    assertEquals(0, rfc.timerLosses, "RFC 9002's probe timeout declares nothing lost");
    CountingController picoquic = runThroughOutage(RttFlavor.PICOQUIC, "newreno");
    assertEquals(0, picoquic.persistentCongestion, "picoquic has no persistent-congestion rule");
    assertTrue(picoquic.probeTimeouts > 0);
    assertTrue(picoquic.timerLosses > 0, "picoquic declares the oldest packet lost per timeout");
  }
}
