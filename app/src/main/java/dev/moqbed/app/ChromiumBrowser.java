package dev.moqbed.app;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Chromium process showing one page: headless (the measuring receiver of tests and live runs) or
 * in a window, with a profile of its own in a temporary directory that goes when it closes. Its
 * output goes to {@code chromium.log} there, read back for the error line when it fails to start.
 */
final class ChromiumBrowser implements AutoCloseable {
  /** The executables tried, in order, when none is given. */
  static final List<String> CANDIDATES = List.of("chromium", "chromium-browser", "google-chrome");

  private final Process process;
  private final Path profile;

  private ChromiumBrowser(Process process, Path profile) {
    this.process = process;
    this.profile = profile;
  }

  /**
   * Starts {@code executable} (null: the first of {@link #CANDIDATES} on the PATH) on {@code url}.
   *
   * @throws IllegalArgumentException when no Chromium is found, with what to install
   */
  static ChromiumBrowser open(String executable, String url, boolean headless) throws IOException {
    String program = executable != null ? executable : find();
    Path profile = Files.createTempDirectory("moqbed-chromium-");
    List<String> command = new ArrayList<>(List.of(program));
    if (headless) {
      command.add("--headless=new");
      command.add("--disable-gpu");
    }
    // Root (containers, CI) cannot use Chromium's sandbox; the page is our own.
    command.add("--no-sandbox");
    command.add("--no-first-run");
    command.add("--no-default-browser-check");
    // Its own calls home (updates, sync, field trials) fail on closed networks, many at a time.
    command.add("--disable-background-networking");
    command.add("--disable-component-update");
    command.add("--disable-sync");
    command.add("--user-data-dir=" + profile);
    command.add(url);
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(profile.resolve("chromium.log").toFile())
            .start();
    return new ChromiumBrowser(process, profile);
  }

  /** The first candidate on the PATH. */
  static String find() {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String candidate : CANDIDATES) {
      for (String directory : path.split(File.pathSeparator)) {
        if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, candidate))) {
          return Path.of(directory, candidate).toString();
        }
      }
    }
    throw new IllegalArgumentException(
        "no Chromium found (tried "
            + String.join(", ", CANDIDATES)
            + " on the PATH): install Debian's chromium package, or give --chromium PATH");
  }

  /** True while the browser runs. */
  boolean isAlive() {
    return process.isAlive();
  }

  /** Completes when the browser's process ends. */
  java.util.concurrent.CompletableFuture<Void> exited() {
    return process.onExit().thenApply(ended -> null);
  }

  /** The last lines Chromium printed, for an error message. */
  String logTail() {
    try {
      List<String> lines = Files.readAllLines(profile.resolve("chromium.log"));
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public void close() {
    // Chromium's renderer and GPU processes: gone with it, but asked for before it goes.
    List<ProcessHandle> children = process.descendants().toList();
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    children.forEach(ProcessHandle::destroyForcibly);
    try (Stream<Path> files = Files.walk(profile)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      // A profile left in the temporary directory is harmless; the browser is gone.
    }
  }
}
