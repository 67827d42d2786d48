package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the live commands print on a terminal fits 120 columns and shows no raw sentinel (issue 32:
 * lines of 250–490 characters, {@code 9223372036854775807}, an 11.5 Tbit/s pacing rate): every
 * renderer of a run's output, the interval lines, the per-subscriber table with its hop columns,
 * the relay's path table with the controller's variables, the comparison's tables and notes.
 */
@Tag("network")
class TerminalWidthNetworkTest {
  private static final List<String> SENTINELS =
      List.of(
          Long.toString(Long.MAX_VALUE),
          Long.toString(Integer.MAX_VALUE),
          "NaN",
          "Infinity",
          "Tbit/s");

  static void assertFitsAndHasNoSentinel(String output) {
    assertFalse(output.isBlank(), "printed something");
    for (String line : output.split("\n")) {
      assertTrue(line.length() <= 120, line.length() + " columns: " + line);
      for (String sentinel : SENTINELS) {
        assertFalse(line.contains(sentinel), sentinel + " in: " + line);
      }
    }
  }

  private static String run(String... arguments) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(arguments, new PrintWriter(out), new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    return out.toString();
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void chainOfTwoRelaysFitsTheTerminal() {
    String out = run("chain", "--duration", "2s", "--relays", "2", "--warmup", "0s");
    assertTrue(out.contains("hop3_p50"), out); // three hops: the columns that made it 250 wide
    assertTrue(out.contains("cc_"), out); // the controller's variables in the path table
    assertFitsAndHasNoSentinel(out);
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void liveRunFitsTheTerminal() {
    String out =
        run(
            "live",
            "run",
            "media",
            "--cc",
            "c4",
            "--runs",
            "1",
            "--duration",
            "2s",
            "--warmup",
            "0");
    assertTrue(out.contains("no interval and no verdict"), out);
    assertFitsAndHasNoSentinel(out);
  }
}
