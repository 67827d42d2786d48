package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.NativeQuic;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code moqbed bench fanout --format csv} end to end: relay and publisher in this JVM, the
 * subscribers in a second one started from this test's class path; the leading columns and
 * one row per track, with every audio frame expected delivered.
 */
@Tag("network")
class BenchFanoutCommandNetworkTest {

  @ParameterizedTest
  @CsvSource({"quiche,quiche:cubic", "moqbed,c4"})
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldPrintOneCsvRowPerTrackWithExpectedAndDeliveredFirst(String transport, String cc) {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "bench",
              "fanout",
              "--subscribers",
              "3",
              "--duration",
              "2s",
              "--warmup",
              "1s",
              "--late",
              "0",
              "--transport",
              transport,
              "--cc",
              cc,
              "--format",
              "csv"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    String[] lines = out.toString().split("\n");
    assertTrue(
        lines[0].startsWith("subscribers,track,expected,delivered,p50_us,p99_us,max_us,"),
        lines[0]);
    assertTrue(lines[0].contains(",added_p50_us,added_p99_us,added_max_us,"), lines[0]);
    assertEquals(4, lines.length, out.toString());
    String[] audio = lines[1].split(",");
    assertEquals("3", audio[0]);
    assertEquals("a1", audio[1]);
    // 2 s of 50 fps audio to 3 subscribers: 100 frames each, or 101 when a frame's capture time
    // falls on both edges of the measured window
    long expected = Long.parseLong(audio[2]);
    assertTrue(expected == 3 * 100 || expected == 3 * 101, "expected " + expected);
    assertEquals(audio[2], audio[3], "every audio frame delivered");
    assertTrue(Long.parseLong(audio[7]) <= Long.parseLong(audio[4]), "added <= end to end");
    assertEquals("vmid", lines[3].split(",")[1]);
  }
}
