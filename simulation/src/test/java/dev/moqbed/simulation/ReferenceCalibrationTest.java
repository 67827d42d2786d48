package dev.moqbed.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code alone} (20 Mbit/s, 80 ms, 1 BDP of queue, the spec's 2 ms Gaussian jitter), 20 runs,
 * against the reference code run here: picoquic branch c4-revisit-max-rtt f00feeb7 for {@code c4},
 * the same tree with master's c4.c (d199d45b) for {@code c4:variant=v4}, picotls f07f1c8, {@code
 * pico_sim -N 100}, RTT read from the server qlogs as the draft's scripts do. Two batches of 100
 * reps each gave c4 4,525,470 / 4,529,189 µs and RTT 103,129 / 104,121 µs; v4 4,502,983 / 4,524,936
 * µs and 113,394 / 114,080 µs. The values below are the means of the two batches.
 *
 * <p>The RTT bound (4 %) is what the congestion accounting without AEAD tags fixed: counting whole
 * datagrams, the model's RTT was 6 % above the reference on both variants (c4 109,919 µs over the
 * same 20 runs), because C4 paces at a nominal rate read from the delivery rate.
 *
 * <p>The time bound is 1 % for c4 and 1.5 % for v4. v4 was 0.97 % under its reference with the code
 * of 2026-12-05 and is 1.10 % under since each end asks for its ACK frequency at the ready
 * transition (2026-12-06, docs/results/satellite-2026-12-06.md); c4 went from 0.62 % to 0.70 %
 * under. The standard error of a 20-run mean is about 0.16 %.
 */
class ReferenceCalibrationTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({"c4, 4527330, 103625, 0.01", "c4:variant=v4, 4513960, 113737, 0.015"})
  void shouldMatchTheReferenceCodeOnAlone(
      String controller, long referenceTimeMicros, long referenceRttMicros, double timeBound) {
    ScenarioCatalog catalog = ScenarioCatalog.standard();
    int runs = 20;
    double time = 0;
    double rtt = 0;
    for (int run = 0; run < runs; run++) {
      RunRecord record = ScenarioSimulation.run(catalog.resolve("alone", controller), run, 1);
      time += record.completionTimeMicros();
      rtt += record.rttAverageMicros();
    }
    assertEquals(
        referenceTimeMicros, time / runs, referenceTimeMicros * timeBound, "completion time");
    assertEquals(referenceRttMicros, rtt / runs, referenceRttMicros * 0.04, "RTT average");
  }
}
