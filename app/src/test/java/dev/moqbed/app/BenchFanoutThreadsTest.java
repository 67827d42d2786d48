package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The swarm's event-loop threads in {@code bench fanout}: one per CPU it is pinned to (a second
 * loop on one CPU only switches with the first), 2 unpinned, and what {@code --subscriber-threads}
 * says when given.
 */
class BenchFanoutThreadsTest {
  private static int threads(String... args) {
    // Through the real command line: its converters (formats, quantities) are set up there.
    String[] line = new String[args.length + 2];
    line[0] = "bench";
    line[1] = "fanout";
    System.arraycopy(args, 0, line, 2, args.length);
    CommandLine.ParseResult parsed = MoqbedCommand.newCommandLine(line).parseArgs(line);
    return ((BenchFanoutCommand) parsed.subcommand().subcommand().commandSpec().userObject())
        .subscriberThreads();
  }

  @Test
  void oneLoopPerPinnedCpuTwoUnpinnedAndTheOptionWins() {
    assertEquals(2, threads());
    assertEquals(1, threads("--subscriber-cpus", "1"));
    assertEquals(2, threads("--subscriber-cpus", "0,1"));
    assertEquals(4, threads("--subscriber-cpus", "1", "--subscriber-threads", "4"));
  }
}
