package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RangeSetTest {

  @Test
  void shouldMergeTouchingAndOverlappingRanges() {
    RangeSet set = new RangeSet();
    set.add(10, 20);
    set.add(30, 40);
    set.add(20, 30);
    assertEquals("{[10,40)}", set.toString());
    set.add(5, 12);
    set.add(50, 60);
    assertEquals("{[5,40), [50,60)}", set.toString());
    assertEquals(45, set.totalLength());
  }

  @Test
  void shouldSplitWhenRemovingFromTheMiddle() {
    RangeSet set = new RangeSet();
    set.add(0, 100);
    set.remove(40, 60);
    assertEquals("{[0,40), [60,100)}", set.toString());
    assertTrue(set.containsAll(60, 100));
    assertFalse(set.contains(50));
    set.remove(0, 200);
    assertTrue(set.isEmpty());
  }

  @Test
  void shouldMatchABitSetUnderRandomOperations() {
    SplittableRandom random = new SplittableRandom(7);
    for (int round = 0; round < 200; round++) {
      RangeSet set = new RangeSet();
      BitSet expected = new BitSet();
      for (int step = 0; step < 50; step++) {
        int start = random.nextInt(500);
        int end = start + random.nextInt(60);
        if (random.nextBoolean()) {
          set.add(start, end);
          expected.set(start, end);
        } else {
          set.remove(start, end);
          expected.clear(start, end);
        }
      }
      for (int value = 0; value < 600; value++) {
        assertEquals(expected.get(value), set.contains(value), "value " + value + " in " + set);
      }
      assertEquals(expected.cardinality(), set.totalLength());
    }
  }
}
