package dev.moqbed.app;

import dev.moqbed.collect.LocalRunsDirectory;
import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.RelayMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Ctrl-C or SIGTERM during {@code chain}'s single run: the chain ends early ({@link #stop}), the
 * usual tables cover the media so far after one line saying so, and the cut run stays out of
 * runs.csv, which holds whole runs only. Closed once the tables are printed.
 */
final class ChainInterrupt implements AutoCloseable {
  private final CompletableFuture<Void> stop = new CompletableFuture<>();
  private final long started = System.nanoTime();
  private final long plannedMicros;
  private final PrintWriter err;
  private final InterruptSummary summary;

  ChainInterrupt(long plannedMicros, CommandSpec spec) {
    this.plannedMicros = plannedMicros;
    this.err = spec.commandLine().getErr();
    this.summary = InterruptSummary.stopping("moqbed-chain-interrupted", () -> stop.complete(null));
  }

  /** Runs the chain, ended early by Ctrl-C or SIGTERM. */
  LiveChain.Result run(ChainOptions options, RelayMetrics metrics)
      throws IOException, InterruptedException {
    return LiveChain.run(options, metrics, null, stop);
  }

  /** After the run: its row in runs.csv ({@code written}, null: none) or the interrupted line. */
  void finish(LocalRunsDirectory.Run written, LiveChain.Result result) throws IOException {
    if (!summary.interrupted()) {
      if (written != null) {
        ChainRunsOutput.finish(written, result);
      }
      return;
    }
    err.println(
        "moqbed chain: "
            + InterruptSummary.after(System.nanoTime() - started, plannedMicros)
            + (written == null ? "" : " (not written to runs.csv: only whole runs are)")
            + "; what it measured:");
    err.flush();
  }

  @Override
  public void close() {
    summary.close();
  }
}
