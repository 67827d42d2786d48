package dev.moqbed.scenarios.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.quic.NativeQuic;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code moqbed chain --format csv} on loopback: the columns and one row per subscriber track. */
@Tag("network")
class ChainCommandNetworkTest {

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldPrintOneCsvRowPerSubscriberAndTrackWithTheIssuesColumns() {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--duration",
              "2s",
              "--subscribers",
              "2",
              "--cc",
              "quiche:bbr",
              "--late",
              "0",
              "--format",
              "csv"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    String[] lines = out.toString().split("\n");
    assertEquals(
        "subscriber,track,sent,received,cancelled,p50_us,p90_us,p99_us,max_us,stop_sending,"
            + "hop1_p50_us,hop1_p99_us,hop2_p50_us,hop2_p99_us",
        lines[0]);
    assertEquals(7, lines.length, out.toString());
    assertEquals(
        "1,a1,100,100,0", String.join(",", java.util.Arrays.copyOf(lines[1].split(","), 5)));
    assertEquals(
        "2,vmid,60,60,0", String.join(",", java.util.Arrays.copyOf(lines[6].split(","), 5)));
  }
}
