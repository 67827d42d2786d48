package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.NativeQuic;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (as Ctrl-C) in the middle of a long command, each in a JVM of its own: the command ends
 * early with its usual summary over what it measured, says it was interrupted, keeps only whole
 * runs in its files, exits 143 and prints no stack trace.
 */
@Tag("network")
class InterruptSummaryNetworkTest {
  /** What the JVM exits with after SIGTERM: 128 + 15. */
  private static final int SIGTERM_EXIT = 143;

  @TempDir Path work;

  private MoqbedProcesses processes;

  @BeforeEach
  void start() {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    processes = new MoqbedProcesses(work);
  }

  @AfterEach
  void stop() {
    if (processes != null) {
      processes.close();
    }
  }

  private static int freeUdpPort() throws IOException {
    try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /** Sends SIGTERM to {@code process}, which must then exit by itself within 20 s. */
  private static int terminate(Process process) throws InterruptedException {
    process.destroy();
    assertTrue(process.waitFor(20, TimeUnit.SECONDS), "still running 20 s after SIGTERM");
    return process.exitValue();
  }

  private void assertNoStackTrace(String name) throws IOException {
    String output = processes.output(name);
    assertFalse(output.contains("\tat "), output);
    assertFalse(output.contains("Exception"), output);
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void subscriberAndPublisherPrintWhatTheyReceivedAndSent() throws Exception {
    String relay = "127.0.0.1:" + freeUdpPort();
    processes.start("relay", "relay", "--listen", relay, "--interval", "0");
    processes.awaitLine("relay", "moqbed relay: listening on");
    Process publisher =
        processes.start(
            "publisher", "publisher", "--relay", relay, "--insecure", "--duration", "120s");
    processes.awaitLine("publisher", "accepted by"); // subscribing before it: refused
    Path frames = work.resolve("frames.csv");
    Process subscriber =
        processes.start(
            "subscriber",
            "subscriber",
            "--relay",
            relay,
            "--insecure",
            "--interval",
            "1s",
            "--out",
            frames.toString());
    processes.awaitLine("subscriber", "subscriber: connected to");
    processes.awaitLine("subscriber", "[  2.0-  3.0 s]");

    assertEquals(SIGTERM_EXIT, terminate(subscriber), processes.output("subscriber"));

    String output = processes.output("subscriber");
    assertTrue(output.contains("subscriber: interrupted after "), output);
    String table = processes.standardOutput("subscriber");
    assertTrue(table.contains("summary"), table); // the intervals' total line
    assertTrue(table.contains("received"), table); // the per-track table
    assertEquals(1, count(output, "interrupted after"), output); // printed once
    List<String> rows = Files.readAllLines(frames);
    assertTrue(rows.size() > 10, "frames flushed: " + rows.size() + " lines");
    assertNoStackTrace("subscriber");

    assertEquals(SIGTERM_EXIT, terminate(publisher), processes.output("publisher"));
    String sent = processes.output("publisher");
    assertTrue(sent.contains("publisher: interrupted after "), sent);
    assertTrue(sent.contains(" of 120 s; what it sent:"), sent);
    assertTrue(processes.standardOutput("publisher").contains("objects_sent"), sent);
    assertNoStackTrace("publisher");
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void singleControllerChainEndsEarlyWithItsTablesAndNoRunsRow() throws Exception {
    Path out = work.resolve("chain");
    Process chain =
        processes.start(
            "chain", "chain", "--duration", "60s", "--interval", "1s", "--out", out.toString());
    processes.awaitLine("chain", "[  2.0-  3.0 s]");

    assertEquals(SIGTERM_EXIT, terminate(chain), processes.output("chain"));

    String output = processes.output("chain");
    assertTrue(output.contains("moqbed chain: interrupted after "), output);
    assertTrue(output.contains(" of 60 s (not written to runs.csv"), output);
    String tables = processes.standardOutput("chain");
    assertTrue(tables.contains("summary"), tables);
    assertTrue(tables.contains("The host during the run:"), tables);
    assertEquals(1, Files.readAllLines(out.resolve("runs.csv")).size(), "the header only");
    assertNoStackTrace("chain");
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void liveRunKeepsTheRunsThatFinished() throws Exception {
    Path out = work.resolve("live");
    Process live =
        processes.start(
            "live",
            "live",
            "run",
            "media_wb",
            "--cc",
            "cubic",
            "--transport",
            "moqbed",
            "--duration",
            "2s",
            "--runs",
            "20",
            "--warmup",
            "0",
            "--out",
            out.toString());
    processes.awaitLine("live", "run 2/20");

    assertEquals(SIGTERM_EXIT, terminate(live), processes.output("live"));

    String output = processes.output("live");
    Matcher summary =
        Pattern.compile("moqbed live run: interrupted after (\\d+) of 20 runs").matcher(output);
    assertTrue(summary.find(), output);
    int finished = Integer.parseInt(summary.group(1));
    assertTrue(finished >= 1 && finished < 20, output); // run 1 had finished when run 2 began
    assertTrue(output.contains(finished + " runs written to"), output);
    assertEquals(
        finished + 1, Files.readAllLines(out.resolve("runs.csv")).size(), "header + whole runs");
    assertTrue(processes.standardOutput("live").contains("The host during each run:"), output);
    assertNoStackTrace("live");
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void benchSimPrintsTheRunsMeasuredSoFar() throws Exception {
    Process sim =
        processes.start(
            "sim", "bench", "sim", "--cc", "cubic,bbr", "--warmup", "1", "--runs", "100000");
    processes.awaitLine("sim", "bench sim: cubic:");
    Thread.sleep(3_000); // a few measured runs

    assertEquals(SIGTERM_EXIT, terminate(sim), processes.output("sim"));

    String output = processes.output("sim");
    assertTrue(output.contains("bench sim: interrupted after "), output);
    assertTrue(output.contains("0 of 2 controllers measured in full"), output);
    Matcher row =
        Pattern.compile("alone\\s+cubic\\s+(\\d+)\\s").matcher(processes.standardOutput("sim"));
    assertTrue(row.find(), output);
    int runs = Integer.parseInt(row.group(1));
    assertTrue(runs >= 1 && runs < 100000, output);
    assertFalse(output.contains("bbr"), output); // never started
    assertNoStackTrace("sim");
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void benchNetemPrintsTheCasesMeasuredSoFar() throws Exception {
    Process netem =
        processes.start("netem", "bench", "netem", "--rates", "20mbit,50mbit", "--duration", "2s");
    processes.awaitLine("netem", "bench netem: measured loopback (1 of 5)");

    assertEquals(SIGTERM_EXIT, terminate(netem), processes.output("netem"));

    String output = processes.output("netem");
    Matcher summary =
        Pattern.compile("bench netem: interrupted after .*, (\\d) of 5 cases measured:")
            .matcher(output);
    assertTrue(summary.find(), output);
    int measured = Integer.parseInt(summary.group(1));
    assertTrue(measured >= 1 && measured < 5, output);
    // the table's first block (a wide table is split into blocks): header, rule, the cases
    List<String> rows = processes.standardOutput("netem").split("\n\n")[0].lines().toList();
    assertEquals(2 + measured, rows.size(), output);
    assertTrue(rows.get(2).startsWith("loopback"), output);
    assertNoStackTrace("netem");
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void benchLoopbackPrintsTheMediansOfTheTransfersDone() throws Exception {
    Process loopback =
        processes.start(
            "loopback",
            "bench",
            "loopback",
            "--cc",
            "cubic",
            "--bytes",
            "5MB",
            "--warmup",
            "0",
            "--runs",
            "1000");
    processes.awaitLine("loopback", "round 2/1000");

    assertEquals(SIGTERM_EXIT, terminate(loopback), processes.output("loopback"));

    String output = processes.output("loopback");
    Matcher summary =
        Pattern.compile(
                "bench loopback: interrupted after .*, (\\d+) of 2000 measured transfers done;"
                    + " their medians")
            .matcher(output);
    assertTrue(summary.find(), output);
    assertTrue(Integer.parseInt(summary.group(1)) >= 2, output); // round 1's two rows
    String table = processes.standardOutput("loopback");
    assertTrue(table.contains("quiche->quiche"), table);
    assertTrue(table.contains("moqbed->moqbed"), table);
    assertNoStackTrace("loopback");
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void benchAttackPrintsTheAttacksMeasuredSoFar() throws Exception {
    Process attack =
        processes.start(
            "attack",
            "bench",
            "attack",
            "--attacks",
            "pings,handshakes,idle-sessions",
            "--warmup",
            "1s",
            "--phase",
            "2s",
            "--attack-warmup",
            "0s",
            "--rounds",
            "1",
            // no warm-up round and a short settle: the summary, not the figures, is under test
            "--warmup-rounds",
            "0",
            "--settled-jit",
            "0",
            "--settle",
            "1s",
            "--in-process");
    processes.awaitLine("attack", "bench attack: handshakes: quiet phase");

    assertEquals(SIGTERM_EXIT, terminate(attack), processes.output("attack"));

    String output = processes.output("attack");
    assertTrue(
        output.contains("bench attack: interrupted after ")
            && output.contains(", 1 of 3 attacks measured:"),
        output);
    String table = processes.standardOutput("attack");
    assertTrue(table.lines().anyMatch(line -> line.startsWith("pings ")), table);
    assertFalse(table.lines().anyMatch(line -> line.startsWith("handshakes")), table);
    assertTrue(table.contains("load average"), table);
    assertNoStackTrace("attack");
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void scenarioRunPrintsAndWritesTheRunsDone() throws Exception {
    Path out = work.resolve("scenario");
    Process scenario =
        processes.start(
            "scenario", "scenario", "run", "alone", "--runs", "100000", "--out", out.toString());
    Thread.sleep(8_000); // JVM start and a few runs of a few hundred ms each

    int done = runsDoneAfterSigterm(scenario, "scenario", "scenario run");
    String output = processes.output("scenario");
    String table = processes.standardOutput("scenario");
    // the first block of the split table: one row per run done
    assertEquals(
        done,
        table.lines().filter(line -> line.matches("alone\\s+c4\\s+\\d+\\s+1\\s.*")).count(),
        table);
    assertTrue(table.contains("completion_time"), table); // the summary of the runs done
    // runs.csv: its header and the runs done, no partial run
    assertEquals(done + 1, Files.readAllLines(out.resolve("runs.csv")).size(), output);
    assertNoStackTrace("scenario");
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void simBulkPrintsTheRunsDone() throws Exception {
    Process bulk = processes.start("bulk", "sim", "bulk", "--runs", "100000");
    Thread.sleep(6_000); // JVM start and a few runs

    int done = runsDoneAfterSigterm(bulk, "bulk", "sim bulk");
    String table = processes.standardOutput("bulk");
    assertEquals(
        done,
        table.lines().filter(line -> line.matches("\\s*\\d+\\s+1\\s+newreno\\s.*")).count(),
        table);
    assertTrue(table.contains("completion_s"), table); // the summary of the runs done
    assertNoStackTrace("bulk");
  }

  /**
   * Terminates a command started with {@code --runs 100000}: it exits 143 and says how many runs it
   * finished, at least one and not all.
   */
  private int runsDoneAfterSigterm(Process process, String name, String command) throws Exception {
    assertEquals(SIGTERM_EXIT, terminate(process), processes.output(name));
    String output = processes.output(name);
    Matcher summary =
        Pattern.compile(command + ": interrupted after .*; (\\d+) of 100000 runs done:")
            .matcher(output);
    assertTrue(summary.find(), output);
    int done = Integer.parseInt(summary.group(1));
    assertTrue(done >= 1 && done < 100000, output);
    return done;
  }

  private static int count(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      count++;
    }
    return count;
  }
}
