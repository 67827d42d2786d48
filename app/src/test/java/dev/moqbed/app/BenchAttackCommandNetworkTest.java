package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bench attack} from the command line, its attacker in a process of its own ({@code bench
 * attack-agent}): the table's row with the agent's counts; and its arguments refused in one line.
 */
@Tag("network")
class BenchAttackCommandNetworkTest {
  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  /**
   * As root (the project's CI) the clients also run at real-time priority, which the progress says;
   * elsewhere without it.
   */
  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldAttackFromAnAgentProcessAndPrintItsCounts() {
    boolean root = Files.isWritable(Path.of("/proc/self/oom_score_adj"));
    List<String> args =
        new ArrayList<>(
            List.of(
                "bench",
                "attack",
                "--attacks",
                "initial-flood",
                "--warmup",
                "1s",
                "--phase",
                "2s",
                "--attack-warmup",
                "1s",
                "--rate",
                "100",
                "--rounds",
                "2",
                "--settle",
                "0s",
                // any JIT counts as settled: one more second of attack, and the line that says so
                "--settled-jit",
                "100000",
                "--format",
                "csv"));
    if (root) {
      args.add("--realtime-clients");
    }
    Result result = run(args.toArray(String[]::new));
    assertEquals(0, result.exitCode(), result.err());
    List<String> header = List.of(result.out().lines().findFirst().get().split(","));
    String row =
        result.out().lines().filter(line -> line.startsWith("initial-flood,")).findFirst().get();
    String[] fields = row.split(",");
    long steps = Long.parseLong(fields[header.indexOf("steps")]);
    assertTrue(steps >= 500, "the agent's Initials over 2 x 3 s at 100 a second: " + row);
    assertEquals("2", fields[header.indexOf("rounds")], row);
    assertTrue(
        Double.parseDouble(fields[header.indexOf("audio_attack_pct")]) >= 99,
        "the viewer's audio under attack: " + row);
    assertTrue(
        result.err().contains("bench attack: initial-flood, round 2: attack phase"), result.err());
    assertTrue(
        result
            .err()
            .contains("initial-flood, round 2: the JIT settled after 1 s more of the attack ("),
        result.err());
    assertEquals(
        root,
        result.err().contains("the publisher's and the viewer's threads run at real-time priority"),
        result.err());
  }

  @Test
  void shouldRefuseAnUnknownAttackInOneLine() {
    Result result = run("bench", "attack", "--attacks", "teardrop");
    assertEquals(2, result.exitCode(), result.err());
    assertTrue(result.err().contains("unknown attack 'teardrop'"), result.err());
    assertEquals(1, result.err().strip().lines().count(), result.err());
  }
}
