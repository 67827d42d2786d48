package dev.moqbed.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The interface's split between no-op event hooks and abstract queries. A controller that reacts to
 * nothing must compile with the queries alone, and the hooks it inherits must do nothing.
 */
class CongestionControllerDefaultsTest {

  /** Implements only what the interface leaves abstract; counts every call to it. */
  private static final class QueriesOnly implements CongestionController {
    int queries;

    @Override
    public String id() {
      queries++;
      return "queries-only";
    }

    @Override
    public long congestionWindowBytes() {
      queries++;
      return 12_345;
    }

    @Override
    public long pacingRateBytesPerSecond() {
      queries++;
      return 0;
    }

    @Override
    public long pacingQuantumBytes() {
      queries++;
      return 2_880;
    }

    @Override
    public boolean inSlowStart() {
      queries++;
      return true;
    }

    @Override
    public void describe(StateVisitor visitor) {
      queries++;
    }
  }

  @Test
  void shouldDoNothingInEveryDefaultHook() {
    QueriesOnly controller = new QueriesOnly();
    controller.onPacketSent(1, 0, 1200, 0, false);
    controller.onEcnCongestion(2, new EcnSample());
    controller.onRttSample(3, new RttSample());
    controller.onPacketLost(4, new LossSample());
    controller.onAck(5, new AckSample());
    controller.onProbeTimeout(6);
    controller.onPersistentCongestion(7);
    controller.onSpuriousLoss(8, 0);
    controller.onCongestionWindowBlocked(9);
    controller.onIdleRestart(10);
    controller.onResumeSeed(11, 1_000_000, 20_000);
    assertEquals(0, controller.queries, "a default hook called back into the controller");
    assertEquals(12_345, controller.congestionWindowBytes());
    assertEquals(EcnCodepoint.NOT_ECT, controller.outgoingEcn());
  }

  @Test
  void shouldKeepEveryEventHookDefaultAndOnlyTheQueriesAbstract() {
    Set<String> abstractMethods = new TreeSet<>();
    Set<String> hooksWithoutDefault = new TreeSet<>();
    for (Method method : CongestionController.class.getDeclaredMethods()) {
      if (Modifier.isAbstract(method.getModifiers())) {
        abstractMethods.add(method.getName());
      }
      if (method.getName().startsWith("on") && !method.isDefault()) {
        hooksWithoutDefault.add(method.getName());
      }
    }
    assertEquals(Set.of(), hooksWithoutDefault);
    assertEquals(
        new TreeSet<>(
            Set.of(
                "id",
                "congestionWindowBytes",
                "pacingRateBytesPerSecond",
                "pacingQuantumBytes",
                "inSlowStart",
                "describe")),
        abstractMethods);
    long hooks =
        Arrays.stream(CongestionController.class.getDeclaredMethods())
            .filter(method -> method.getName().startsWith("on"))
            .map(Method::getName)
            .collect(Collectors.toSet())
            .size();
    assertEquals(11, hooks, "every event of the notification table is a hook");
  }
}
