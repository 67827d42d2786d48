package dev.moqbed.scenarios.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MoqbedCommandTest {

  /** Exit code, standard output and standard error of one run. */
  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  void shouldListSubcommandsWhenAskedForHelp() {
    Result result = run("--help");
    assertEquals(0, result.exitCode());
    assertTrue(result.out().contains("demo"), result.out());
    assertTrue(result.out().contains("media"), result.out());
  }

  @Test
  void shouldPrintVersion() {
    Result result = run("--version");
    assertEquals(0, result.exitCode());
    assertTrue(result.out().startsWith("moqbed "), result.out());
  }

  @Test
  void shouldPrintDraftBitratesWhenDescribingMixAsCsv() {
    Result result =
        run(
            "media",
            "describe",
            "--spec",
            "=a1:d50:p2:S:n250:80;=vlow:s30:p4:S:n150:3750:G30:I37500;"
                + "=vmid:s30:p6:S:n150:6250:G30:I62500:D250000;",
            "--format",
            "csv");
    assertEquals(0, result.exitCode(), result.err());
    assertEquals(
        String.join(
            "\n",
            "item,kind,after,copies,priority,fps,group_frames,i_frame_bytes,frame_bytes,objects,"
                + "groups,bytes,duration_s,mean_bitrate_bps",
            "a1,datagram media,,1,2,50,,,80,250,,20000,5,32000",
            "vlow,stream media,,1,4,30,30,37500,3750,150,5,731250,5,1170000",
            "vmid,stream media,,1,6,30,30,62500,6250,150,5,1218750,5,1950000",
            ""),
        result.out());
  }

  @Test
  void shouldDescribeBulkItems() {
    Result result = run("media", "describe", "--spec", "=b1:*1:397:30000000;", "--format", "json");
    assertEquals(0, result.exitCode());
    assertTrue(result.out().contains("\"kind\": \"bulk\""), result.out());
    assertTrue(result.out().contains("\"bytes\": 30000000"), result.out());
  }

  @Test
  void shouldExitTwoWithOneLineWhenSpecIsMalformed() {
    Result result = run("media", "describe", "--spec", "=a1:d50:p2:S:x250:80;");
    assertEquals(2, result.exitCode());
    assertEquals(
        "moqbed: media spec: position 14 ('x250'): expected a frame size in bytes (at most"
            + " 16777215)\n",
        result.err());
    assertEquals("", result.out());
  }

  @Test
  void shouldExitTwoWithOneLineWhenArgumentIsUnknown() {
    Result result = run("media", "describe", "--format", "xml");
    assertEquals(2, result.exitCode());
    assertEquals(1, result.err().lines().count(), result.err());
    assertTrue(result.err().startsWith("moqbed: Invalid value for option '--format'"));
  }

  @Test
  void shouldGenerateTheDraftMixWhenRunningDemo() {
    Result result = run("demo", "--live-duration", "0");
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(
        result.out().contains("live/vlow         4      150         5   731250"), result.out());
    assertTrue(result.out().contains("550 objects, 4.98 s of media"), result.out());
  }
}
