package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

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

  private static int freeUdpPort() throws java.io.IOException {
    try (java.net.DatagramSocket socket =
        new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
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
    // the mean and p90 table: times with their unit (4497899 was printed raw before)
    Matcher latency =
        Pattern.compile("(?m)^\\S*c4\\s+media_avg_latency\\s+(\\S+ \\S+)\\s+(\\S+ \\S+)\\s*$")
            .matcher(out);
    assertTrue(latency.find(), out);
    assertTrue(latency.group(1).matches("[0-9.]+ (s|ms|µs)"), latency.group());
    assertTrue(latency.group(1).replaceAll("[^0-9]", "").length() <= 3, latency.group());
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void relayBannerFitsTheTerminalAndKeepsWhatScriptsRead(@TempDir Path work) throws Exception {
    try (MoqbedProcesses processes = new MoqbedProcesses(work)) {
      Process relay =
          processes.start(
              "relay",
              "relay",
              "--listen",
              "127.0.0.1:" + freeUdpPort(),
              "--cert-dir",
              work.resolve("certificates").toString(),
              "--interval",
              "0");
      processes.awaitLine("relay", "--cert-hash");
      relay.destroy();
      relay.waitFor(20, TimeUnit.SECONDS);
      String banner = processes.output("relay");
      assertFitsAndHasNoSentinel(banner);
      Matcher listening =
          Pattern.compile("(?m)^moqbed relay: listening on /127\\.0\\.0\\.1:(\\d+)$")
              .matcher(banner);
      assertTrue(listening.find(), banner);
      Matcher hash = Pattern.compile("certificate SHA-256 ([0-9a-f]{64})").matcher(banner);
      assertTrue(hash.find(), banner);
      assertTrue(banner.contains("moqbed relay: watch it in a browser:"), banner);
      // the watch command, its backslash-newline joined as a shell does
      String command = banner.replaceAll(" \\\\\n\\s+", " ");
      assertTrue(
          command.contains(
              "./moqbed watch https://localhost:"
                  + listening.group(1)
                  + "/moq --cert-hash "
                  + hash.group(1)),
          banner);
    }
  }
}
