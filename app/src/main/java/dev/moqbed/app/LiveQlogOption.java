package dev.moqbed.app;

import dev.moqbed.live.node.PublisherNode;
import dev.moqbed.live.node.SubscriberNode;
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

  /**
   * {@link #finish} as a client node's first observer: the node closes it last, after its
   * connection, also when its start fails.
   */
  static Finish finishing(QlogFiles files, String role, PrintWriter err) {
    return new Finish(files, role, err);
  }

  /** Finishes the files (if any) when the node that owns it closes. */
  static final class Finish implements PublisherNode.Observer, SubscriberNode.Observer {
    private final QlogFiles files;
    private final String role;
    private final PrintWriter err;

    private Finish(QlogFiles files, String role, PrintWriter err) {
      this.files = files;
      this.role = role;
      this.err = err;
    }

    @Override
    public void close() {
      finish(files, role, err);
    }
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
