package dev.moqbed.simulation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where {@code --qlog DIR} writes: one qlog file per connection end and run, named {@code
 * <scenario>_<controller>_<run>_<role>_<flow>.sqlog} (flow 0 is the main connection). Runs of a
 * sweep write from several threads; the counts of files and bytes are kept for the closing line.
 */
public final class QlogDirectory {
  /** The extension qvis expects of JSON-SEQ qlog files. */
  public static final String EXTENSION = ".sqlog";

  private final Path directory;
  private final AtomicLong files = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();

  private QlogDirectory(Path directory) {
    this.directory = directory;
  }

  /**
   * Creates the directory if needed and checks that it can be written, before any run starts.
   *
   * @throws IllegalArgumentException (a one-line message) when it cannot be used
   */
  public static QlogDirectory create(Path directory) {
    if (Files.exists(directory) && !Files.isDirectory(directory)) {
      throw new IllegalArgumentException("--qlog " + directory + ": exists and is not a directory");
    }
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "--qlog "
              + directory
              + ": cannot create the directory ("
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + e.getMessage())
              + ")",
          e);
    }
    if (!Files.isDirectory(directory) || !Files.isWritable(directory)) {
      throw new IllegalArgumentException("--qlog " + directory + ": not a writable directory");
    }
    return new QlogDirectory(directory);
  }

  public Path path() {
    return directory;
  }

  /** The files of one run of {@code scenario} with {@code controller} (its spec, e.g. c4). */
  public QlogRun forRun(String scenario, String controller, int run) {
    return new QlogRun(this, safe(scenario) + "_" + safe(controller) + "_" + run);
  }

  Path file(String name) {
    return directory.resolve(name + EXTENSION);
  }

  void onFileClosed(long fileBytes) {
    files.incrementAndGet();
    bytes.addAndGet(fileBytes);
  }

  public long files() {
    return files.get();
  }

  public long bytes() {
    return bytes.get();
  }

  /** For the closing line: {@code 12 qlog files, 3.4 MB in DIR}. */
  public String summary() {
    return String.format(
        Locale.ROOT, "%d qlog files, %.1f MB in %s", files(), bytes() / 1e6, directory);
  }

  /** A controller spec such as {@code c4:variant=v4} as a file-name part: {@code c4-variant-v4}. */
  static String safe(String part) {
    return part.replaceAll("[^A-Za-z0-9._]+", "-");
  }

  /** Raised while a run writes: the run fails with this one-line message. */
  static UncheckedIOException failure(Path file, IOException cause) {
    return new UncheckedIOException("qlog " + file + ": " + cause.getMessage(), cause);
  }
}
