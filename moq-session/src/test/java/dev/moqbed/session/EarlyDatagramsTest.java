package dev.moqbed.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectDatagram;
import java.util.List;
import org.junit.jupiter.api.Test;

class EarlyDatagramsTest {
  private static ObjectDatagram datagram(long alias, long groupId) {
    return ObjectDatagram.of(alias, groupId, 0, 0, KeyValuePairs.NONE, ByteString.utf8("a"));
  }

  @Test
  void shouldHoldWhileAnAnswerIsAwaitedAndGiveBackOneAliasInArrivalOrder() {
    EarlyDatagrams early = new EarlyDatagrams(8);
    assertTrue(early.hold(datagram(5, 1), 100, true));
    assertTrue(early.hold(datagram(6, 1), 110, true));
    assertTrue(early.hold(datagram(5, 2), 120, true));

    List<EarlyDatagrams.Held> taken = early.take(5);
    assertEquals(List.of(1L, 2L), taken.stream().map(held -> held.datagram().groupId()).toList());
    assertEquals(
        List.of(100L, 120L), taken.stream().map(EarlyDatagrams.Held::arrivalMicros).toList());
    assertEquals(1, early.size(), "alias 6 still waits");
    assertEquals(List.of(), early.take(5));
  }

  @Test
  void shouldHoldNothingOnceNoAnswerIsAwaited() {
    EarlyDatagrams early = new EarlyDatagrams(8);
    early.hold(datagram(5, 1), 100, true);
    assertFalse(early.hold(datagram(5, 2), 120, false), "nobody's datagram: the caller drops it");
    assertEquals(0, early.size(), "and what waited belongs to nobody either");
  }

  @Test
  void shouldDropAndCountTheNewestPastItsCapacity() {
    EarlyDatagrams early = new EarlyDatagrams(2);
    for (int group = 0; group < 5; group++) {
      assertTrue(early.hold(datagram(5, group), group, true));
    }
    assertEquals(2, early.size());
    assertEquals(3, early.dropped());
    assertEquals(List.of(0L, 1L), early.take(5).stream().map(h -> h.datagram().groupId()).toList());
    early.hold(datagram(5, 9), 9, true);
    early.forget();
    assertEquals(0, early.size());
  }
}
