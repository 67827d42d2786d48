package dev.moqbed.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The map agrees with a HashMap through growth and backward-shift deletion. */
class LongKeyMapTest {
  @Test
  void agreesWithAHashMapUnderRandomPutsAndRemoves() {
    SplittableRandom random = new SplittableRandom(11);
    LongKeyMap<Object> table = new LongKeyMap<>(random.nextLong());
    Map<Long, Object> expected = new HashMap<>();
    List<Long> keys = new ArrayList<>();
    for (int step = 0; step < 20_000; step++) {
      // Few distinct keys, some sharing low bits: long probe runs, many deletions inside them.
      long key = random.nextInt(600) * 1024L;
      if (random.nextInt(3) == 0 && !keys.isEmpty()) {
        long removed = keys.remove(random.nextInt(keys.size()));
        table.remove(removed);
        expected.remove(removed);
      } else {
        Object value = new Object();
        if (expected.put(key, value) == null) {
          keys.add(key);
        }
        table.put(key, value);
      }
      assertEquals(expected.size(), table.size());
    }
    for (long key = 0; key < 600 * 1024L; key += 1024) {
      assertSame(expected.get(key), table.get(key), "key " + key);
    }
    assertEquals(expected.size(), table.values().size());
  }
}
