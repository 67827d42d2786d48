package dev.moqbed.simulation;

import dev.moqbed.transport.qlog.ConnectionQlog;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The qlog files of one run: {@link Simulation} opens one per connection end as it adds
 * connections; the run closes them all when it ends, whatever happened.
 */
public final class QlogRun implements AutoCloseable {
  private static final int BUFFER_CHARS = 1 << 16;

  private final QlogDirectory directory;
  private final String prefix;
  private final List<ConnectionQlog> open = new ArrayList<>();

  QlogRun(QlogDirectory directory, String prefix) {
    this.directory = directory;
    this.prefix = prefix;
  }

  /** Starts the trace of one end of connection {@code flowId}. */
  ConnectionQlog open(QuicConnection connection, int flowId) {
    String role = connection.role() == Role.SERVER ? "server" : "client";
    String name = prefix + "_" + role + "_" + flowId;
    Path file = directory.file(name);
    try {
      BufferedWriter out =
          new BufferedWriter(
              new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.US_ASCII),
              BUFFER_CHARS);
      ConnectionQlog qlog = new ConnectionQlog(connection, out, name, prefix + "_" + flowId);
      open.add(qlog);
      return qlog;
    } catch (IOException e) {
      throw QlogDirectory.failure(file, e);
    } catch (UncheckedIOException e) {
      throw QlogDirectory.failure(file, e.getCause());
    }
  }

  /** Closes every file of the run and counts it in the directory. */
  @Override
  public void close() {
    UncheckedIOException first = null;
    for (ConnectionQlog qlog : open) {
      try {
        qlog.close();
        directory.onFileClosed(qlog.bytesWritten());
      } catch (UncheckedIOException e) {
        first = first == null ? e : first;
      }
    }
    open.clear();
    if (first != null) {
      throw first;
    }
  }
}
