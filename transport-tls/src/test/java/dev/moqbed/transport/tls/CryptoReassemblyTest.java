package dev.moqbed.transport.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class CryptoReassemblyTest {
  @Test
  void deliversEachByteOnceInOrder() {
    CryptoReassembly stream = new CryptoReassembly();
    assertArrayEquals(new byte[0], stream.add(4, new byte[] {4, 5, 6}));
    assertArrayEquals(new byte[0], stream.add(2, new byte[] {2, 3})); // still a gap at 0..1
    assertArrayEquals(new byte[] {0, 1, 2, 3, 4, 5, 6}, stream.add(0, new byte[] {0, 1, 2}));
    assertArrayEquals(new byte[0], stream.add(1, new byte[] {1, 2, 3})); // a repeat
    assertArrayEquals(new byte[] {7, 8}, stream.add(5, new byte[] {5, 6, 7, 8})); // an overlap
    assertEquals(9, stream.deliveredOffset());
  }

  @Test
  void refusesDataTooFarAhead() {
    CryptoReassembly stream = new CryptoReassembly();
    assertNull(stream.add(CryptoReassembly.MAX_OUT_OF_ORDER_BYTES, new byte[1]));
    assertArrayEquals(
        new byte[0], stream.add(CryptoReassembly.MAX_OUT_OF_ORDER_BYTES - 1, new byte[1]));
  }

  @Test
  void boundsOverlappingRunsThatWait() {
    CryptoReassembly stream = new CryptoReassembly();
    int run = 40_000;
    assertArrayEquals(new byte[0], stream.add(1, new byte[run]));
    assertNull(stream.add(2, new byte[run]), "80,000 bytes would wait");
  }

  /** One-byte runs with holes between them: the 257th is refused, though the bytes are few. */
  @Test
  void boundsHowManyRunsWait() {
    CryptoReassembly stream = new CryptoReassembly();
    for (int run = 0; run < CryptoReassembly.MAX_WAITING_RUNS; run++) {
      assertArrayEquals(new byte[0], stream.add(2L * run + 1, new byte[1]));
    }
    assertArrayEquals(new byte[0], stream.add(1, new byte[1]), "a repeat adds no run");
    assertNull(stream.add(2L * CryptoReassembly.MAX_WAITING_RUNS + 1, new byte[1]));
    assertEquals(2, stream.add(0, new byte[1]).length, "byte 0, then the run at 1");
  }
}
