package dev.moqbed.transport.udp.qlog;

import dev.moqbed.transport.endpoint.PacketTap;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.qlog.ConnectionQlog;
import dev.moqbed.transport.qlog.TraceTime;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code --qlog DIR} of the live roles on the project's stack: one qlog file per connection, named
 * {@code <label>_<client|server>_<peer address>_<n>.sqlog} ({@code relay_server_127.0.0.1-52114_0},
 * {@code subscriber_client_127.0.0.1-4443_0}): {@code label} the role that opened it, {@code n}
 * counting that role's connections from 0, no timestamp, so a run repeated overwrites its files.
 * Several roles of one process (a chain) share one instance and its writer thread; each takes its
 * {@link #taps(String)}. Both ends of a connection carry the client's first Destination Connection
 * ID as their {@code group_id}.
 *
 * <p>Events are the simulator's ({@link ConnectionQlog}), their times in milliseconds from the
 * connection's start on the event loop's microsecond clock; the header's {@code reference_time} is
 * that start on the same clock, which is the wall clock (milliseconds since 1970), so two ends'
 * traces align in time, from two processes too or, with synchronised clocks, from two hosts.
 * Writing never blocks a loop: see {@link QlogWriter} for the bound and {@link #summary} for what
 * was dropped.
 */
public final class QlogFiles {
  /** The extension qvis expects of JSON-SEQ qlog files. */
  public static final String EXTENSION = ".sqlog";

  static final String DESCRIPTION =
      "moqbed QUIC stack over UDP, real time from the connection's start, reference_time the wall"
          + " clock at that start";

  private final Path directory;
  private final QlogWriter writer;
  private final Map<String, AtomicInteger> connectionsByLabel = new ConcurrentHashMap<>();
  private final AtomicLong filesOpened = new AtomicLong();
  private final AtomicLong recordsDropped = new AtomicLong();
  private volatile String otherWriter;
  private boolean stopped;
  private boolean finished;

  private QlogFiles(Path directory, QlogWriter writer) {
    this.directory = directory;
    this.writer = writer;
  }

  /**
   * Creates the directory if needed and checks that it can be written, before any connection.
   *
   * @throws IllegalArgumentException (a one-line message) when it cannot be used
   */
  public static QlogFiles create(Path directory) {
    return create(directory, QlogWriter.MAX_QUEUED_BYTES);
  }

  /** As {@link #create(Path)}, with {@code maxQueuedBytes} waiting for the disk at most. */
  static QlogFiles create(Path directory, long maxQueuedBytes) {
    if (Files.exists(directory) && !Files.isDirectory(directory)) {
      throw new IllegalArgumentException("--qlog " + directory + ": exists and is not a directory");
    }
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "--qlog " + directory + ": cannot create the directory (" + e.getMessage() + ")", e);
    }
    if (!Files.isWritable(directory)) {
      throw new IllegalArgumentException("--qlog " + directory + ": not a writable directory");
    }
    return new QlogFiles(directory, new QlogWriter("qlog-writer", maxQueuedBytes));
  }

  public Path directory() {
    return directory;
  }

  /**
   * What the endpoints of the role {@code label} ({@code relay}, {@code publisher}...) tap with.
   */
  public PacketTaps taps(String label) {
    String safeLabel = safe(label);
    AtomicInteger counter =
        connectionsByLabel.computeIfAbsent(safeLabel, key -> new AtomicInteger());
    return (connection, remote, groupId, nowMicros) ->
        open(connection, remote, groupId, nowMicros, safeLabel, counter);
  }

  private PacketTap open(
      QuicConnection connection,
      InetSocketAddress remote,
      String groupId,
      long nowMicros,
      String label,
      AtomicInteger counter) {
    String role = connection.role() == Role.SERVER ? "server" : "client";
    String name = label + "_" + role + "_" + safe(peer(remote)) + "_" + counter.getAndIncrement();
    ChunkedFile file = file(name);
    // An endpoint's loop clock is the wall clock in microseconds since 1970 (EventLoopScheduler:
    // read once per process, then advanced by the monotonic clock), so the connection's start is
    // its own reference, exact to the microsecond and shared by every trace of the process.
    TraceTime time = TraceTime.wallClock(nowMicros, nowMicros);
    return new QlogTap(new ConnectionQlog(connection, file, name, groupId, DESCRIPTION, time));
  }

  /** A file of the directory, for tests that write records without a connection. */
  ChunkedFile file(String name) {
    filesOpened.incrementAndGet();
    return new ChunkedFile(directory.resolve(name + EXTENSION), writer, this);
  }

  /** Another stack writes files into the directory too: the summary says so. */
  public void noteOtherWriter(String note) {
    otherWriter = note;
  }

  void onDropped(int records) {
    recordsDropped.addAndGet(records);
  }

  /** Records dropped because the disk fell behind, so far. */
  public long recordsDropped() {
    return recordsDropped.get();
  }

  /**
   * Writes out what the closed connections left and closes every file; call after the role's
   * endpoints are closed (a connection still open keeps its last chunk). Idempotent.
   */
  public synchronized void finish() {
    if (!stopped) {
      stopped = true;
      finished = writer.stop();
    }
  }

  /**
   * The closing line, after {@link #finish}: {@code 3 qlog files, 1.2 MB in DIR}, with the records
   * dropped and the files that failed when any did.
   */
  public synchronized String summary() {
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%d qlog files, %.1f MB in %s",
                filesOpened.get(),
                writer.bytesWritten() / 1e6,
                directory));
    if (recordsDropped.get() > 0) {
      line.append("; ")
          .append(recordsDropped.get())
          .append(" records dropped (the disk was slower than the connections)");
    }
    if (otherWriter != null) {
      line.append("; ").append(otherWriter);
    }
    if (stopped && !finished) {
      line.append("; the writer did not finish within 30 s");
    }
    List<String> failures = stopped && finished ? writer.failures() : List.of();
    if (!failures.isEmpty()) {
      line.append("; ").append(failures.size()).append(" failed, first ").append(failures.get(0));
    }
    return line.toString();
  }

  private static String peer(InetSocketAddress remote) {
    return remote.getAddress().getHostAddress() + "-" + remote.getPort();
  }

  /** A file-name part: anything but letters, digits, dots and underscores becomes a dash. */
  static String safe(String part) {
    return part.replaceAll("[^A-Za-z0-9._]+", "-");
  }
}
