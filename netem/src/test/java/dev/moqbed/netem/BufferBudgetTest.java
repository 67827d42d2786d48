package dev.moqbed.netem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkScenario;
import dev.moqbed.netsim.LinkSchedule;
import org.junit.jupiter.api.Test;

class BufferBudgetTest {
  @Test
  void shouldRefuseWhatDoesNotFitAndTakeItBackOnRelease() {
    int cost = 1200 + BufferBudget.OVERHEAD_BYTES;
    BufferBudget budget = new BufferBudget(2L * cost);
    assertTrue(budget.tryTake(1200));
    assertTrue(budget.tryTake(1200));
    assertFalse(budget.tryTake(1));
    assertEquals(2L * cost, budget.heldBytes());
    budget.release(1200);
    assertTrue(budget.tryTake(1200));
    budget.release(1200);
    budget.release(1200);
    assertEquals(0, budget.heldBytes());
  }

  @Test
  void shouldHoldWhatTheLinkHoldsAtItsFastest() {
    // 100 Mbit/s = 12.5 bytes/us; (100 ms queue + 15 ms delay) × 12.5 × 1.25 margin
    LinkSchedule fast =
        LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.1, 15_000, 100_000));
    assertEquals(
        (long) (115_000 * 12.5 * 1.25), BufferBudget.defaultBytes(fast, LinkDirection.DOWN));
    // a slow link still gets the floor
    LinkSchedule slow = LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.0001, 0, 10_000));
    assertEquals(BufferBudget.MIN_BYTES, BufferBudget.defaultBytes(slow, LinkDirection.UP));
    // a 2 s black hole at 25 Mbit/s holds 2 s of traffic, more than the queue alone
    LinkSchedule hole =
        LinkScenario.BLACK_HOLE.schedule(LinkPhase.of(LinkPhase.FOREVER, 0.025, 35_000, 80_000));
    assertTrue(BufferBudget.defaultBytes(hole, LinkDirection.DOWN) > 2_000_000 * 3.125);
  }
}
