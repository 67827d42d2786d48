package dev.moqbed.netsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.EcnMark;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link NetworkConfig.Builder#receiveBatch}: a burst arriving at one instant (packets held behind
 * a late head by the FIFO) reaches the receiving endpoint whole before its tasks run, as
 * picoquic_ns orders them, or a batch at a time with the endpoint's tasks of that instant between
 * batches, as a receiver reading its socket in batches.
 */
class ReceiveBatchTest {
  private static final LinkDirection DOWN = LinkDirection.DOWN;

  /** The first packet draws up to 3 × 50 ms of jitter; the next ones, 100 us apart, wait for it. */
  private static final LinkSchedule JITTERY =
      LinkSchedule.constant(
          LinkPhase.of(LinkPhase.FOREVER, 1.0, 1_000, 0).withJitter(50_000, JitterModel.GAUSSIAN));

  @Test
  void shouldDeliverAWholeBurstBeforeTheEndpointRunsByDefault() {
    List<String> log = receive(0);
    int burst = log.indexOf("task");
    assertTrue(burst >= 4, "a burst at the head's instant first: " + log);
    String instant = log.get(0).substring(0, log.get(0).indexOf('#'));
    for (String delivery : log.subList(0, burst)) {
      assertTrue(delivery.startsWith(instant + "#"), "one instant: " + log);
    }
    // then the endpoint's tasks of that instant, one per delivery
    assertEquals(List.of("task", "task", "task", "task"), log.subList(burst, burst + 4));
  }

  @Test
  void shouldLetTheEndpointRunBetweenBatchesOfOneInstant() {
    List<String> whole = receive(0);
    List<String> batched = receive(2);
    // the same deliveries at the same instants, only the endpoint's tasks move forward
    assertEquals(
        whole.stream().filter(entry -> !entry.equals("task")).toList(),
        batched.stream().filter(entry -> !entry.equals("task")).toList());
    int burst = whole.indexOf("task");
    List<String> expected = new ArrayList<>();
    for (int delivered = 0; delivered < burst; delivered++) {
      expected.add(whole.get(delivered));
      if (delivered % 2 == 1) {
        expected.add("task");
        expected.add("task");
      }
    }
    assertEquals(expected, batched.subList(0, expected.size()), batched.toString());
  }

  @Test
  void shouldRefuseANegativeBatch() {
    assertThrows(
        IllegalArgumentException.class, () -> NetworkConfig.builder(JITTERY).receiveBatch(-1));
  }

  /**
   * Sends 12 packets 100 us apart down the jittery link; the client logs each delivery as {@code
   * t<micros>} and schedules an endpoint task at that instant that logs {@code task}.
   */
  private static List<String> receive(int batch) {
    NetworkHarness harness = new NetworkHarness(JITTERY, builder -> builder.receiveBatch(batch));
    List<String> log = new ArrayList<>();
    harness.network.attach(
        TwoNodeNetwork.CLIENT_NODE,
        (now, datagram) -> {
          log.add("t" + now + "#" + datagram.payload());
          harness.network.endpointScheduler().scheduleAt(now, () -> log.add("task"));
        });
    for (int i = 0; i < 12; i++) {
      harness.sendAt(100L * i, DOWN, 0, 1000, EcnMark.NOT_ECT, i);
    }
    harness.scheduler.runUntil(1_000_000);
    assertEquals(24, log.size(), log.toString());
    return log;
  }
}
