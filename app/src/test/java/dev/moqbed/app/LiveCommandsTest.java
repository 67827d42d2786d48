package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The live commands' arguments and help; no network. */
class LiveCommandsTest {
  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  void shouldListTheLiveCommandsInHelp() {
    String help = run("--help").out();
    for (String command : new String[] {"relay", "publisher", "subscriber", "chain"}) {
      assertTrue(help.contains(command), help);
    }
  }

  @Test
  void shouldSayWhichControllersRunWhereInEachLiveHelp() {
    for (String command : new String[] {"relay", "publisher", "subscriber", "chain"}) {
      // Without white space: the help wraps lines wherever it likes.
      String help = run(command, "--help").out().replaceAll("\\s+", "");
      assertTrue(help.contains("quiche:cubic(default),quiche:bbr"), command + ": " + help);
      assertTrue(help.contains("project'sQUICstack(--transportmoqbed,thedefault)"), help);
    }
  }

  @Test
  void shouldSendTheProjectsControllersToTheProjectsStackWithOneLine() {
    Result result = run("chain", "--transport", "quiche", "--cc", "c4", "--duration", "1s");
    assertEquals(2, result.exitCode());
    assertEquals(
        "moqbed: controller 'c4' is the project's own: run it live with --transport moqbed;"
            + " quiche offers quiche:cubic, quiche:bbr, quiche:reno\n",
        result.err());
    Result quiches = run("relay", "--transport", "moqbed", "--cc", "quiche:bbr");
    assertEquals(2, quiches.exitCode());
    assertTrue(quiches.err().startsWith("moqbed: controller 'quiche:bbr' is quiche's"));
    Result fanout = run("bench", "fanout", "--transport", "quiche", "--cc", "c4");
    assertEquals(2, fanout.exitCode());
    assertTrue(fanout.err().startsWith("moqbed: controller 'c4' is the project's own"));
  }

  @Test
  void shouldRefuseADurationWithoutItsUnitInsteadOfRunningMicroseconds() {
    Result result = run("chain", "--duration", "10");
    assertEquals(2, result.exitCode());
    assertTrue(result.err().contains("'10' needs a duration unit, e.g. 10s"), result.err());
  }

  @Test
  void shouldReadACapitalBAsBytesPerSecondInARate() {
    Result result = run("sim", "bulk", "--rate", "20", "--runs", "1");
    assertEquals(2, result.exitCode());
    assertTrue(result.err().contains("'20' needs a rate unit"), result.err());
  }

  @Test
  void shouldRefuseAnUnknownControllerWithTheValidOnes() {
    Result result = run("relay", "--cc", "quiche:vegas", "--listen", "127.0.0.1:0");
    assertEquals(2, result.exitCode());
    assertTrue(result.err().contains("unknown controller 'quiche:vegas'"), result.err());
  }

  @Test
  void shouldRefuseASubscriberFramesFileInAMissingDirectoryBeforeConnecting() {
    Result result =
        run("subscriber", "--relay", "127.0.0.1:9", "--insecure", "--out", "/nonexistent/f.csv");
    assertEquals(2, result.exitCode(), result.err());
    assertEquals(
        "moqbed: --out /nonexistent/f.csv: the folder /nonexistent does not exist",
        result.err().strip());
  }

  @Test
  @Tag("network")
  void shouldNameTheAddressWhenTheRelaysPortIsTaken() throws Exception {
    try (java.net.DatagramSocket taken =
        new java.net.DatagramSocket(
            new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0))) {
      String address = "127.0.0.1:" + taken.getLocalPort();
      Result result = run("relay", "--listen", address);
      assertEquals(1, result.exitCode(), result.err());
      assertEquals(
          "moqbed: cannot listen on /" + address + ": Address already in use",
          result.err().strip());
    }
  }

  @Test
  void shouldRefuseAMalformedUpstreamRelayWithOneLine() {
    Result result = run("relay", "--listen", "127.0.0.1:0", "--upstream", "nowhere");
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: expected HOST:PORT, got 'nowhere'\n", result.err());
  }

  @Test
  void shouldRefuseAChainWithoutRelays() {
    Result result = run("chain", "--relays", "0");
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: --relays must be 1..8\n", result.err());
  }

  @Test
  void shouldRefuseAFanoutWithoutFastSubscribers() {
    Result result = run("bench", "fanout", "--subscribers", "2", "--slow", "2");
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: --slow must be 0..subscribers-1 (some fast ones remain)\n", result.err());
  }

  @Test
  void shouldListTheFanoutBenchmarkButNotItsSubscriberProcess() {
    String help = run("bench", "--help").out();
    assertTrue(help.contains("fanout"), help);
    assertTrue(!help.contains("fanout-subscribers"), help);
  }

  @Test
  void shouldRequireTheRelayAddress() {
    Result result = run("subscriber");
    assertEquals(2, result.exitCode());
    assertTrue(result.err().contains("--relay"), result.err());
  }

  @Test
  void shouldRefuseAMalformedRelayAddress() {
    Result result = run("publisher", "--relay", "localhost");
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: expected HOST:PORT, got 'localhost'\n", result.err());
  }

  @Test
  void shouldRefuseSpecAndMixTogether() {
    Result result = run("chain", "--spec", "=a1:d50:n5:80;", "--mix", "draft-media");
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: give --spec or --mix, not both\n", result.err());
  }

  @Test
  void shouldRefuseAnUnknownMix() {
    Result result = run("publisher", "--relay", "127.0.0.1:4443", "--mix", "concert");
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: unknown mix 'concert'; valid: draft-media\n", result.err());
  }

  @Test
  void shouldRefuseRelayLimitsBelowOneWithOneLine() {
    for (String option :
        new String[] {
          "--max-sessions",
          "--max-subscriptions-per-session",
          "--max-buffered-bytes",
          "--max-pending-setups-per-address",
          "--max-sessions-per-address"
        }) {
      Result result = run("relay", "--listen", "127.0.0.1:0", option, "0");
      assertEquals(2, result.exitCode(), option);
      assertEquals("moqbed: " + option + " must be at least 1\n", result.err(), option);
    }
  }

  @Test
  void shouldRefuseAMalformedBufferSizeWithTheValidUnits() {
    Result result = run("relay", "--max-buffered-bytes", "1 parsec");
    assertEquals(2, result.exitCode());
    assertTrue(result.err().contains("--max-buffered-bytes"), result.err());
  }

  @Test
  void shouldRefuseAMetricsPortOutOfRange() {
    Result relay = run("relay", "--listen", "127.0.0.1:0", "--metrics-port", "70000");
    assertEquals(2, relay.exitCode());
    assertEquals("moqbed: --metrics-port must be 0..65535\n", relay.err());
    Result chain = run("chain", "--duration", "1s", "--metrics-port", "-1");
    assertEquals(2, chain.exitCode());
    assertTrue(chain.err().contains("--metrics-port must be 0..65535"), chain.err());
  }

  @Test
  void shouldDocumentTheLimitsAndTheMetricsPortInHelp() {
    String relay = run("relay", "--help").out();
    for (String option :
        new String[] {
          "--max-sessions",
          "--max-subscriptions-per-session",
          "--max-buffered-bytes",
          "1MiB",
          "--max-sessions-per-address",
          "--idle-session-timeout",
          "--namespace-takeover-after"
        }) {
      assertTrue(relay.contains(option), relay);
    }
    assertTrue(run("chain", "--help").out().contains("--metrics-port"));
  }
}
