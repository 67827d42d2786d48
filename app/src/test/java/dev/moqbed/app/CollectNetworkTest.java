package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.NativeQuic;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.report.RunSet;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The multi-host recipe on loopback: a collector, a relay with --collect and a publisher each in a
 * process of its own as on separate machines, two subscribers with --collect; then {@code report}
 * reads the collected directory and prints the per-track latency table.
 */
@Tag("network")
class CollectNetworkTest {
  @TempDir Path work;

  private MoqbedProcesses processes;

  private String subscriberLogs = "";

  private static int freeTcpPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static int freeUdpPort() throws IOException {
    try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void shouldGatherTwoSubscribersAndTheRelayIntoOneDirectoryThatReportReads() throws Exception {
    assumeTrue(
        NativeQuic.isAvailable(), "QUIC native library: " + NativeQuic.unavailabilityReason());
    processes = new MoqbedProcesses(work);
    Path out = work.resolve("collected");
    String collector = "127.0.0.1:" + freeTcpPort();
    String relay = "127.0.0.1:" + freeUdpPort();
    try {
      Process collect =
          processes.start("collect", "collect", "--listen", collector, "--out", out.toString());
      processes.awaitLine("collect", "moqbed collect: listening on");
      Process relayProcess =
          processes.start(
              "relay",
              "relay",
              "--listen",
              relay,
              "--interval",
              "0",
              "--collect",
              collector,
              "--label",
              "e2e",
              "--collect-host",
              "relay-vm");
      processes.awaitLine("relay", "moqbed relay: listening on");
      Process publisher =
          processes.start(
              "publisher", "publisher", "--relay", relay, "--insecure", "--duration", "15s");
      processes.awaitLine("publisher", "accepted by");
      // The subscribers run in this JVM, as the command runs them: a new JVM takes seconds to
      // start on a loaded machine, and a publisher nobody subscribes to for 10 s idles out.
      Map<String, StringWriter> logs = new ConcurrentHashMap<>();
      List<CompletableFuture<Integer>> subscribers = new ArrayList<>();
      for (String host : List.of("sub-a", "sub-b")) {
        StringWriter log = new StringWriter();
        logs.put(host, log);
        subscribers.add(
            CompletableFuture.supplyAsync(
                () ->
                    MoqbedCommand.run(
                        new String[] {
                          "subscriber",
                          "--relay",
                          relay,
                          "--insecure",
                          "--interval",
                          "0",
                          "--collect",
                          collector,
                          "--label",
                          "e2e",
                          "--collect-host",
                          host,
                          "--out",
                          work.resolve(host + ".csv").toString()
                        },
                        new PrintWriter(log),
                        new PrintWriter(log))));
      }
      for (CompletableFuture<Integer> subscriber : subscribers) {
        subscriber.get(120, TimeUnit.SECONDS);
      }
      subscriberLogs = logs.toString();
      assertTrue(publisher.waitFor(60, TimeUnit.SECONDS));
      for (String host : List.of("sub-a", "sub-b")) {
        String log = logs.get(host).toString();
        assertTrue(log.contains("subscriber: collect: "), log);
        assertTrue(log.contains(" 0 dropped"), log);
        LatencyLogAssertions.assertLogsEveryFrame(work.resolve(host + ".csv"));
      }
      relayProcess.destroy(); // SIGTERM: as Ctrl-C, its End goes to the collector
      assertTrue(relayProcess.waitFor(30, TimeUnit.SECONDS));
      processes.awaitLine("collect", " path samples"); // the relay's End (or its loss) was logged
      collect.destroy();
      assertTrue(collect.waitFor(30, TimeUnit.SECONDS));
      assertTrue(
          processes.output("collect").contains("collect: stopped; files flushed"),
          processes.output("collect"));
    } finally {
      processes.close();
    }

    RunSet runs = RunSet.read(List.of(out));
    assertEquals(2, runs.records().size(), processes.output("collect"));
    for (RunRecord run : runs.records()) {
      assertEquals("e2e", run.scenario());
      assertEquals("c4", run.controller()); // the live default: C4 on the project's stack
      assertEquals("true", run.extra().get("completed"), processes.output("collect"));
      assertEquals(run.extra().get("frames_received"), run.extra().get("frames_collected"));
      assertTrue(
          Long.parseLong(run.extra().get("frames_collected")) > 0,
          run + "\n" + subscriberLogs + processes.output("relay") + processes.output("publisher"));
    }
    assertEquals(
        List.of("sub-a", "sub-b"),
        runs.records().stream().map(r -> r.extra().get("host")).sorted().toList());
    List<String> paths = Files.readAllLines(out.resolve("paths.csv"));
    assertTrue(paths.size() > 2, "the relay's path samples: " + paths.size() + " lines");
    assertTrue(paths.get(1).startsWith("e2e,c4,relay-vm,"), paths.get(1));

    StringWriter report = new StringWriter();
    StringWriter errors = new StringWriter();
    int code =
        MoqbedCommand.run(
            new String[] {"report", out.toString(), "--html", work.resolve("r.html").toString()},
            new PrintWriter(report),
            new PrintWriter(errors));
    assertEquals(0, code, errors.toString());
    String text = report.toString();
    assertTrue(text.contains("a1 av_latency"), text);
    assertTrue(text.contains("| e2e | c4 | 2 |"), text);
    assertTrue(Files.readString(work.resolve("r.html")).contains("a1"));
  }
}
