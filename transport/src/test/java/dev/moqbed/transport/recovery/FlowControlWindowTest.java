package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FlowControlWindowTest {

  /** Advertises successive limits while the peer's progress keeps passing half of each. */
  private static long[] successiveLimits(FlowControlWindow window, long minRtt, int steps) {
    long[] limits = new long[steps + 1];
    limits[0] = window.limitBytes();
    for (int i = 1; i <= steps; i++) {
      window.onProgress(window.limitBytes() / 2 + 1);
      assertTrue(window.isUpdateDue());
      window.onLimitSent(window.nextLimitBytes(minRtt));
      limits[i] = window.limitBytes();
    }
    return limits;
  }

  @Test
  void shouldTripleLimitWhenMinRttAtMost100Milliseconds() {
    FlowControlWindow window = FlowControlWindow.connection();
    assertEquals(3_145_728, window.nextLimitBytes(100_000));
    assertEquals(3_145_728, window.nextLimitBytes(0));
  }

  @Test
  void shouldGrowByLimitTimesMinRttOver100MillisecondsWhenPathIsLong() {
    // satellite (min RTT 600 ms): 1.05 -> 7.34 -> 51.4 MB and 2.1 -> 14.7 -> 102.8 MB.
    // picoquic divides by 100 ms before multiplying, in doubles: 7,340,032 / 100,000 x 600,000
    // truncates to 44,040,191, one byte short of x 6.
    assertArrayEquals(
        new long[] {1_048_576, 7_340_032, 51_380_223},
        successiveLimits(FlowControlWindow.connection(), 600_000, 2));
    long[] stream =
        successiveLimits(
            FlowControlWindow.stream(TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_LOCAL_BYTES),
            600_000,
            2);
    assertEquals(14_680_064, stream[1]);
    assertEquals(102_760_447, stream[2]);
  }

  @Test
  void shouldCapRttFactorAt610Milliseconds() {
    assertEquals(6_396_313, FlowControlWindow.increaseBytes(1_048_576, 1_000_000));
    assertEquals(6_396_313, FlowControlWindow.increaseBytes(1_048_576, 610_000));
    assertEquals(1_069_547, FlowControlWindow.increaseBytes(1_048_576, 102_000));
  }

  @Test
  void shouldTripleUploadStreamWindowFrom65635WhenShortPath() {
    // media_backload: the upload starts from the 65,635 B remote-bidi window.
    long[] limits =
        successiveLimits(
            FlowControlWindow.stream(TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_REMOTE_BYTES),
            30_000,
            4);
    assertEquals(196_905, limits[1]);
    assertEquals(590_715, limits[2]);
    assertEquals(1_772_145, limits[3]);
    assertEquals(5_316_435, limits[4]);
  }

  @Test
  void shouldBeDueOnlyWhenProgressPassesHalfTheLimit() {
    FlowControlWindow window = FlowControlWindow.connection();
    window.onProgress(524_288);
    assertFalse(window.isUpdateDue());
    window.onProgress(524_289);
    assertTrue(window.isUpdateDue());
    window.onLimitSent(window.nextLimitBytes(20_000));
    assertFalse(window.isUpdateDue());
  }

  @Test
  void shouldNeverMoveProgressBackWhenOlderValueArrives() {
    FlowControlWindow window = FlowControlWindow.stream(1000);
    window.onProgress(700);
    window.onProgress(100);
    assertEquals(700, window.progressBytes());
  }

  @Test
  void shouldStopStreamUpdatesWhenFinalSizeKnown() {
    FlowControlWindow window = FlowControlWindow.stream(65_535);
    window.onProgress(40_000);
    assertTrue(window.isUpdateDue());
    window.onFinalSizeKnown();
    assertFalse(window.isUpdateDue());
  }

  @Test
  void shouldKeepConnectionUpdatesWhenFinalSizeReported() {
    FlowControlWindow window = FlowControlWindow.connection();
    window.onProgress(600_000);
    window.onFinalSizeKnown();
    assertTrue(window.isUpdateDue());
  }
}
