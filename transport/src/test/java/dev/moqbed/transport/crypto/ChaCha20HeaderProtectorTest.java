package dev.moqbed.transport.crypto;

import static dev.moqbed.transport.crypto.HexBytes.bytes;
import static dev.moqbed.transport.crypto.HexBytes.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * ChaCha20 header protection through the JDK against a ChaCha20 block function written here from
 * RFC 8439 §2.3, for the cases the RFC 9001 vector does not reach: block counters of 2^31 and above
 * (the JDK takes the counter as an int) and samples repeating the previous nonce (the JDK refuses a
 * repeated key and nonce).
 */
class ChaCha20HeaderProtectorTest {
  private static final byte[] HP_KEY =
      bytes("25a282b9e82f06f21f488917a4fc8f1b73573685608597d0efcb076b0ab7a7a4");

  @Test
  void rfc9001A5Mask() {
    byte[] sample = bytes("5e5cd55c41f69080575d7999c25a5bfb");
    assertEquals("aefefe7d03", hex(referenceMask(HP_KEY, sample)));
    assertEquals("aefefe7d03", hex(jdkMask(new ChaCha20HeaderProtector(HP_KEY), sample)));
  }

  @Test
  void countersWithTheHighBitSet() {
    ChaCha20HeaderProtector protector = new ChaCha20HeaderProtector(HP_KEY);
    Random random = new Random(8439);
    for (int i = 0; i < 200; i++) {
      byte[] sample = new byte[16];
      random.nextBytes(sample);
      sample[3] |= (byte) 0x80; // little-endian counter >= 2^31
      if (i == 0) {
        Arrays.fill(sample, 0, 4, (byte) 0xff); // the largest counter
      }
      assertEquals(hex(referenceMask(HP_KEY, sample)), hex(jdkMask(protector, sample)), "i=" + i);
    }
  }

  @Test
  void repeatedSamplesAndRepeatedNoncesWithAnotherCounter() {
    ChaCha20HeaderProtector protector = new ChaCha20HeaderProtector(HP_KEY);
    byte[] sample = bytes("5e5cd55c41f69080575d7999c25a5bfb");
    for (int i = 0; i < 3; i++) {
      assertEquals("aefefe7d03", hex(jdkMask(protector, sample)), "duplicate " + i);
    }
    byte[] sameNonce = sample.clone();
    sameNonce[0] ^= 0x55;
    assertEquals(hex(referenceMask(HP_KEY, sameNonce)), hex(jdkMask(protector, sameNonce)));
  }

  private static byte[] jdkMask(HeaderProtector protector, byte[] sample) {
    byte[] mask = new byte[16];
    protector.computeMask(sample, mask);
    return Arrays.copyOf(mask, 5);
  }

  /** ChaCha20(key, counter = sample[0..3] LE, nonce = sample[4..15]) applied to 5 zero bytes. */
  private static byte[] referenceMask(byte[] key, byte[] sample) {
    int[] state = new int[16];
    state[0] = 0x61707865;
    state[1] = 0x3320646e;
    state[2] = 0x79622d32;
    state[3] = 0x6b206574;
    for (int i = 0; i < 8; i++) {
      state[4 + i] = littleEndian(key, 4 * i);
    }
    for (int i = 0; i < 4; i++) {
      state[12 + i] = littleEndian(sample, 4 * i);
    }
    int[] working = state.clone();
    for (int round = 0; round < 10; round++) {
      quarterRound(working, 0, 4, 8, 12);
      quarterRound(working, 1, 5, 9, 13);
      quarterRound(working, 2, 6, 10, 14);
      quarterRound(working, 3, 7, 11, 15);
      quarterRound(working, 0, 5, 10, 15);
      quarterRound(working, 1, 6, 11, 12);
      quarterRound(working, 2, 7, 8, 13);
      quarterRound(working, 3, 4, 9, 14);
    }
    byte[] keystream = new byte[64];
    for (int i = 0; i < 16; i++) {
      int word = working[i] + state[i];
      for (int b = 0; b < 4; b++) {
        keystream[4 * i + b] = (byte) (word >>> (8 * b));
      }
    }
    return Arrays.copyOf(keystream, 5);
  }

  private static void quarterRound(int[] x, int a, int b, int c, int d) {
    x[a] += x[b];
    x[d] = Integer.rotateLeft(x[d] ^ x[a], 16);
    x[c] += x[d];
    x[b] = Integer.rotateLeft(x[b] ^ x[c], 12);
    x[a] += x[b];
    x[d] = Integer.rotateLeft(x[d] ^ x[a], 8);
    x[c] += x[d];
    x[b] = Integer.rotateLeft(x[b] ^ x[c], 7);
  }

  private static int littleEndian(byte[] bytes, int offset) {
    return (bytes[offset] & 0xff)
        | (bytes[offset + 1] & 0xff) << 8
        | (bytes[offset + 2] & 0xff) << 16
        | (bytes[offset + 3] & 0xff) << 24;
  }
}
