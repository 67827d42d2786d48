package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.transport.udp.bench.LoopbackPairing;
import dev.moqbed.transport.udp.bench.LoopbackResult;
import dev.moqbed.transport.udp.bench.MoqbedPairing;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code moqbed bench loopback}: bulk downloads on loopback over the project's own QUIC stack, one
 * per controller, each on fresh endpoints. The table has a pairing column so that other pairings
 * (quiche on either side, real TLS) become rows of the same table.
 */
@Command(
    name = "loopback",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Downloads --bytes from a server to a client on loopback, once per controller (the"
          + " server's), after one unmeasured warm-up transfer, and prints per run: Gbit/s"
          + " (request sent to last byte received), the sender's datagrams per flush (one"
          + " sendmmsg each under epoll), its loss rate (packets declared lost / datagrams sent),"
          + " its congestion window and pacing rate at the end, and the CPU time of the two"
          + " endpoints' event-loop threads with the rate per CPU second (on a loaded host the"
          + " rate follows the share of a core the loops get).",
      "Pairing today: the project's stack on both ends under the codec's NULL PROTECTION and the"
          + " modelled handshake - not QUIC (no encryption, no TLS); it measures the transport"
          + " and the UDP driver."
    })
final class BenchLoopbackCommand implements Callable<Integer> {
  @Option(
      names = "--cc",
      paramLabel = "LIST",
      split = ",",
      defaultValue = "c4,bbr,cubic,newreno",
      description = "The sender's controllers, comma-separated (default ${DEFAULT-VALUE}).")
  List<String> controllers;

  @Option(
      names = "--bytes",
      paramLabel = "SIZE",
      defaultValue = "100MB",
      converter = QuantityConverters.Size.class,
      description = "Bytes per transfer (default ${DEFAULT-VALUE}).")
  long bytes;

  @Option(
      names = "--warmup",
      paramLabel = "SIZE",
      defaultValue = "20MB",
      converter = QuantityConverters.Size.class,
      description =
          "One unmeasured transfer first, with the first controller, so the JIT has compiled"
              + " the hot paths; 0 = none (default ${DEFAULT-VALUE}).")
  long warmupBytes;

  @Option(
      names = "--timeout",
      paramLabel = "TIME",
      defaultValue = "120s",
      converter = QuantityConverters.Duration.class,
      description =
          "Longest a transfer may take before the bench fails (default ${DEFAULT-VALUE}).")
  long timeoutMicros;

  @Mixin FormatOption formatOption = new FormatOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (bytes < 1 || warmupBytes < 0 || timeoutMicros < 1) {
      throw new IllegalArgumentException(
          "--bytes must be at least 1 byte, --warmup at least 0 and --timeout positive");
    }
    for (String controller : controllers) {
      ControllerRegistry.standard().parse(controller); // a bad spec: one line, exit 2
    }
    List<LoopbackPairing> pairings = List.of(new MoqbedPairing());
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Table table =
        new Table(
            "pairing",
            "cc",
            "bytes",
            "seconds",
            "gbit_per_s",
            "loop_cpu_s",
            "gbit_per_cpu_s",
            "packets_per_flush",
            "loss_rate",
            "final_cwnd_bytes",
            "pacing_rate_mbit_per_s",
            "socket");
    try {
      if (warmupBytes > 0) {
        err.println("warm-up: " + warmupBytes + " bytes with " + controllers.get(0));
        err.flush();
        pairings.get(0).transfer(controllers.get(0), warmupBytes, timeoutMicros);
      }
      for (LoopbackPairing pairing : pairings) {
        for (String controller : controllers) {
          LoopbackResult result = pairing.transfer(controller, bytes, timeoutMicros);
          table.row(
              result.pairing(),
              result.controller(),
              result.bytes(),
              round(result.transferMicros() / 1e6, 3),
              round(result.gigabitsPerSecond(), 3),
              round(result.cpuMicros() / 1e6, 3),
              round(result.gigabitsPerCpuSecond(), 3),
              round(result.packetsPerFlush(), 2),
              round(result.lossRate(), 5),
              result.congestionWindowBytes(),
              round(result.pacingRateBytesPerSecond() * 8 / 1e6, 1),
              result.socketKind());
        }
      }
    } catch (TimeoutException e) {
      err.println("moqbed: a transfer did not finish within --timeout");
      return ErrorReporter.FAILURE;
    }
    if (formatOption.format == OutputFormat.TABLE) {
      out.println(
          "moqbed<->moqbed under NULL PROTECTION (not QUIC: no encryption, modelled handshake)");
    }
    out.print(table.render(formatOption.format));
    out.flush();
    return 0;
  }

  private static double round(double value, int decimals) {
    return Double.parseDouble(String.format(Locale.ROOT, "%." + decimals + "f", value));
  }
}
