package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netty.QuicheController;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.transport.udp.bench.BenchTls;
import dev.moqbed.transport.udp.bench.LoopbackPairing;
import dev.moqbed.transport.udp.bench.LoopbackResult;
import dev.moqbed.transport.udp.bench.MoqbedPairing;
import dev.moqbed.transport.udp.bench.QuichePairing;
import dev.moqbed.transport.udp.bench.SenderMeans;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code moqbed bench loopback}: bulk downloads on loopback between the project's QUIC stack and
 * quiche's (Netty's codec), every pairing of {@code --server-transport} and {@code
 * --client-transport}, one row per controller of the project's side, each run on fresh endpoints,
 * every row measured {@code --runs} times in rotated order ({@link LoopbackRounds}), with the
 * median rate's ratio to quiche->quiche's median measured in the same command.
 */
@Command(
    name = "loopback",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Downloads --bytes from a server to a client on loopback for every pairing of"
          + " --server-transport and --client-transport (the server sends), once per controller of"
          + " the project's side, after an unmeasured warm-up transfer of each, --runs times in"
          + " rotated order, and prints per row its median run: Gbit/s (request sent to last byte"
          + " received, with the slowest and fastest run) and its ratio to quiche->quiche's median"
          + " in the same command, the sender's datagrams per flush (one sendmmsg each under"
          + " epoll; the project's stack only), its datagrams per write (above 1 when GSO packs a"
          + " run of equal-size datagrams into one segmented write; -Dmoqbed.udp.gso=false turns"
          + " GSO off), the bytes its event loop allocated per datagram sent after the request"
          + " arrived, and those the receiving loop allocated from the request to the last byte"
          + " per datagram sent (the project's stacks only), its loss rate (packets declared lost"
          + " / packets sent), its congestion window and pacing rate at the end (quiche: window"
          + " from Netty's path statistics, no pacing rate exposed), and the CPU time of the two"
          + " endpoints' event-loop threads.",
      "Real QUIC v1 (TLS 1.3, a self-signed certificate made for the run) on every pairing;"
          + " --null-protection runs moqbed->moqbed under the codec's null protection instead (not"
          + " QUIC: labelled so)."
    })
final class BenchLoopbackCommand implements Callable<Integer> {
  @Option(
      names = "--cc",
      paramLabel = "LIST",
      split = ",",
      defaultValue = "c4,bbr,cubic,newreno",
      description = "The project's side's controllers, comma-separated (default ${DEFAULT-VALUE}).")
  List<String> controllers;

  @Option(
      names = "--server-transport",
      paramLabel = "LIST",
      split = ",",
      defaultValue = "moqbed",
      description = "The sending side's stacks: moqbed, quiche or both (default ${DEFAULT-VALUE}).")
  List<String> serverTransports;

  @Option(
      names = "--client-transport",
      paramLabel = "LIST",
      split = ",",
      defaultValue = "moqbed",
      description =
          "The receiving side's stacks: moqbed, quiche or both (default ${DEFAULT-VALUE}).")
  List<String> clientTransports;

  @Option(
      names = "--quiche-cc",
      paramLabel = "CC",
      defaultValue = "quiche:cubic",
      description =
          "quiche's controller on its side: "
              + QuicheController.IDS
              + " (default ${DEFAULT-VALUE}).")
  String quicheCc;

  @Option(
      names = "--null-protection",
      description =
          "moqbed->moqbed under the codec's null protection and the modelled handshake (NOT"
              + " QUIC) instead of TLS.")
  boolean nullProtection;

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
          "One unmeasured transfer of this size first on every pairing with every controller,"
              + " so the JIT has compiled every row's hot paths; 0 = none (default"
              + " ${DEFAULT-VALUE}).")
  long warmupBytes;

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "3",
      description =
          "Rounds: every row measured N times, the order of the rows rotated by one per round"
              + " (the first large transfer of a JVM is the slowest), and the run of median rate"
              + " printed with the slowest and fastest (default ${DEFAULT-VALUE}).")
  int runs;

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
    if (bytes < 1 || warmupBytes < 0 || timeoutMicros < 1 || runs < 1) {
      throw new IllegalArgumentException(
          "--bytes must be at least 1 byte, --runs at least 1, --warmup at least 0 and --timeout"
              + " positive");
    }
    for (String controller : controllers) {
      ControllerRegistry.standard().parse(controller); // a bad spec: one line, exit 2
    }
    QuicheController quiche = QuicheController.parse(quicheCc);
    List<Boolean> servers = stacks("--server-transport", serverTransports);
    List<Boolean> clients = stacks("--client-transport", clientTransports);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (BenchTls tls = BenchTls.create()) {
      // quiche->quiche first: the reference of every ratio, measured in this run.
      QuichePairing reference = new QuichePairing(true, true, quiche, tls);
      List<LoopbackPairing> pairings = new ArrayList<>();
      for (boolean quicheServer : servers) {
        for (boolean quicheClient : clients) {
          if (quicheServer && quicheClient) {
            continue;
          }
          pairings.add(
              quicheServer || quicheClient
                  ? new QuichePairing(quicheServer, quicheClient, quiche, tls)
                  : new MoqbedPairing(nullProtection ? null : tls));
        }
      }
      List<LoopbackRounds.Row> rows = new ArrayList<>();
      rows.add(new LoopbackRounds.Row(reference, controllers.get(0)));
      for (LoopbackPairing pairing : pairings) {
        for (String controller : controllers) {
          rows.add(new LoopbackRounds.Row(pairing, controller));
        }
      }
      long started = System.nanoTime();
      // Ctrl-C or SIGTERM: the table over the runs that finished.
      InterruptSummary interrupted =
          InterruptSummary.register(
              "moqbed-bench-loopback-interrupted",
              () -> interruptedSummary(rows, reference, started, quiche, out, err));
      try {
        warmUp(rows, err);
        LoopbackRounds.measure(rows, runs, bytes, timeoutMicros, err);
      } finally {
        interrupted.close();
      }
      print(out, rows, reference, quiche);
    } catch (TimeoutException e) {
      err.println("moqbed: a transfer did not finish within --timeout");
      return ErrorReporter.FAILURE;
    }
    return 0;
  }

  /** One unmeasured transfer per row, so the JIT has compiled every row's hot paths. */
  private void warmUp(List<LoopbackRounds.Row> rows, PrintWriter err)
      throws IOException, InterruptedException, TimeoutException {
    if (warmupBytes > 0) {
      err.println("warm-up: " + warmupBytes + " bytes on every pairing with every controller");
      err.flush();
      for (LoopbackRounds.Row row : rows) {
        row.pairing.transfer(row.controller, warmupBytes, timeoutMicros);
      }
    }
  }

  /** On Ctrl-C: the rows with a finished run, over those runs. */
  private void interruptedSummary(
      List<LoopbackRounds.Row> rows,
      LoopbackPairing reference,
      long started,
      QuicheController quiche,
      PrintWriter out,
      PrintWriter err) {
    int finished = rows.stream().mapToInt(row -> row.runs.size()).sum();
    err.println();
    err.println(
        "bench loopback: "
            + InterruptSummary.after(System.nanoTime() - started, 0)
            + ", "
            + finished
            + " of "
            + rows.size() * runs
            + " measured transfers done"
            + (finished == 0 ? ", nothing to summarise" : "; their medians (column runs):"));
    err.flush();
    if (finished > 0) {
      print(out, rows.stream().filter(row -> !row.runs.isEmpty()).toList(), reference, quiche);
    }
  }

  /** The table of {@code rows}, each over its runs, rates against the reference row's median. */
  private void print(
      PrintWriter out,
      List<LoopbackRounds.Row> rows,
      LoopbackPairing reference,
      QuicheController quiche) {
    Table table = newTable();
    double quicheRate =
        rows.stream()
            .filter(row -> row.pairing == reference)
            .findFirst()
            .map(row -> row.median().gigabitsPerSecond())
            .orElse(0.0);
    for (LoopbackRounds.Row row : rows) {
      LoopbackResult result = row.median();
      String cc =
          row.pairing instanceof QuichePairing q && q.quicheSends() && row.pairing != reference
              ? result.controller() + " (client " + row.controller + ")"
              : result.controller();
      addRow(table, row, cc, quicheRate);
    }
    if (formatOption.format == OutputFormat.TABLE) {
      out.println(
          "real QUIC v1 (TLS 1.3) on every pairing"
              + (nullProtection
                  ? ", except moqbed->moqbed under NULL PROTECTION (not QUIC: no encryption)"
                  : "")
              + "; server->client, the server sends; quiche's side runs "
              + quiche.id());
    }
    out.print(table.render(formatOption.format));
    out.flush();
  }

  private static Table newTable() {
    return new Table(
            "pairing",
            "cc",
            "bytes",
            "runs",
            "seconds",
            "gbit_per_s",
            "min_gbit_per_s",
            "max_gbit_per_s",
            "ratio_to_quiche",
            "loop_cpu_s",
            "gbit_per_cpu_s",
            "packets_per_flush",
            "packets_per_write",
            "alloc_bytes_per_packet",
            "receiver_alloc_bytes_per_packet",
            "loss_rate",
            "final_cwnd_bytes",
            "pacing_rate_mbit_per_s",
            "mean_rtt_us",
            "mean_flight_bytes",
            "mean_pacing_mbit_per_s",
            "socket")
        .keyColumns(2); // pairing and controller: which row is which in every block
  }

  private static void addRow(Table table, LoopbackRounds.Row row, String cc, double reference) {
    LoopbackResult result = row.median();
    SenderMeans.Means means = result.senderMeans();
    table.row(
        result.pairing(),
        cc,
        result.bytes(),
        row.runs.size(),
        round(result.transferMicros() / 1e6, 3),
        round(result.gigabitsPerSecond(), 3),
        round(row.slowestGigabitsPerSecond(), 3),
        round(row.fastestGigabitsPerSecond(), 3),
        reference > 0 ? round(result.gigabitsPerSecond() / reference, 2) : "-",
        round(result.cpuMicros() / 1e6, 3),
        round(result.gigabitsPerCpuSecond(), 3),
        result.flushes() < 0 ? "-" : round(result.packetsPerFlush(), 2),
        result.writes() < 0 ? "-" : round(result.datagramsPerWrite(), 2),
        result.allocatedBytesPerPacket() < 0 ? "-" : round(result.allocatedBytesPerPacket(), 0),
        result.receiverAllocatedBytesPerPacket() < 0
            ? "-"
            : round(result.receiverAllocatedBytesPerPacket(), 0),
        result.packetsLost() < 0 ? "-" : round(result.lossRate(), 5),
        result.congestionWindowBytes() < 0 ? "-" : result.congestionWindowBytes(),
        result.pacingRateBytesPerSecond() < 0
            ? "-"
            : round(result.pacingRateBytesPerSecond() * 8 / 1e6, 1),
        means.known() ? round(means.rttMicros(), 0) : "-",
        means.known() ? round(means.inFlightBytes(), 0) : "-",
        means.known() ? round(means.pacingBytesPerSecond() * 8 / 1e6, 1) : "-",
        result.socketKind());
  }

  /** The stacks named in a list, as "is quiche", in order, each once. */
  private static List<Boolean> stacks(String option, List<String> names) {
    LinkedHashSet<Boolean> stacks = new LinkedHashSet<>();
    for (String name : names) {
      switch (name.trim().toLowerCase(Locale.ROOT)) {
        case "moqbed":
          stacks.add(false);
          break;
        case "quiche":
          stacks.add(true);
          break;
        default:
          throw new IllegalArgumentException(
              option + ": '" + name + "' is not a stack (moqbed or quiche)");
      }
    }
    return new ArrayList<>(stacks);
  }

  private static double round(double value, int decimals) {
    return Double.parseDouble(String.format(Locale.ROOT, "%." + decimals + "f", value));
  }
}
