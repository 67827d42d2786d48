package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The collect command's and the --collect options' bad input: one line, exit 2. */
class CollectCommandTest {
  @TempDir Path work;

  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  void shouldRefuseADirectoryHoldingAnotherCommandsRunsCsv() throws Exception {
    Files.writeString(
        work.resolve("runs.csv"),
        "scenario,cc,run,seed,completion_time_us,rtt_avg_us,rtt_stddev_us,load,"
            + "media_avg_latency_us,media_max_latency_us,events\r\n");
    Result result = run("collect", "--listen", "127.0.0.1:0", "--out", work.toString());
    assertEquals(2, result.exitCode());
    assertEquals(
        "moqbed: "
            + work.resolve("runs.csv")
            + " was not written by moqbed collect (other columns); give another --out\n",
        result.err());
  }

  @Test
  void shouldRefuseLimitsOutOfRange() {
    Result result =
        run("collect", "--listen", "127.0.0.1:0", "--out", "x", "--max-record-bytes", "10");
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: --max-record-bytes must be 1KiB..16MiB\n", result.err());
  }

  @Test
  void shouldRefuseALabelTheCollectorWouldRefuseBeforeTheRoleStarts() {
    Result subscriber =
        run(
            "subscriber",
            "--relay",
            "127.0.0.1:9",
            "--insecure",
            "--collect",
            "127.0.0.1:9",
            "--label",
            "../etc");
    assertEquals(2, subscriber.exitCode());
    assertEquals(
        "moqbed: --label '../etc' must be 1 to 64 of A-Z a-z 0-9 . _ -\n", subscriber.err());
    Result relay = run("relay", "--listen", "127.0.0.1:0", "--collect", "nowhere", "--label", "ok");
    assertEquals(2, relay.exitCode());
    assertTrue(relay.err().startsWith("moqbed: "), relay.err());
    assertEquals(1, relay.err().lines().count(), relay.err());
  }

  @Test
  void shouldListCollectInTheHelp() {
    assertTrue(run("--help").out().contains("collect"));
    String help = run("subscriber", "--help").out();
    for (String option : new String[] {"--collect", "--label", "--collect-cc", "--collect-host"}) {
      assertTrue(help.contains(option), option);
    }
  }
}
