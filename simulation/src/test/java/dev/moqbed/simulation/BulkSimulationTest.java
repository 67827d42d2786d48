package dev.moqbed.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The draft's {@code alone} case without jitter (10 MB over 20 Mbit/s, 80 ms RTT, 80 ms queue):
 * every controller completes in 4.4-4.8 s of virtual time (4 s of transfer plus start-up, the
 * handshake and the close) with an average RTT between 80 and 160 ms and a load near the link rate.
 */
class BulkSimulationTest {
  private static final BulkSpec ALONE_WITHOUT_JITTER =
      new BulkSpec(
          LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.02, 40_000, 80_000)),
          20_000_000,
          "newreno",
          397,
          10_000_000);

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "newreno",
        "cubic",
        "bbr",
        "c4",
        "c4:variant=v4",
        "newreno:flavor=rfc",
        "cubic:flavor=rfc",
        "bbr:flavor=draft"
      })
  void shouldCompleteAloneInTheDraftsRange(String controller) {
    BulkSpec spec =
        new BulkSpec(
            ALONE_WITHOUT_JITTER.schedule(),
            ALONE_WITHOUT_JITTER.nominalRateBitsPerSecond(),
            controller,
            397,
            10_000_000);
    BulkResult result = BulkSimulation.run(spec, 1, 0);
    assertEquals(10_000_000, result.receivedBytes());
    assertTrue(
        result.completionMicros() >= 4_400_000 && result.completionMicros() <= 4_800_000,
        controller + " completed at " + result.completionMicros());
    assertTrue(
        result.rttAverageMicros() >= 80_000 && result.rttAverageMicros() <= 160_000,
        controller + " RTT " + result.rttAverageMicros());
    assertTrue(result.load() > 0.85 && result.load() < 1.05, controller + " load " + result.load());
  }
}
