package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real browser as the subscriber (issue 29): a relay on loopback, the publisher's draft media
 * mix, and {@code moqbed watch} driving headless Chromium through the page over WebTransport, each
 * in a process of its own as a user runs them. Every audio datagram and every vlow frame the
 * publisher sent arrives in the browser, latencies are plausible, and with a 5 ms deadline the page
 * stops late vmid groups with STOP_SENDING. Chromium is installed first where it is absent.
 */
@Tag("network")
class WatchChromiumNetworkTest {
  @TempDir Path work;

  private MoqbedProcesses processes;

  @AfterEach
  void stopProcesses() {
    if (processes != null) {
      processes.close();
    }
  }

  @Test
  @Timeout(value = 420, unit = TimeUnit.SECONDS)
  void shouldDeliverTheMediaMixToHeadlessChromiumAndStopLateGroups() throws Exception {
    String chromium = ChromiumInstall.ensure();
    processes = new MoqbedProcesses(work);
    String relay = "127.0.0.1:" + freeUdpPort();
    Path certificates = work.resolve("certificates");
    processes.start("relay", "relay", "--listen", relay, "--cert-dir", certificates.toString());
    processes.awaitLine("relay", "moqbed relay: watch it in a browser");
    String certificate = certificates.resolve("relay-cert.pem").toString();
    Process publisher =
        processes.start(
            "publisher",
            "publisher",
            "--relay",
            relay,
            "--relay-cert",
            certificate,
            "--duration",
            "8s",
            "--interval",
            "0",
            "--format",
            "csv");
    processes.awaitLine("publisher", "accepted by");
    Path frames = work.resolve("frames.csv");
    Process watch =
        processes.start(
            "watch",
            "watch",
            "https://" + relay + "/moq",
            "--relay-cert",
            certificate,
            "--browser",
            "headless",
            "--chromium",
            chromium,
            "--late",
            "5ms",
            "--out",
            frames.toString(),
            "--format",
            "csv");
    assertTrue(watch.waitFor(180, TimeUnit.SECONDS), "watch did not end: " + everything());
    assertEquals(0, watch.exitValue(), everything());
    assertTrue(publisher.waitFor(60, TimeUnit.SECONDS), everything());

    Map<String, Long> sent = column(processes.standardOutput("publisher"), "track", "objects_sent");
    Map<String, Long> received = column(processes.standardOutput("watch"), "track", "received");
    Map<String, Long> stopped = column(processes.standardOutput("watch"), "track", "stop_sending");
    assertEquals(
        sent.get("a1"),
        received.get("a1"),
        "every audio datagram (groups received " + groupRuns(frames, "a1") + "): " + everything());
    assertEquals(sent.get("vlow"), received.get("vlow"), "every vlow frame: " + everything());
    assertTrue(stopped.get("vmid") > 0, "late vmid groups stopped: " + everything());

    List<Long> audioLatencies = latencies(frames, "a1");
    assertEquals(sent.get("a1"), (long) audioLatencies.size(), "the frames file holds them all");
    long median = audioLatencies.get(audioLatencies.size() / 2);
    assertTrue(median > 0 && median < 100_000, "audio p50 of " + median + " µs on loopback");
    assertTrue(
        audioLatencies.get(audioLatencies.size() - 1) < 5_000_000,
        "audio max " + audioLatencies.get(audioLatencies.size() - 1) + " µs");
  }

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void shouldRunALiveScenarioTowardChromiumThroughTheLinkEmulator() throws Exception {
    String chromium = ChromiumInstall.ensure();
    Path out = work.resolve("runs");
    java.io.StringWriter said = new java.io.StringWriter();
    java.io.PrintWriter writer = new java.io.PrintWriter(said);
    int code =
        MoqbedCommand.run(
            new String[] {
              "live",
              "run",
              "media",
              "--cc",
              "c4",
              "--subscriber",
              "chromium",
              "--chromium",
              chromium,
              "--duration",
              "4s",
              "--warmup",
              "0",
              "--out",
              out.toString()
            },
            writer,
            writer);
    assertEquals(0, code, said.toString());
    List<String> rows = Files.readAllLines(out.resolve("runs.csv"));
    assertEquals(2, rows.size(), said.toString());
    List<String> header = List.of(rows.get(0).split(","));
    String[] row = rows.get(1).split(",");
    assertEquals("live:c4@chromium", row[header.indexOf("cc")], rows.toString());
    assertEquals("true", row[header.indexOf("completed")], said.toString());
    assertEquals(
        row[header.indexOf("frames_sent")],
        String.valueOf(
            Long.parseLong(row[header.indexOf("frames_received")])
                + Long.parseLong(row[header.indexOf("frames_cancelled")])),
        "every frame sent arrived or was cancelled: " + rows);
    assertTrue(Long.parseLong(row[header.indexOf("frames_received")]) > 300, rows.toString());
  }

  /** Sums a numeric column of a CSV table by its key column (the watch table has two vlow rows). */
  private static Map<String, Long> column(String csv, String key, String value) {
    List<String> lines = csv.lines().filter(line -> line.contains(",")).toList();
    List<String> header = List.of(lines.get(0).split(","));
    int keyIndex = header.indexOf(key);
    int valueIndex = header.indexOf(value);
    assertTrue(keyIndex >= 0 && valueIndex >= 0, "columns " + key + ", " + value + " in " + csv);
    Map<String, Long> sums = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      sums.merge(cells[keyIndex], Long.parseLong(cells[valueIndex]), Long::sum);
    }
    return sums;
  }

  /** The track's groups in the frames CSV as runs without a hole: "[12-80, 82-359]". */
  private static List<String> groupRuns(Path frames, String track) throws IOException {
    List<Long> groups =
        Files.readAllLines(frames).stream()
            .skip(1)
            .map(line -> line.split(","))
            .filter(cells -> cells[0].equals(track))
            .map(cells -> Long.parseLong(cells[1]))
            .sorted()
            .toList();
    List<String> runs = new ArrayList<>();
    for (int start = 0, end = 0; start < groups.size(); start = ++end) {
      while (end + 1 < groups.size() && groups.get(end + 1) <= groups.get(end) + 1) {
        end++;
      }
      runs.add(groups.get(start) + "-" + groups.get(end));
    }
    return runs;
  }

  /** One track's latencies from the frames CSV, sorted. */
  private static List<Long> latencies(Path frames, String track) throws IOException {
    List<String> lines = Files.readAllLines(frames);
    int latency = List.of(lines.get(0).split(",")).indexOf("latency_us");
    return lines.stream()
        .skip(1)
        .map(line -> line.split(","))
        .filter(cells -> cells[0].equals(track))
        .map(cells -> Long.parseLong(cells[latency]))
        .sorted()
        .toList();
  }

  private String everything() throws IOException {
    StringBuilder text = new StringBuilder();
    for (String name : List.of("relay", "publisher", "watch")) {
      text.append("\n--- ").append(name).append('\n');
      text.append(processes.output(name));
    }
    return text.toString();
  }

  private static int freeUdpPort() throws IOException {
    try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
