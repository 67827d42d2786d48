package dev.moqbed.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SweepProgressTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void shouldPrintALineEveryTenSecondsWhenNotATerminal() {
    StringWriter text = new StringWriter();
    AtomicLong now = new AtomicLong();
    SweepProgress progress = new SweepProgress(new PrintWriter(text), false, now::get);
    progress.onStart(100, 40);
    for (int i = 0; i < 12; i++) {
      now.addAndGet(SECOND);
      progress.onRunDone();
    }
    now.addAndGet(SECOND / 2);
    progress.onFinish();
    assertEquals(
        "sweep: 50/100 runs (50.0 %), 1.0 runs/s, ETA 50s\n"
            + "sweep: 52/100 runs (52.0 %), 1.0 runs/s, ETA 50s\n",
        text.toString());
  }

  @Test
  void shouldRewriteTheLineInPlaceWhenATerminal() {
    StringWriter text = new StringWriter();
    AtomicLong now = new AtomicLong();
    SweepProgress progress = new SweepProgress(new PrintWriter(text), true, now::get);
    progress.onStart(2, 0);
    now.addAndGet(SECOND);
    progress.onRunDone();
    now.addAndGet(SECOND);
    progress.onRunDone();
    progress.onFinish();
    assertEquals(
        "\rsweep: 1/2 runs (50.0 %), 1.0 runs/s, ETA 1s"
            + "\rsweep: 2/2 runs (100.0 %), 1.0 runs/s, done in 2s"
            + "\rsweep: 2/2 runs (100.0 %), 1.0 runs/s, done in 2s\n",
        text.toString());
  }

  @Test
  void shouldWriteDurationsInSecondsMinutesOrHours() {
    assertEquals("59s", SweepProgress.duration(59));
    assertEquals("4m05s", SweepProgress.duration(245));
    assertEquals("2h07m", SweepProgress.duration(2 * 3600 + 7 * 60 + 59));
  }
}
