package dev.moqbed.runtime;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Named, independent random streams for one run of an experiment. The stream called {@code name} in
 * run {@code runNumber} under {@code masterSeed} always yields the same numbers, whatever other
 * streams were created before it or in which order, so adding a random draw in one component does
 * not shift the numbers of another (the ns-3 seed/run/stream idea).
 */
public final class RandomStreams {
  private final long masterSeed;
  private final int runNumber;

  public RandomStreams(long masterSeed, int runNumber) {
    this.masterSeed = masterSeed;
    this.runNumber = runNumber;
  }

  public long masterSeed() {
    return masterSeed;
  }

  public int runNumber() {
    return runNumber;
  }

  /** A new generator for the stream {@code name}; two calls with one name give equal sequences. */
  public SplittableRandom stream(String name) {
    return new SplittableRandom(seedOf(name));
  }

  /** The 64-bit seed of the stream {@code name}, stable across JVMs and releases. */
  public long seedOf(String name) {
    long hash = 0xcbf29ce484222325L; // FNV-1a over the UTF-8 bytes: String.hashCode is too weak
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
    }
    return mix(mix(masterSeed) ^ mix(runNumber + 0x9e3779b97f4a7c15L) ^ hash);
  }

  /** SplitMix64's finaliser: spreads nearby inputs over the whole 64-bit range. */
  private static long mix(long value) {
    long z = value;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
