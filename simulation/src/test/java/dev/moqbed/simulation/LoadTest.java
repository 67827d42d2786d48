package dev.moqbed.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.transport.quic.ConnectionStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The draft's load on hand-computed cases (scenarios.md §3). */
class LoadTest {

  private static ConnectionStats sends(long... timeAndSize) {
    ConnectionStats stats = new ConnectionStats();
    stats.keepSendHistory();
    for (int i = 0; i < timeAndSize.length; i += 2) {
      stats.onDatagramSent(timeAndSize[i], (int) timeAndSize[i + 1]);
    }
    return stats;
  }

  @Test
  void shouldMeasureASingleConnectionFromFirstToLastSend() {
    // 3 x 1,000 B between t = 0 and t = 1 ms: 24,000 bit in 1 ms = 24 Mbit/s on a 20 Mbit/s link
    ConnectionStats main = sends(0, 1000, 500, 1000, 1000, 1000);
    assertEquals(1.2, Load.of(main, List.of(), 20_000_000), 1e-12);
  }

  @Test
  void shouldMeasureOnlyWhileBothConnectionsSend() {
    ConnectionStats main = sends(0, 1000, 1000, 1000, 2000, 1000, 3000, 1000);
    ConnectionStats background = sends(1000, 500, 2000, 500);
    // window [1 ms, 2 ms]: main sent 2,000 B = 16,000 bit in 1 ms = 16 Mbit/s of 20
    assertEquals(0.8, Load.of(main, List.of(background), 20_000_000), 1e-12);
  }

  @Test
  void shouldFallBackToTheWholeConnectionWhenThePeriodsDoNotOverlap() {
    ConnectionStats main = sends(0, 1000, 1000, 1000);
    ConnectionStats background = sends(5000, 500, 6000, 500);
    assertEquals(0.8, Load.of(main, List.of(background), 20_000_000), 1e-12);
  }
}
