package dev.moqbed.app;

import dev.moqbed.collect.CollectLimits;
import dev.moqbed.collect.CollectServer;
import dev.moqbed.live.LiveSupport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed collect}: gathers the records of subscribers and relays on other hosts. */
@Command(
    name = "collect",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Listens for subscribers and relays started with --collect HOST:PORT and writes what they"
          + " stream into one directory, as a sweep does: DIR/runs.csv (one row per subscriber"
          + " run: scenario = the test's --label, cc = the controller under test, with the host),"
          + " DIR/frames/TEST/CC/run-NNNN.csv.gz, and DIR/paths.csv (the relays' path to each"
          + " subscriber every 100 ms). 'moqbed report DIR' then compares the controllers. Runs"
          + " until Ctrl-C; a run still open then is written as incomplete. Schema and limits:"
          + " docs/collect.md.",
      ""
    })
final class CollectCommand implements Callable<Integer> {
  @Option(
      names = "--listen",
      paramLabel = "HOST:PORT",
      required = true,
      description = "TCP address to listen on, e.g. 0.0.0.0:4500.")
  String listen;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      required = true,
      description = "Directory to write into (created; a collector's earlier runs there are kept).")
  Path directory;

  @Option(
      names = "--max-connections",
      paramLabel = "N",
      defaultValue = "64",
      description = "Senders connected at once (default ${DEFAULT-VALUE}).")
  int maxConnections;

  @Option(
      names = "--max-record-bytes",
      paramLabel = "BYTES",
      defaultValue = "64KiB",
      converter = QuantityConverters.Size.class,
      description =
          "Largest record; a longer one closes its connection (default ${DEFAULT-VALUE}).")
  long maxRecordBytes;

  @Option(
      names = "--idle-timeout",
      paramLabel = "TIME",
      defaultValue = "30s",
      converter = QuantityConverters.Duration.class,
      description =
          "A sender silent this long is closed and its run written as incomplete (default"
              + " ${DEFAULT-VALUE}).")
  long idleTimeoutMicros;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (maxConnections < 1 || maxConnections > 10_000) {
      throw new IllegalArgumentException("--max-connections must be 1..10000");
    }
    if (maxRecordBytes < 1024 || maxRecordBytes > 16 * 1024 * 1024) {
      throw new IllegalArgumentException("--max-record-bytes must be 1KiB..16MiB");
    }
    if (idleTimeoutMicros < 1_000 || idleTimeoutMicros > 86_400_000_000L) {
      throw new IllegalArgumentException("--idle-timeout must be 1ms..24h");
    }
    OutputPaths.requireWritableDirectory(directory, "--out");
    CollectLimits limits =
        new CollectLimits(
            maxConnections, (int) maxRecordBytes, (int) (idleTimeoutMicros / 1000), 64);
    CollectServer server =
        CollectServer.start(
            LiveSupport.parseAddress(listen),
            directory,
            limits,
            line -> {
              synchronized (out) {
                out.println("collect: " + line);
                out.flush();
              }
            });
    out.println(
        "moqbed collect: listening on "
            + server.localAddress()
            + " (TCP), writing "
            + directory
            + "; limits: "
            + maxConnections
            + " connections, "
            + maxRecordBytes
            + "-byte records, "
            + idleTimeoutMicros / 1_000_000.0
            + " s idle");
    out.flush();
    CountDownLatch stopped = new CountDownLatch(1);
    long started = System.nanoTime();
    // Ctrl-C or SIGTERM, the only way it ends: close the runs still open, flushed, as incomplete.
    InterruptSummary.register(
        "moqbed-collect-interrupted",
        () -> {
          try {
            server.close();
            out.println(
                "collect: stopped; files flushed ("
                    + InterruptSummary.after(System.nanoTime() - started, 0)
                    + ")");
            out.flush();
          } catch (java.io.IOException e) {
            System.err.println("moqbed: collect: " + e.getMessage());
          }
          stopped.countDown();
        });
    stopped.await();
    return 0;
  }
}
