package dev.moqbed.cc.c4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The per-ACK path (RTT sample, losses, CE marks, ACK) allocates nothing, in every state. */
class C4AllocationTest {

  @ParameterizedTest
  @EnumSource(C4Variant.class)
  void shouldAllocateNothingWhenEventsFlow(C4Variant variant) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long threadId = Thread.currentThread().getId();
    C4Script script = new C4Script(variant, 40_000);
    drive(script, 20_000); // warm-up: class loading and compilation
    threads.getThreadAllocatedBytes(threadId);
    long before = threads.getThreadAllocatedBytes(threadId);
    drive(script, 50_000);
    long after = threads.getThreadAllocatedBytes(threadId);
    assertEquals(0, after - before, "bytes allocated by 50,000 event rounds");
  }

  /**
   * Cycles through the states: probes and pushes see the rate grow, Initial sometimes gets a
   * careful-resume seed, losses and CE marks arrive now and then, RTTs jitter.
   */
  private static void drive(C4Script script, int rounds) {
    for (int round = 0; round < rounds; round++) {
      C4State state = script.c4.state();
      long nominal = Math.max(2_000_000, script.c4.nominalRateBytesPerSecond());
      long rate = state == C4State.PROBING || state == C4State.PUSHING ? nominal * 5 / 4 : nominal;
      script.at(script.nowMicros + 10_000);
      script.rtt(40_000 + (round % 7) * 3_000);
      if (state == C4State.INITIAL && round % 2 == 0) {
        script.c4.onResumeSeed(script.nowMicros, nominal, 40_000);
      }
      if (round % 97 == 0) {
        script.loss(script.freshPacketNumber());
      }
      if (round % 89 == 0) {
        script.ecn(5, 5);
      }
      script.ack(Math.min(rate, 50_000_000), round % 3 == 0);
    }
  }
}
