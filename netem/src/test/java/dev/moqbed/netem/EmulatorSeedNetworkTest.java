package dev.moqbed.netem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.JitterSeeds;
import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.runtime.RandomStreams;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The emulator seeds its links' jitter as the simulator seeds run r of a master seed, so {@code
 * live run}'s run r and the simulated run r draw the same jitter for the same datagrams: run 0 the
 * reference's seeds whatever the master seed, run r &gt; 0 the simulator's draws for it.
 */
@Tag("network")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class EmulatorSeedNetworkTest {
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
  private static final LinkSchedule WIFI =
      LinkSchedule.constant(
          LinkPhase.of(LinkPhase.FOREVER, 0.02, 1_000, 100_000)
              .withJitter(7_000, JitterModel.WIFI));

  @Test
  void shouldSeedRunZeroWithTheReferenceSeedsWhateverTheMasterSeed() throws IOException {
    JitterSeeds reference = JitterSeeds.reference();
    for (long master : new long[] {1, 2}) {
      assertSeeds(reference, WIFI, master, 0);
    }
  }

  @Test
  void shouldSeedRunRAsTheSimulatorsRunROfTheSameMasterSeed() throws IOException {
    JitterSeeds simulated = JitterSeeds.forRun(new RandomStreams(1, 2));
    assertNotEquals(JitterSeeds.reference(), simulated);
    assertSeeds(simulated, WIFI, 1, 2);
  }

  @Test
  void shouldKeepTheNetemSeedOptionAsRunOneOfItsSeed() throws IOException {
    JitterSeeds simulated = JitterSeeds.forRun(new RandomStreams(5, 1));
    try (UdpLinkEmulator emulator = UdpLinkEmulator.start(settings(WIFI).withSeed(5L))) {
      assertEquals(simulated.upSeed(), emulator.jitterState(LinkDirection.UP));
      assertEquals(simulated.downSeed(), emulator.jitterState(LinkDirection.DOWN));
    }
  }

  @Test
  void shouldRefuseANegativeRunNumber() throws IOException {
    assertThrows(IllegalArgumentException.class, () -> settings(WIFI).withSeed(1L, -1));
  }

  private static void assertSeeds(JitterSeeds expected, LinkSchedule link, long master, int run)
      throws IOException {
    try (UdpLinkEmulator emulator = UdpLinkEmulator.start(settings(link).withSeed(master, run))) {
      assertEquals(expected.upSeed(), emulator.jitterState(LinkDirection.UP));
      assertEquals(expected.downSeed(), emulator.jitterState(LinkDirection.DOWN));
    }
  }

  private static UdpLinkEmulator.Settings settings(LinkSchedule link) throws IOException {
    // a forward address is needed; nothing is sent to it
    return UdpLinkEmulator.Settings.of(
        new InetSocketAddress(LOOPBACK, 0), new InetSocketAddress(LOOPBACK, 9), link);
  }
}
