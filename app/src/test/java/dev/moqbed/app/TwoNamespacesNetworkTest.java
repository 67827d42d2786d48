package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.report.FrameLatencyCdfs;
import dev.moqbed.suite.report.ReportModel;
import dev.moqbed.suite.report.RunSet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two-VM recipe (deploy/README.md) on one machine: two network namespaces joined by a veth pair
 * stand in for the VMs. The relay (C4 on the project's stack) and the collector run in one (the
 * "relay VM", 10.77.0.1), the publisher and two subscribers reporting to the collector in the other
 * (10.77.0.2), each its own JVM as on separate hosts; then {@code report}'s code reads the
 * collected directory. Skipped, saying why, where namespaces cannot be made (not root, or a kernel
 * or container that refuses {@code ip netns add}). The namespaces (and with them the veth pair) are
 * removed whatever happens.
 */
@Tag("network")
class TwoNamespacesNetworkTest {
  private static final String RELAY_ADDRESS = "10.77.0.1";
  private static final String CLIENT_ADDRESS = "10.77.0.2";

  private final String suffix = Long.toString(ProcessHandle.current().pid());
  private final String relayNamespace = "moqbed-r-" + suffix;
  private final String clientNamespace = "moqbed-c-" + suffix;
  private final List<Process> processes = new ArrayList<>();
  private final List<String> output = new CopyOnWriteArrayList<>();

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldRunTheTwoHostRecipeAcrossAVethPairAndReportTheCollectedRuns(@TempDir Path dir)
      throws Exception {
    assumeTrue(
        namespacesAllowed(),
        "network namespaces not permitted here (needs root and"
            + " a kernel that allows 'ip netns add'): the two-namespace recipe is skipped");
    try {
      ip("netns", "add", relayNamespace);
      ip("netns", "add", clientNamespace);
      ip(
          "link",
          "add",
          "mq-r-" + suffix,
          "netns",
          relayNamespace,
          "type",
          "veth",
          "peer",
          "name",
          "mq-c-" + suffix,
          "netns",
          clientNamespace);
      configure(relayNamespace, "mq-r-" + suffix, RELAY_ADDRESS);
      configure(clientNamespace, "mq-c-" + suffix, CLIENT_ADDRESS);

      Path collected = dir.resolve("collected");
      Process collector =
          start(
              "collect",
              relayNamespace,
              "collect",
              "--listen",
              RELAY_ADDRESS + ":4500",
              "--out",
              collected.toString());
      Process relay =
          start(
              "relay",
              relayNamespace,
              "relay",
              "--listen",
              RELAY_ADDRESS + ":4443",
              "--transport",
              "moqbed",
              "--cc",
              "c4",
              "--cert-dir",
              dir.resolve("cert").toString(),
              "--interval",
              "0",
              "--collect",
              RELAY_ADDRESS + ":4500",
              "--label",
              "netns",
              "--collect-host",
              "relay-ns");
      awaitLine("collect", "listening on", 30);
      awaitLine("relay", "listening on", 30);
      start(
          "publisher",
          clientNamespace,
          "publisher",
          "--relay",
          RELAY_ADDRESS + ":4443",
          "--transport",
          "moqbed",
          "--insecure",
          "--duration",
          "10s", // room for two subscriber JVMs to start on a loaded 2-core host
          "--interval",
          "0");
      awaitLine("relay", "publishes [\"live\"]", 30);
      List<Process> subscribers = new ArrayList<>();
      for (int i = 1; i <= 2; i++) {
        subscribers.add(
            start(
                "subscriber-" + i,
                clientNamespace,
                "subscriber",
                "--relay",
                RELAY_ADDRESS + ":4443",
                "--transport",
                "moqbed",
                "--insecure",
                "--interval",
                "0",
                "--collect",
                RELAY_ADDRESS + ":4500",
                "--label",
                "netns",
                "--collect-cc",
                "c4",
                "--collect-host",
                "client-ns-" + i));
      }
      for (Process subscriber : subscribers) {
        assertTrue(subscriber.waitFor(45, TimeUnit.SECONDS), "subscriber still running: " + output);
        assertEquals(0, subscriber.exitValue(), "subscriber's exit code: " + output);
      }
      relay.destroy(); // its shutdown hook ends its path samples to the collector
      assertTrue(relay.waitFor(15, TimeUnit.SECONDS), "relay did not stop: " + output);
      collector.destroy();
      assertTrue(collector.waitFor(15, TimeUnit.SECONDS), "collector did not stop: " + output);

      RunSet runs = RunSet.read(List.of(collected));
      List<RunRecord> c4 = runs.runs("netns", "c4");
      assertEquals(2, c4.size(), "one run per subscriber: " + output);
      for (RunRecord run : c4) {
        assertTrue(run.extra().get("host").startsWith("client-ns-"), run.extra().toString());
        assertTrue(Long.parseLong(run.extra().get("frames_collected")) > 0, run.extra().toString());
        assertEquals("0", run.extra().get("records_dropped"));
      }
      ReportModel model = ReportModel.build(List.of(collected.toString()), runs, null);
      assertEquals(1, model.moqChain().rows().size(), "one row: test netns, cc c4");
      FrameLatencyCdfs cdfs = FrameLatencyCdfs.read(List.of(collected));
      assertTrue(cdfs.of("netns").get("a1").get("c4 (moq)").frames() > 0, "audio frames charted");
    } finally {
      for (Process process : processes) {
        process.destroyForcibly();
      }
      for (Process process : processes) {
        process.waitFor(10, TimeUnit.SECONDS);
      }
      // deleting a namespace deletes its end of the veth pair, and with it the other end
      quietly("netns", "del", relayNamespace);
      quietly("netns", "del", clientNamespace);
    }
  }

  private static boolean namespacesAllowed() throws InterruptedException {
    if (!System.getProperty("os.name").toLowerCase().contains("linux")) {
      return false;
    }
    try {
      Process id = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
      String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!id.waitFor(10, TimeUnit.SECONDS) || !uid.equals("0")) {
        return false;
      }
      String trial = "moqbed-trial-" + ProcessHandle.current().pid();
      boolean made = run("ip", "netns", "add", trial) == 0;
      if (made) {
        run("ip", "netns", "del", trial);
      }
      return made;
    } catch (IOException e) {
      return false; // no 'id' or no 'ip'
    }
  }

  private void configure(String namespace, String device, String address) throws Exception {
    ip("-n", namespace, "link", "set", "lo", "up");
    ip("-n", namespace, "addr", "add", address + "/24", "dev", device);
    ip("-n", namespace, "link", "set", device, "up");
  }

  /** Starts {@code moqbed ARGS} in {@code namespace}, its output lines kept, tagged. */
  private Process start(String tag, String namespace, String... args) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "ip",
                "netns",
                "exec",
                namespace,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                MoqbedCommand.class.getName()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).start();
    processes.add(process);
    keep(tag, process.getInputStream());
    keep(tag, process.getErrorStream());
    return process;
  }

  private void keep(String tag, InputStream stream) {
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader lines =
                  new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                  output.add(tag + ": " + line);
                }
              } catch (IOException e) {
                // the process ended
              }
            },
            "netns-" + tag);
    reader.setDaemon(true);
    reader.start();
  }

  private void awaitLine(String tag, String text, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      if (output.stream().anyMatch(line -> line.startsWith(tag + ": ") && line.contains(text))) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError(tag + " never printed '" + text + "': " + output);
  }

  private static void ip(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed: " + said.trim());
    }
  }

  private static void quietly(String... args) {
    try {
      List<String> command = new ArrayList<>(List.of("ip"));
      command.addAll(List.of(args));
      run(command.toArray(String[]::new));
    } catch (IOException | InterruptedException e) {
      // cleanup is best effort: the namespace may never have been made
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getInputStream().readAllBytes();
    return process.waitFor(10, TimeUnit.SECONDS) ? process.exitValue() : -1;
  }
}
