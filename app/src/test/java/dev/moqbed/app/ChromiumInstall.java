package dev.moqbed.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Chromium for the browser tests: the one on the PATH, or Debian's {@code chromium} package
 * installed here when none is (CI starts from a clean machine, and nothing installed by hand
 * survives). Installing needs root and apt-get; without them the test fails with what to install,
 * rather than passing without a browser.
 */
final class ChromiumInstall {
  private ChromiumInstall() {}

  /** The Chromium executable, installed first when absent. */
  static String ensure() throws IOException, InterruptedException {
    try {
      return ChromiumBrowser.find();
    } catch (IllegalArgumentException absent) {
      if (!Files.isExecutable(Path.of("/usr/bin/apt-get")) || !isRoot()) {
        throw new AssertionError(
            "the browser test needs Chromium: install Debian's chromium package (as root, the test"
                + " installs it itself)",
            absent);
      }
      String said = aptGet("install", "-y", "-q", "chromium");
      if (said != null) {
        // Package lists older than the mirror's files: refresh them once and try again.
        aptGet("update", "-q");
        said = aptGet("install", "-y", "-q", "chromium");
      }
      if (said != null) {
        throw new AssertionError("apt-get install chromium failed: " + said);
      }
      return ChromiumBrowser.find();
    }
  }

  private static boolean isRoot() throws IOException, InterruptedException {
    Process id = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
    String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    return id.waitFor(10, TimeUnit.SECONDS) && uid.equals("0");
  }

  /** Runs apt-get; null when it succeeded, else the end of what it printed. */
  private static String aptGet(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("apt-get"));
    command.addAll(List.of(args));
    Path log = Files.createTempFile("moqbed-apt-", ".log");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
      Process process = builder.start();
      if (!process.waitFor(4, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        return "no answer within 4 minutes";
      }
      if (process.exitValue() == 0) {
        return null;
      }
      String output = Files.readString(log);
      return output.substring(Math.max(0, output.length() - 400)).trim();
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
