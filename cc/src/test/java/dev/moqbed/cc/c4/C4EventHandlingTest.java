package dev.moqbed.cc.c4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.EcnSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.RttSample;
import dev.moqbed.cc.SettablePathView;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Registration, the packet-space filter, ECN marking and where outputs are recomputed. */
class C4EventHandlingTest {

  @Test
  void shouldBuildPicoquicDefaultControllerWhenNoVariantIsGiven() {
    ControllerFactory factory = ControllerRegistry.standard().parse("c4");
    assertEquals("c4", factory.spec());
    CongestionController controller = create(factory);
    assertEquals("c4", controller.id());
    assertSame(C4Variant.V5_SHORT_RTT, ((C4Controller) controller).variant());
    assertEquals(EcnCodepoint.ECT_1, controller.outgoingEcn());
  }

  @Test
  void shouldBuildReferenceRunsControllerWhenVariantIsV5() {
    ControllerFactory factory = ControllerRegistry.standard().parse("c4:variant=v5");
    assertEquals("c4:variant=v5", factory.spec());
    assertSame(C4Variant.V5, ((C4Controller) create(factory)).variant());
    factory = ControllerRegistry.standard().parse("c4:variant=V5-Short-RTT");
    assertEquals("c4:variant=v5-short-rtt", factory.spec());
    assertSame(C4Variant.V5_SHORT_RTT, ((C4Controller) create(factory)).variant());
  }

  @Test
  void shouldBuildDraft04ControllerWhenVariantIsV4() {
    ControllerFactory factory = ControllerRegistry.standard().parse("c4:variant=v4");
    assertEquals("c4:variant=v4", factory.spec());
    assertSame(C4Variant.V4, ((C4Controller) create(factory)).variant());
  }

  @Test
  void shouldRejectUnknownVariantWithOneLine() {
    var error =
        assertThrows(
            IllegalArgumentException.class,
            () -> ControllerRegistry.standard().parse("c4:variant=v3"));
    assertEquals(
        "option variant=v3 of c4 is invalid; expected one of v5-short-rtt, v5, v4",
        error.getMessage());
    error =
        assertThrows(
            IllegalArgumentException.class, () -> ControllerRegistry.standard().parse("c4:pig=on"));
    assertEquals("unknown option 'pig' for c4; valid: variant", error.getMessage());
  }

  private static CongestionController create(ControllerFactory factory) {
    return factory.create(
        new ControllerEnvironment(new SettablePathView(), 0, new SplittableRandom(1)));
  }

  @Test
  void shouldIgnoreEventsWhenPacketSpaceIsNotApplication() {
    C4Script script = new C4Script(C4Variant.V4).toCruising(20_000_000, 80_000);
    String before = Snapshot.of(script.c4);
    for (PacketSpace space : new PacketSpace[] {PacketSpace.INITIAL, PacketSpace.HANDSHAKE}) {
      script.c4.onRttSample(0, new RttSample().set(500_000, 0, -1).packetSpace(space));
      script.path.deliveryRateBytesPerSecond(90_000_000).nextPacketNumber(1_000);
      script.path.lowestOutstandingPacketNumber(1_000);
      script.c4.onAck(
          0,
          new AckSample()
              .acknowledged(100_000, 999, 0, 500_000, 0)
              .delivery(0, 1_000_000, 0, 0, 90_000_000, false, false)
              .packetSpace(space));
      script.c4.onPacketLost(
          0,
          new LossSample()
              .set(2_000, 0, 1440, LossTrigger.ACK_THRESHOLD, 0, 0, 0, false, false)
              .packetSpace(space));
      script.path.peerCeTotal(1_000);
      script.c4.onEcnCongestion(0, new EcnSample().set(0, 0, 1_000, 999).packetSpace(space));
    }
    assertEquals(before, Snapshot.of(script.c4));
  }

  @Test
  void shouldKeepInitialOutputsUntilNextAckWhenInitialEndsOnLoss() {
    // picoquic recomputes outputs after an ACK, an RTT sample in Initial, a congestion
    // notification and a seed, but not after a loss that ends Initial.
    C4Script script = new C4Script(C4Variant.V4).rtt(20_000);
    for (int ack = 0; ack < 21; ack++) {
      script.ack(2_000_000);
    }
    long initialPacing = script.c4.pacingRateBytesPerSecond();
    assertEquals(4_000_000, initialPacing);
    script.loss(script.freshPacketNumber());
    assertEquals(C4State.RECOVERY, script.c4.state());
    assertEquals(initialPacing, script.c4.pacingRateBytesPerSecond());
    script.rtt(20_000).ack(2_000_000);
    assertEquals(1_875_000, script.c4.pacingRateBytesPerSecond()); // 960/1024 x 2 MB/s
  }

  @Test
  void shouldIgnoreDelayWhenThresholdIsNotYetKnown() {
    // V5 starts with M = 250 ms (the initial smoothed RTT) and no threshold; a seed that does not
    // raise M leaves it at zero. picoquic would divide by it on the next late sample.
    C4Script script = new C4Script(C4Variant.V5).rtt(200_000);
    script.c4.onResumeSeed(script.nowMicros, 10_000_000, 250_000);
    assertEquals(C4State.RESUMING, script.c4.state());
    assertEquals(0, script.c4.delayThresholdMicros());
    script.rtt(300_000);
    assertEquals(C4State.RESUMING, script.c4.state());
  }

  @Test
  void shouldLeaveSlowStartOnlyWhenCongestionIsFirstNotified() {
    C4Script script = new C4Script(C4Variant.V4).toCruising(20_000_000, 80_000);
    assertTrue(script.c4.inSlowStart()); // leaving Initial is not a congestion notification
    script.loss(script.freshPacketNumber());
    assertEquals(false, script.c4.inSlowStart());
  }
}
