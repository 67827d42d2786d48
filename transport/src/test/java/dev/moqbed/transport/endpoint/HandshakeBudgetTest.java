package dev.moqbed.transport.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.transport.endpoint.HandshakeBudget.Decision;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

/** Who may start a server handshake: shares, the hard cap, both rates, the tracked sources. */
class HandshakeBudgetTest {
  private static final long SECOND = 1_000_000;

  private static InetAddress address(int last) throws UnknownHostException {
    return InetAddress.getByAddress(new byte[] {10, 0, (byte) (last >> 8), (byte) last});
  }

  /** Admits and takes the slot, as the endpoint does once the connection exists. */
  private static Decision start(HandshakeBudget budget, InetAddress source, boolean proven) {
    Decision decision = budget.decide(source, proven, 0);
    if (decision == Decision.ADMIT) {
      budget.take(source);
    }
    return decision;
  }

  @Test
  void aSourcePastItsShareNeedsARetryAndAProvenOneStopsAtTheHardCap() throws Exception {
    HandshakeBudget budget = new HandshakeBudget(new EndpointLimits(1000, 2, 128, 1000, 1000));
    InetAddress source = address(1);
    assertEquals(Decision.ADMIT, start(budget, source, false));
    assertEquals(Decision.ADMIT, start(budget, source, false));
    assertEquals(Decision.RETRY, start(budget, source, false), "its share of 2 is held");
    assertEquals(Decision.ADMIT, start(budget, address(2), false), "another source is not");
    for (int held = 2; held < 2 * HandshakeBudget.HARD_CAP_FACTOR; held++) {
      assertEquals(Decision.ADMIT, start(budget, source, true), "proven, up to the hard cap");
    }
    assertEquals(Decision.REFUSE_SOURCE, start(budget, source, true));
    budget.release(source);
    assertEquals(Decision.ADMIT, start(budget, source, true), "a slot freed");
    assertEquals(9, budget.inProgress());
  }

  @Test
  void theRetryThresholdCountsEverySource() throws Exception {
    HandshakeBudget budget = new HandshakeBudget(new EndpointLimits(1000, 64, 3, 1000, 1000));
    for (int i = 0; i < 3; i++) {
      assertEquals(Decision.ADMIT, start(budget, address(i), false));
    }
    assertEquals(Decision.RETRY, start(budget, address(9), false));
    assertEquals(Decision.ADMIT, start(budget, address(9), true));
  }

  @Test
  void bothRatesRefillWithTheClock() throws Exception {
    // 2 a second in all (a burst of 4), 1 a second per source (a burst of its share, 2)
    HandshakeBudget budget = new HandshakeBudget(new EndpointLimits(1000, 2, 128, 2, 1));
    InetAddress source = address(1);
    assertEquals(Decision.ADMIT, budget.decide(source, false, 0));
    assertEquals(Decision.ADMIT, budget.decide(source, false, 0));
    assertEquals(Decision.RETRY, budget.decide(source, false, 0), "the source's burst is spent");
    assertEquals(Decision.REFUSE_RATE, budget.decide(source, true, 0), "proven, still no token");
    assertEquals(Decision.ADMIT, budget.decide(source, true, SECOND), "one earned back");
    assertEquals(Decision.ADMIT, budget.decide(address(2), false, SECOND));
    assertEquals(Decision.ADMIT, budget.decide(address(3), false, SECOND));
    assertEquals(Decision.ADMIT, budget.decide(address(4), false, SECOND), "2 + 2 earned: 4");
    assertEquals(Decision.RETRY, budget.decide(address(5), false, SECOND), "the total is spent");
    assertEquals(Decision.REFUSE_RATE, budget.decide(address(5), true, SECOND));
  }

  @Test
  void sourcesBeyondThoseTrackedGetNoTokenUntilSomeRefill() throws Exception {
    HandshakeBudget budget =
        new HandshakeBudget(new EndpointLimits(1000, 64, 1_000_000, 1_000_000, 1));
    for (int i = 0; i < HandshakeBudget.MAX_TRACKED_SOURCES; i++) {
      assertEquals(Decision.ADMIT, budget.decide(address(i), false, 0));
    }
    assertEquals(HandshakeBudget.MAX_TRACKED_SOURCES, budget.trackedSources());
    InetAddress newcomer = InetAddress.getByAddress(new byte[] {10, 1, 0, 0});
    assertEquals(Decision.RETRY, budget.decide(newcomer, false, 0));
    // a second later every bucket has earned back its token and is forgotten
    assertEquals(Decision.ADMIT, budget.decide(newcomer, false, SECOND));
    assertEquals(1, budget.trackedSources());
  }
}
