package dev.moqbed.media.moqt.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The pool keeps few and small enough arrays; an accumulator gives its array back when empty. */
class ByteArrayPoolTest {
  @Test
  void keepsAtMostItsNumberOfArraysAndNoneAboveItsLength() {
    ByteArrayPool pool = new ByteArrayPool(2, 1_000);
    pool.give(new byte[2_000]);
    assertEquals(0, pool.kept(), "too long to keep");
    byte[] a = new byte[500];
    pool.give(a);
    pool.give(new byte[600]);
    pool.give(new byte[700]);
    assertEquals(2, pool.kept());
    // The last one given back (600 bytes) is too short: dropped, and a new array made.
    assertEquals(650, pool.take(650).length);
    assertEquals(1, pool.kept());
    assertSame(a, pool.take(100));
    assertEquals(0, pool.kept());
    assertTrue(pool.take(10).length >= 256, "a new array starts at 256 bytes");
  }

  @Test
  void anAccumulatorHoldsAnArrayOnlyWhileItHoldsBytes() {
    ByteArrayPool pool = new ByteArrayPool(4, 1 << 16);
    ByteAccumulator first = new ByteAccumulator(pool);
    first.append(ByteBuffer.wrap(new byte[3_000]));
    assertEquals(0, pool.kept());
    first.consume(1_000);
    assertEquals(0, pool.kept(), "bytes left: the array stays");
    first.consume(2_000);
    assertEquals(1, pool.kept(), "empty: the array went back");

    ByteAccumulator second = new ByteAccumulator(pool);
    second.append(ByteBuffer.wrap(new byte[2_500]));
    assertEquals(0, pool.kept(), "the next stream took it");
    second.clear();
    assertEquals(1, pool.kept());
    ByteAccumulator third = new ByteAccumulator(pool);
    third.append(ByteBuffer.wrap(new byte[] {1, 2, 3}));
    ByteBuffer view = third.view();
    assertEquals(3, view.remaining());
    assertEquals(1, view.get(view.position()));
    assertNotSame(null, third.toString());
  }
}
