package dev.moqbed.netsim;

import dev.moqbed.transport.EcnMark;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Random link schedules and traffic for the property-style tests. */
final class RandomProfiles {
  private static final EcnMark[] MARKS = EcnMark.values();

  private RandomProfiles() {}

  static LinkSchedule schedule(SplittableRandom random) {
    int count = 1 + random.nextInt(3);
    List<LinkPhase> phases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      // phases of 0 or at least 10 ms, so a cycle never spins in place
      long duration = random.nextInt(6) == 0 ? 0 : 10_000 + random.nextInt(500_000);
      if (i == count - 1 && phases.stream().allMatch(p -> p.durationMicros() == 0)) {
        duration = 10_000 + random.nextInt(500_000);
      }
      LinkPhase phase =
          new LinkPhase(
              duration,
              rate(random),
              rate(random),
              random.nextInt(4) == 0 ? 0 : random.nextInt(50_000),
              random.nextInt(3) == 0 ? random.nextInt(20_000) : 0,
              random.nextBoolean() ? JitterModel.WIFI : JitterModel.GAUSSIAN,
              random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(100_000),
              random.nextInt(4) == 0 ? 1 + random.nextInt(20_000) : 0,
              random.nextInt(8) == 0 ? 1 + random.nextInt(3) : 0,
              random.nextInt(60));
      phases.add(phase);
    }
    return LinkSchedule.of(phases);
  }

  private static double rate(SplittableRandom random) {
    return switch (random.nextInt(8)) {
      case 0 -> 0;
      case 1 -> 0.0005 + random.nextDouble() * 0.001;
      case 2 -> 1 + random.nextDouble() * 9;
      default -> 0.001 + random.nextDouble() * 0.1;
    };
  }

  /** Sends {@code packets} random datagrams over {@code spanMicros}, in time order. */
  static void traffic(
      NetworkHarness harness, SplittableRandom random, int packets, long spanMicros) {
    long[] times = new long[packets];
    for (int i = 0; i < packets; i++) {
      times[i] = random.nextLong(spanMicros);
    }
    Arrays.sort(times);
    for (int i = 0; i < packets; i++) {
      LinkDirection direction = random.nextBoolean() ? LinkDirection.UP : LinkDirection.DOWN;
      int size = random.nextInt(20) == 0 ? 1537 + random.nextInt(100) : 20 + random.nextInt(1500);
      harness.sendAt(
          times[i],
          direction,
          random.nextInt(TwoNodeNetwork.MAX_FLOWS),
          size,
          MARKS[random.nextInt(MARKS.length)],
          i);
    }
  }
}
