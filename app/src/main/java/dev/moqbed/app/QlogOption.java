package dev.moqbed.app;

import dev.moqbed.simulation.QlogDirectory;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --qlog DIR} of the simulation commands: one qlog file per connection end and run. */
final class QlogOption {
  @Option(
      names = "--qlog",
      paramLabel = "DIR",
      description =
          "Writes a qlog trace (qlog 0.3, JSON-SEQ, as qvis loads it) of each connection end of"
              + " each run into DIR, named <scenario>_<cc>_<run>_<role>_<flow>.sqlog (flow 0: the"
              + " main connection); see docs/qlog.md. Results are the same with or without it.")
  Path directory;

  /** The directory, created and checked before any run, or null without {@code --qlog}. */
  QlogDirectory open() {
    return open(directory);
  }

  static QlogDirectory open(Path directory) {
    if (directory == null) {
      return null;
    }
    OutputPaths.requireWritableDirectory(directory, "--qlog");
    return QlogDirectory.create(directory);
  }

  /** The closing line: how many files and megabytes, and where. */
  static void report(QlogDirectory qlog, PrintWriter err) {
    if (qlog != null) {
      err.println("moqbed: " + qlog.summary());
    }
  }
}
