package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Items that wait for another one ({@code =a1:=a0:...}). */
class ChainingTest {

  private static List<ClientStream> streamsOf(QuicperfRun run, String id) {
    return run.client.streams().stream().filter(s -> s.itemId().equals(id)).toList();
  }

  @Test
  void shouldRequestTheChainedFlowWhenThePreviousOneCompletes() {
    QuicperfRun run =
        QuicperfRun.of("=a0:d50:p2:S:n25:80;=a1:=a0:d50:p2:S:n50:80;=v:s30:p4:S:n60:500:G30;")
            .run();
    ClientStream first = streamsOf(run, "a0").get(0);
    ClientStream second = streamsOf(run, "a1").get(0);

    assertEquals(first.completedMicros(), run.client.completedMicros("a0"));
    assertEquals(first.completedMicros(), second.openedMicros());
    assertEquals(second.openedMicros(), second.startMicros());
    // a0 lasts 0.5 s, then its FIN one interval after the last datagram, then a1 (another 1 s).
    assertTrue(second.openedMicros() > first.startMicros() + 500_000);
    assertEquals(25, run.client.stats("a0").count());
    assertEquals(50, run.client.stats("a1").count());
    assertTrue(run.client.closedMicros() > second.openedMicros() + 1_000_000);
  }

  @Test
  void shouldStallAChainedDatagramFlowWhenNoOtherFlowWakesTheServerAsTheReferenceDoes() {
    // quicperf's server checks its wake-up list only when its stored wake-up time has passed.
    // After a0's last datagram that time is "never", and a new datagram request does not lower
    // it: only a sleeping stream would. a1 gets its first datagram, then nothing until the idle
    // timeout closes the connection (30 s).
    QuicperfRun run = QuicperfRun.of("=a0:d50:p2:S:n25:80;=a1:=a0:d50:p2:S:n25:80;").run();

    assertEquals(25, run.client.stats("a0").count());
    assertEquals(1, run.client.stats("a1").count());
    assertEquals(-1, run.client.completedMicros("a1"));
    assertTrue(run.client.closedMicros() > 30_000_000);
  }

  @Test
  void shouldStartAfterTheLastCopyWhenThePreviousItemIsRepeated() {
    QuicperfRun run = QuicperfRun.of("=b1:*3:397:300000;=b2:=b1:397:1000;").run();
    List<ClientStream> copies = streamsOf(run, "b1");
    ClientStream chained = streamsOf(run, "b2").get(0);

    assertEquals(3, copies.size());
    // Odd (default) priority serves the copies in stream order: the last copy ends last.
    assertEquals(copies.get(2).completedMicros(), chained.openedMicros());
    assertTrue(copies.get(1).completedMicros() < copies.get(2).completedMicros());
    assertEquals(1000, chained.receivedBytes());
  }

  @Test
  void shouldStartAfterTheLastGroupWhenThePreviousItemIsOnStreams() {
    QuicperfRun run = QuicperfRun.of("=v:s30:S:n60:500:G30;=b:=v:397:1000;").run();
    List<ClientStream> groups = streamsOf(run, "v");
    ClientStream chained = streamsOf(run, "b").get(0);

    assertEquals(2, groups.size());
    assertEquals(groups.get(1).completedMicros(), chained.openedMicros());
    assertTrue(chained.openedMicros() > groups.get(0).completedMicros());
  }

  @Test
  void shouldRunItemsWithoutPreviousTogetherAtReadiness() {
    QuicperfRun run = QuicperfRun.of("=x:397:1000;=y:397:2000;=z:=x:397:3000;").run();

    long ready = streamsOf(run, "x").get(0).openedMicros();
    assertEquals(ready, streamsOf(run, "y").get(0).openedMicros());
    assertEquals(run.client.completedMicros("x"), streamsOf(run, "z").get(0).openedMicros());
    assertEquals(6000, run.client.batchBytesReceived());
  }
}
