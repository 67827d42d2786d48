package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.transport.udp.bench.LoopbackPairing;
import dev.moqbed.transport.udp.bench.LoopbackResult;
import dev.moqbed.transport.udp.bench.SenderMeans;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rounds of {@code bench loopback}: rotated order, and the median run kept per row. */
class LoopbackRoundsTest {
  /** A pairing that records when it ran and takes the time it is told to, run after run. */
  private static final class ScriptedPairing implements LoopbackPairing {
    private final String name;
    private final List<String> calls;
    private final long[] transferMicros;
    private int runs;

    ScriptedPairing(String name, List<String> calls, long... transferMicros) {
      this.name = name;
      this.calls = calls;
      this.transferMicros = transferMicros;
    }

    @Override
    public String label() {
      return name;
    }

    @Override
    public LoopbackResult transfer(String controller, long bytes, long timeoutMicros) {
      calls.add(name + "/" + controller);
      return new LoopbackResult(
          name,
          controller,
          bytes,
          transferMicros[runs++],
          1,
          1,
          1,
          0,
          1,
          1,
          "epoll",
          1,
          0,
          0,
          SenderMeans.Means.UNKNOWN);
    }
  }

  @Test
  void shouldRotateTheFirstRowFromOneRoundToTheNext() throws Exception {
    List<String> calls = new ArrayList<>();
    ScriptedPairing a = new ScriptedPairing("a", calls, 1, 1, 1);
    ScriptedPairing b = new ScriptedPairing("b", calls, 1, 1, 1, 1, 1, 1);
    List<LoopbackRounds.Row> rows =
        List.of(
            new LoopbackRounds.Row(a, "x"),
            new LoopbackRounds.Row(b, "x"),
            new LoopbackRounds.Row(b, "y"));
    StringWriter progress = new StringWriter();
    LoopbackRounds.measure(rows, 3, 1000, 1_000_000, new PrintWriter(progress));
    assertEquals(List.of("a/x", "b/x", "b/y", "b/x", "b/y", "a/x", "b/y", "a/x", "b/x"), calls);
    assertEquals("round 1/3\nround 2/3\nround 3/3\n", progress.toString().replace("\r", ""));
    for (LoopbackRounds.Row row : rows) {
      assertEquals(3, row.runs.size());
    }
  }

  @Test
  void shouldKeepTheRunOfMedianRateWithTheSlowestAndFastest() throws Exception {
    // 1 MB in 8, 2 and 4 ms: 1, 4 and 2 Gbit/s; the median is the 4 ms run.
    ScriptedPairing pairing = new ScriptedPairing("a", new ArrayList<>(), 8000, 2000, 4000);
    LoopbackRounds.Row row = new LoopbackRounds.Row(pairing, "x");
    LoopbackRounds.measure(
        List.of(row), 3, 1_000_000, 1_000_000, new PrintWriter(new StringWriter()));
    assertEquals(4000, row.median().transferMicros());
    assertEquals(1.0, row.slowestGigabitsPerSecond(), 1e-9);
    assertEquals(4.0, row.fastestGigabitsPerSecond(), 1e-9);
  }

  @Test
  void shouldTakeTheLowerMiddleRunOfAnEvenNumber() throws Exception {
    ScriptedPairing pairing = new ScriptedPairing("a", new ArrayList<>(), 2000, 8000);
    LoopbackRounds.Row row = new LoopbackRounds.Row(pairing, "x");
    LoopbackRounds.measure(
        List.of(row), 2, 1_000_000, 1_000_000, new PrintWriter(new StringWriter()));
    assertEquals(8000, row.median().transferMicros());
  }
}
