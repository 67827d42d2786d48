package dev.moqbed.transport.udp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class SenderMeansTest {

  @Test
  void shouldWeighThePacingRateByHowLongItHeld() {
    SenderMeans means = new SenderMeans();
    means.start();
    // 100 MB/s for 900 us, then a push at 200 MB/s acknowledged ten times in 100 us.
    means.record(0, 300, 10_000, 100_000_000);
    means.record(900, 300, 10_000, 200_000_000);
    for (int i = 1; i <= 10; i++) {
      means.record(900 + 10 * i, 300, 10_000, 200_000_000);
    }
    // Over time: (100 x 900 + 200 x 100) / 1000 = 110 MB/s; over the 12 ACKs it would be 191.7.
    assertEquals(110_000_000, means.means().pacingBytesPerSecond(), 1e-6);
  }

  @Test
  void shouldAverageRttAndFlightOverTheAcks() {
    SenderMeans means = new SenderMeans();
    means.start();
    means.record(0, 200, 1_000, 1);
    means.record(5, 400, 3_000, 1);
    assertEquals(300, means.means().rttMicros(), 1e-9);
    assertEquals(2_000, means.means().inFlightBytes(), 1e-9);
  }

  @Test
  void shouldTakeTheOnlyRateWhenOneAckArrived() {
    SenderMeans means = new SenderMeans();
    means.start();
    means.record(7, 100, 1, 42);
    assertEquals(42, means.means().pacingBytesPerSecond(), 1e-9);
  }

  @Test
  void shouldKnowNothingBeforeAnAck() {
    assertFalse(new SenderMeans().means().known());
  }
}
