package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --qlog DIR} and the spec key {@code qlog_dir} on the simulation commands. */
class QlogOptionTest {
  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  /** The CSV rows without their last column, the wall-clock time. */
  private static List<String> withoutWallTime(String csv) {
    return csv.lines().map(line -> line.substring(0, line.lastIndexOf(','))).toList();
  }

  private static List<String> names(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void shouldWriteOneFilePerEndAndRunOfABulkTransferWithTheSameResults(@TempDir Path directory)
      throws IOException {
    String[] bulk = {"sim", "bulk", "--bytes", "300kB", "--runs", "2", "--format", "csv"};
    Result plain = run(bulk);
    Path qlog = directory.resolve("qlog");
    String[] traced =
        Stream.concat(Stream.of(bulk), Stream.of("--qlog", qlog.toString())).toArray(String[]::new);
    Result withQlog = run(traced);
    assertEquals(0, withQlog.exitCode(), withQlog.err());
    assertEquals(withoutWallTime(plain.out()), withoutWallTime(withQlog.out()));
    assertEquals(
        List.of(
            "bulk_newreno_0_client_0.sqlog",
            "bulk_newreno_0_server_0.sqlog",
            "bulk_newreno_1_client_0.sqlog",
            "bulk_newreno_1_server_0.sqlog"),
        names(qlog));
    assertTrue(
        withQlog.err().startsWith("moqbed: 4 qlog files, ") && withQlog.err().contains(" MB in "),
        withQlog.err());
  }

  @Test
  void shouldFollowTheQlogDirOfASpecFile(@TempDir Path directory) throws IOException {
    Path qlog = directory.resolve("cclog");
    Path spec = directory.resolve("mine.txt");
    Files.writeString(
        spec,
        "main_cc_algo: c4\nmain_scenario_text: =b1:*1:397:200000;\nnb_connections: 1\n"
            + "data_rate_in_gbps: 0.02\nlatency: 20000\nqlog_dir: "
            + qlog
            + "\n");
    Result result = run("scenario", "run", "--spec", spec.toString(), "--runs", "1");
    assertEquals(0, result.exitCode(), result.err());
    assertEquals(List.of("mine_c4_0_client_0.sqlog", "mine_c4_0_server_0.sqlog"), names(qlog));
  }

  @Test
  void shouldRefuseAQlogDirectoryThatIsAFileBeforeRunning(@TempDir Path directory)
      throws IOException {
    Path file = Files.writeString(directory.resolve("taken"), "x");
    Result result = run("sim", "bulk", "--runs", "1", "--qlog", file.toString());
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: --qlog " + file + " is a file, not a directory\n", result.err());
    assertEquals("", result.out());
  }
}
