package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
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

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldAttackFromAnAgentProcessAndPrintItsCounts() {
    Result result =
        run(
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
            "--format",
            "csv");
    assertEquals(0, result.exitCode(), result.err());
    String row =
        result.out().lines().filter(line -> line.startsWith("initial-flood,")).findFirst().get();
    String[] fields = row.split(",");
    long steps = Long.parseLong(fields[2]);
    assertTrue(steps >= 250, "the agent's Initials over 3 s at 100 a second: " + row);
    assertTrue(Double.parseDouble(fields[6]) >= 99, "the viewer's audio under attack: " + row);
  }

  @Test
  void shouldRefuseAnUnknownAttackInOneLine() {
    Result result = run("bench", "attack", "--attacks", "teardrop");
    assertEquals(2, result.exitCode(), result.err());
    assertTrue(result.err().contains("unknown attack 'teardrop'"), result.err());
    assertEquals(1, result.err().strip().lines().count(), result.err());
  }
}
