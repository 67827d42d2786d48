package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class InterruptSummaryTest {
  @Test
  void shouldSayHowLongItRanOfWhatWasPlanned() {
    assertEquals(
        "interrupted after 4.2 s of 10 s", InterruptSummary.after(4_200_000_000L, 10_000_000));
    assertEquals("interrupted after 850 ms", InterruptSummary.after(850_000_000L, 0));
  }

  @Test
  void shouldNotCountAsInterruptedWhenTheWorkEndsByItself() {
    boolean[] ran = {false};
    InterruptSummary summary = InterruptSummary.stopping("test-hook", () -> ran[0] = true);
    summary.close(); // removes the hook: nothing runs at this JVM's exit
    summary.close(); // twice is harmless, as a finally after a return is
    assertFalse(summary.interrupted());
    assertFalse(ran[0]);
  }
}
