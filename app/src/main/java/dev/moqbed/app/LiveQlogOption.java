package dev.moqbed.app;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --qlog DIR} of the live roles: one qlog file per connection of the project's stack. The
 * directory is created and checked before anything connects; the files are finished once the role's
 * endpoints are closed, and one line says how many, how large, and what was dropped.
 */
final class LiveQlogOption {
  @Option(
      names = "--qlog",
      paramLabel = "DIR",
      description =
          "Writes a qlog trace (qlog 0.3, JSON-SEQ, as qvis loads it) of each connection into DIR,"
              + " named <role>_<client|server>_<peer>_<n>.sqlog; with --transport quiche, quiche writes its own"
              + " <trace id>-<channel id>.qlog files. See"
              + " docs/qlog.md.")
  Path directory;

  /** The files, or null without {@code --qlog}. */
  QlogFiles open() {
    if (directory == null) {
      return null;
    }
    OutputPaths.requireWritableDirectory(directory, "--qlog");
    return QlogFiles.create(directory);
  }

  /**
   * {@code stack} tapped into {@code files} as {@code label}; as it is when {@code files} is null.
   */
  static LiveStack apply(LiveStack stack, QlogFiles files, String label) {
    return files == null ? stack : stack.withQlog(files, label);
  }

  /** {@link #finish} as the first resource of a try: runs after the role's endpoints close. */
  @FunctionalInterface
  interface Finish extends AutoCloseable {
    @Override
    void close();
  }

  /** Writes out and closes the files, then says what they hold: call after closing endpoints. */
  static void finish(QlogFiles files, String role, PrintWriter err) {
    if (files != null) {
      files.finish();
      err.println(role + ": " + files.summary());
      err.flush();
    }
  }
}
