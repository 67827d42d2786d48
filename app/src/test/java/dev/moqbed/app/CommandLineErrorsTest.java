package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mistyped command lines and unusable files end in one line that says what to fix: picocli's
 * nearest names for an unknown command or option, and file-system errors in words with the option
 * that named the file (exit 2 before anything runs), never an exception's class name.
 */
class CommandLineErrorsTest {
  /** Exit code and standard error of one run. */
  private record Result(int exitCode, String err) {}

  private static Result run(String... args) {
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
    return new Result(exitCode, err.toString());
  }

  private static void assertLine(String expectedStart, Result result) {
    assertEquals(2, result.exitCode(), result.err());
    assertEquals(1, result.err().lines().count(), result.err());
    assertTrue(result.err().startsWith(expectedStart), result.err());
  }

  /** --loops: at least one, one on quiche, one with an option that reads one loop. */
  @Test
  void badLoopCountsAreOneLineEach() {
    assertLine(
        "moqbed: --loops 0: expected at least 1",
        run("relay", "--listen", "127.0.0.1:0", "--loops", "0"));
    assertLine(
        "moqbed: --loops 2 needs the project's stack",
        run("relay", "--listen", "127.0.0.1:0", "--loops", "2", "--transport", "quiche"));
    assertLine(
        "moqbed: --trace reads one event loop: give --loops 1 with it (2 asked)",
        run("relay", "--listen", "127.0.0.1:0", "--loops", "2", "--trace", "/tmp/x-trace.csv"));
  }

  @Test
  void aMistypedCommandGetsTheNearestOnes() {
    assertLine("moqbed: unknown command 'subscribr'; did you mean 'subscriber'", run("subscribr"));
  }

  @Test
  void aCommandWithNothingNearListsTheCommandsThereAre() {
    Result result = run("scenario", "rnu", "media");
    assertLine("moqbed: unknown command 'rnu'", result);
    assertTrue(result.err().contains("the commands: list, show, run"), result.err());
  }

  /** picocli reports the missing required --relay first: the typo is what to fix. */
  @Test
  void aMistypedRequiredOptionIsNamedAsTheTypoWithTheRightName() {
    Result result = run("subscriber", "--relya", "127.0.0.1:4443");
    assertLine("moqbed: unknown option '--relya'; did you mean '--relay'", result);
    assertTrue(result.err().endsWith("(see 'moqbed subscriber --help')\n"), result.err());
  }

  @Test
  void aMistypedOptionGetsTheNearestOne() {
    assertLine(
        "moqbed: unknown option '--insecrue'; did you mean '--insecure'",
        run("publisher", "--relay", "127.0.0.1:4443", "--insecrue"));
  }

  /** The scenario commands check their one controller while parsing, with the valid ones. */
  @Test
  void anUnknownControllerIsOneLineWithTheValidOnes() {
    Result result = run("scenario", "show", "alone", "--cc", "vegas");
    assertEquals(2, result.exitCode());
    assertEquals(
        "moqbed: unknown congestion controller 'vegas'; valid: c4, bbr, cubic, newreno"
            + " (see 'moqbed scenario show --help')\n",
        result.err());
  }

  @Test
  void filesThatCannotBeReadAreNamedWithTheirOptionInWords(@TempDir Path directory)
      throws IOException {
    Path missing = directory.resolve("relay-cert.pem");
    Path file = Files.writeString(directory.resolve("a-file"), "x");
    assertLine(
        "moqbed: --relay-cert " + missing + ": no such file",
        run("subscriber", "--relay", "127.0.0.1:4443", "--relay-cert", missing.toString()));
    assertLine(
        "moqbed: --relay-cert " + directory + ": is a directory",
        run("subscriber", "--relay", "127.0.0.1:4443", "--relay-cert", directory.toString()));
    assertLine(
        "moqbed: --relay-cert " + file.resolve("x") + ": not a directory",
        run(
            "publisher",
            "--relay",
            "127.0.0.1:4443",
            "--relay-cert",
            file.resolve("x").toString()));
    assertLine(
        "moqbed: --cert " + missing + ": no such file",
        run("relay", "--listen", "127.0.0.1:0", "--cert", missing.toString(), "--key", "k.pem"));
    assertLine(
        "moqbed: --spec " + directory + ": is a directory",
        run("scenario", "run", "--spec", directory.toString()));
    assertLine("moqbed: " + missing + ": no such directory", run("report", missing.toString()));
  }

  @Test
  void outputDirectoriesThatCannotBeMadeSayWhy(@TempDir Path directory) throws IOException {
    Path file = Files.writeString(directory.resolve("a-file"), "x");
    Result sweep =
        run("sweep", "--cc", "c4", "--runs", "1", "--out", file.resolve("out").toString());
    assertLine("moqbed: cannot create --out directory " + file.resolve("out"), sweep);
    assertTrue(sweep.err().contains("not a directory"), sweep.err());
    Result qlog =
        run("scenario", "run", "alone", "--runs", "1", "--qlog", file.resolve("qlog").toString());
    assertLine("moqbed: cannot create --qlog directory", qlog);
    assertTrue(qlog.err().contains("not a directory"), qlog.err());
  }

  @Test
  void fileSystemErrorsAreWords() {
    assertEquals("no such file or directory", FileErrors.words(new NoSuchFileException("f")));
    assertEquals("permission denied", FileErrors.words(new AccessDeniedException("f")));
    assertEquals(
        "read-only file system",
        FileErrors.words(new FileSystemException("f", null, "Read-only file system")));
    assertEquals("is a directory", FileErrors.words(new IOException("Is a directory")));
  }

  /** A file error no check caught still reaches the user as one line in words (exit 1). */
  @Test
  void aFileErrorWhileRunningIsOneLineInWords() {
    StringWriter err = new StringWriter();
    picocli.CommandLine command = MoqbedCommand.newCommandLine();
    command.setErr(new PrintWriter(err, true));
    int exitCode =
        ErrorReporter.onFailure(
            new UncheckedIOException(new AccessDeniedException("/results/runs.csv")),
            command,
            null);
    assertEquals(1, exitCode);
    assertEquals("moqbed: /results/runs.csv: permission denied\n", err.toString());
  }
}
