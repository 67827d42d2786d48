package dev.moqbed.netsim;

import dev.moqbed.runtime.RandomStreams;

/**
 * The initial states of the two links' jitter generators.
 *
 * @param upSeed state of link 0 (client to server)
 * @param downSeed state of link 1 (server to client)
 */
public record JitterSeeds(long upSeed, long downSeed) {

  /** Both links at {@link SplitMix64#REFERENCE_SEED}: picoquic_ns's rep 0. */
  public static JitterSeeds reference() {
    return new JitterSeeds(SplitMix64.REFERENCE_SEED, SplitMix64.REFERENCE_SEED);
  }

  /**
   * Seeds for one run, as the reference's repetitions: run 0 uses the reference seed, and run n
   * &gt; 0 XORs each link's reference seed with a 32-bit value, here drawn from the run's streams
   * {@code netsim.jitter.up} and {@code netsim.jitter.down} (the reference draws it from TLS
   * randomness, so its reps &gt; 0 cannot be reproduced; ours can).
   */
  public static JitterSeeds forRun(RandomStreams streams) {
    if (streams.runNumber() == 0) {
      return reference();
    }
    return new JitterSeeds(
        SplitMix64.REFERENCE_SEED ^ (streams.stream("netsim.jitter.up").nextLong() & 0xffffffffL),
        SplitMix64.REFERENCE_SEED
            ^ (streams.stream("netsim.jitter.down").nextLong() & 0xffffffffL));
  }

  long seed(LinkDirection direction) {
    return direction == LinkDirection.UP ? upSeed : downSeed;
  }
}
