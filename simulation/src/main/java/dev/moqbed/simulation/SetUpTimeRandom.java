package dev.moqbed.simulation;

import dev.moqbed.cc.bbr.PicoquicRandom;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * picoquic's BBR generator for a controller whose set-up time is known only later: the server's
 * controller exists from the start of the run here, but picoquic sets the server's algorithm when
 * the client's first Initial arrives. The generator is seeded at its first draw (BBR draws only
 * once it probes, long after the handshake) from the set-up time read then.
 */
final class SetUpTimeRandom implements RandomGenerator {
  private final LongSupplier setUpMicros;
  private final boolean clientMode;
  private RandomGenerator generator;

  SetUpTimeRandom(LongSupplier setUpMicros, boolean clientMode) {
    this.setUpMicros = setUpMicros;
    this.clientMode = clientMode;
  }

  @Override
  public long nextLong() {
    if (generator == null) {
      generator = PicoquicRandom.picoquicGenerator(setUpMicros.getAsLong(), clientMode, 0);
    }
    return generator.nextLong();
  }
}
