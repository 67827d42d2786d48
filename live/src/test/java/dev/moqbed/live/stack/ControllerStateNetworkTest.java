package dev.moqbed.live.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.ChainTable;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.PathTrace;
import dev.moqbed.live.RelayMetrics;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.session.transport.PathStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller under test, live: a relay on the project's stack with C4 reports C4's own state
 * (its nominal rate, its phase) in the chain's path table, in the metrics and in the trace file; on
 * quiche those fields stay empty.
 */
@Tag("network")
class ControllerStateNetworkTest {
  private static final Pattern NOMINAL_RATE =
      Pattern.compile(
          "moqbed_relay_path_cc_value\\{[^}]*name=\"nominal_rate_bytes_per_second\"[^}]*\\}"
              + " ([0-9.E+]+)");

  private static ChainOptions options(LiveStack stack) {
    return ChainOptions.builder()
        .media(MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX))
        .durationMicros(2_000_000)
        .subscribers(1)
        .lateMicros(1_000_000)
        .stacks(stack, stack)
        .build();
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldReportC4sNominalRateInTheTableTheMetricsAndTheTrace(@TempDir Path dir)
      throws Exception {
    Path trace = dir.resolve("trace.csv");
    AtomicReference<Double> scraped = new AtomicReference<>(0.0);
    AtomicBoolean running = new AtomicBoolean(true);
    LiveChain.Result result;
    try (RelayMetrics metrics = new RelayMetrics(true)) {
      // scrapes while the chain runs, as Prometheus would
      Thread scraper =
          new Thread(
              () -> {
                while (running.get()) {
                  Matcher matcher = NOMINAL_RATE.matcher(metrics.scrape());
                  if (matcher.find()) {
                    scraped.accumulateAndGet(Double.parseDouble(matcher.group(1)), Math::max);
                  }
                  try {
                    Thread.sleep(200);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              });
      scraper.start();
      try {
        result = LiveChain.run(options(LiveStack.of(LiveTransport.MOQBED, "c4")), metrics, trace);
      } finally {
        running.set(false);
        scraper.join();
      }
    }
    assertTrue(scraped.get() > 0, "C4's nominal rate in the metrics");

    PathStats path = result.relayPaths().get(0);
    assertTrue(path.controller().values().get("nominal_rate_bytes_per_second") > 0, "" + path);
    assertFalse(path.controller().state().isEmpty(), "C4's phase: " + path);
    assertTrue(path.pacingRateBytesPerSecond() > 0 && path.minRttMicros() > 0, "" + path);
    String table = ChainTable.paths(result).render(OutputFormat.CSV);
    assertTrue(table.contains("cc_nominal_rate_bytes_per_second"), table);

    List<String> lines = Files.readAllLines(trace);
    assertTrue(
        lines.get(0).startsWith(PathTrace.HEADER + ",cc_"),
        "the simulator's trace columns, then the controller's: " + lines.get(0));
    int column = Arrays.asList(lines.get(0).split(",")).indexOf("cc_nominal_rate_bytes_per_second");
    assertTrue(column > 0, lines.get(0));
    assertTrue(lines.size() > 20, "a row every 20 ms for 2 s: " + lines.size());
    String last = lines.get(lines.size() - 1);
    assertTrue(Long.parseLong(last.split(",", -1)[column]) > 0, last);
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldLeaveWhatQuicheDoesNotGiveEmpty(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("trace.csv");
    LiveChain.Result result = LiveChain.run(options(LiveStack.quicheDefault()), null, trace);
    PathStats path = result.relayPaths().get(0);
    assertTrue(path.congestionWindowBytes() > 0, "" + path);
    assertEquals(-1, path.pacingRateBytesPerSecond());
    assertTrue(path.controller().values().isEmpty());
    List<String> lines = Files.readAllLines(trace);
    assertEquals(PathTrace.HEADER, lines.get(0), "no cc_ columns");
    String[] row = lines.get(1).split(",", -1);
    assertEquals("", row[3], "no pacing rate from quiche: " + lines.get(1));
  }
}
