package dev.moqbed.collect;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * {@code moqbed collect}: accepts senders over TCP and writes what they stream into one directory
 * ({@code runs.csv}, {@code frames/}, {@code paths.csv}). One thread accepts; each connection is
 * read on a thread of its own, at most {@link CollectLimits#maxConnections} at once (one more is
 * closed on arrival, with a log line), so the collector holds at most that many records of {@link
 * CollectLimits#maxMessageBytes} plus their buffers.
 */
public final class CollectServer implements AutoCloseable {
  private final ServerSocket listener;
  private final CollectedRuns runs;
  private final PathTable paths;
  private final CollectLimits limits;
  private final Consumer<String> log;
  private final Set<CollectConnection> open = ConcurrentHashMap.newKeySet();
  private final Set<Thread> readers = ConcurrentHashMap.newKeySet();
  private final Thread acceptor;
  private volatile boolean closed;

  private CollectServer(
      ServerSocket listener,
      CollectedRuns runs,
      PathTable paths,
      CollectLimits limits,
      Consumer<String> log) {
    this.listener = listener;
    this.runs = runs;
    this.paths = paths;
    this.limits = limits;
    this.log = log;
    this.acceptor = new Thread(this::accept, "moqbed-collect-accept");
  }

  /**
   * Listens on {@code address} and writes into {@code directory}.
   *
   * @param log one line per connection opened and ended, and per problem
   * @throws IllegalArgumentException when the directory holds a runs.csv of something else
   */
  public static CollectServer start(
      InetSocketAddress address, Path directory, CollectLimits limits, Consumer<String> log)
      throws IOException {
    CollectedRuns runs = CollectedRuns.open(directory);
    PathTable paths;
    ServerSocket listener;
    try {
      paths = PathTable.open(directory);
    } catch (IOException e) {
      runs.close();
      throw e;
    }
    try {
      listener = new ServerSocket();
      listener.bind(address, 64);
    } catch (IOException e) {
      runs.close();
      paths.close();
      throw e;
    }
    CollectServer server = new CollectServer(listener, runs, paths, limits, log);
    server.acceptor.start();
    return server;
  }

  /** The bound address (the port when 0 was asked). */
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) listener.getLocalSocketAddress();
  }

  private void accept() {
    while (!closed) {
      Socket socket;
      try {
        socket = listener.accept();
      } catch (IOException e) {
        if (!closed) {
          log.accept("cannot accept (" + e.getMessage() + "); collector stopped");
        }
        return;
      }
      if (readers.size() >= limits.maxConnections()) {
        log.accept(
            socket.getRemoteSocketAddress()
                + ": over "
                + limits.maxConnections()
                + " connections; closed");
        closeQuietly(socket);
        continue;
      }
      CollectConnection connection = new CollectConnection(socket, runs, paths, limits, log);
      Thread reader =
          new Thread(
              () -> {
                try {
                  connection.run();
                } finally {
                  open.remove(connection);
                  readers.remove(Thread.currentThread());
                }
              },
              "moqbed-collect-" + socket.getRemoteSocketAddress());
      reader.setDaemon(true);
      open.add(connection);
      readers.add(reader);
      reader.start();
    }
  }

  /** Connections being read now. */
  public int connections() {
    return readers.size();
  }

  /**
   * Stops accepting, ends every open connection (their runs are written as incomplete) and closes
   * the files.
   */
  @Override
  public void close() throws IOException {
    closed = true;
    closeQuietly(listener);
    for (CollectConnection connection : open) {
      connection.stop();
    }
    try {
      acceptor.join(2_000);
      for (Thread reader : readers) {
        reader.join(2_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      paths.close();
    } finally {
      runs.close();
    }
  }

  private static void closeQuietly(java.io.Closeable closeable) {
    try {
      closeable.close();
    } catch (IOException | RuntimeException ignored) {
      // closing on the way out: nothing to report
    }
  }
}
