package dev.moqbed.app;

import dev.moqbed.netem.BenchCase;
import dev.moqbed.netem.NetemBench;
import dev.moqbed.output.Table;
import dev.moqbed.runtime.Quantities;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed bench netem}: the link emulator's accuracy on loopback, measured. */
@Command(
    name = "netem",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Measures the link emulator (netem) on loopback: a sender pushes 1200-byte datagrams"
          + " through it to a receiver, per link rate at no load (one datagram every 5 ms) and"
          + " saturated (125 %% of the rate), after a loopback baseline without the emulator."
          + " Prints configured vs achieved rate (the model's own rate beside it: its integer"
          + " serialization truncates) and the one-way delay p50/p99/max against what the link"
          + " adds: delay plus one datagram's serialization, plus the queue limit when saturated; the emulator_* columns give the emulator's own"
          + " socket-read to socket-write time against the same, without the sender's and the"
          + " receiver's sockets and threads."
    })
final class BenchNetemCommand implements Callable<Integer> {
  @Option(
      names = "--rates",
      paramLabel = "LIST",
      split = ",",
      defaultValue = "20mbit,100mbit",
      converter = QuantityConverters.Rate.class,
      description = "Link rates to measure (default ${DEFAULT-VALUE}).")
  List<Long> rates;

  @Option(
      names = "--delay",
      paramLabel = "TIME",
      defaultValue = "20ms",
      converter = QuantityConverters.Duration.class,
      description = "One-way delay of the link (default ${DEFAULT-VALUE}).")
  long delayMicros;

  @Option(
      names = "--queue",
      paramLabel = "TIME",
      defaultValue = "50ms",
      converter = QuantityConverters.Duration.class,
      description = "Drop-tail limit of the link (default ${DEFAULT-VALUE}).")
  long queueMicros;

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = "4s",
      converter = QuantityConverters.Duration.class,
      description = "How long each case sends (default ${DEFAULT-VALUE}).")
  long durationMicros;

  @Mixin FormatOption formatOption = new FormatOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    for (long rate : rates) {
      if (rate < 1_000_000 || rate > 1_000_000_000) {
        throw new IllegalArgumentException("--rates: each between 1mbit and 1gbit");
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int planned = 1 + 2 * rates.size();
    List<BenchCase> cases = new CopyOnWriteArrayList<>();
    long started = System.nanoTime();
    // Ctrl-C or SIGTERM: the table of the cases measured so far.
    InterruptSummary interrupted =
        InterruptSummary.register(
            "moqbed-bench-netem-interrupted",
            () -> {
              List<BenchCase> finished = List.copyOf(cases);
              err.println();
              err.println(
                  "bench netem: "
                      + InterruptSummary.after(System.nanoTime() - started, 0)
                      + ", "
                      + finished.size()
                      + " of "
                      + planned
                      + " cases measured"
                      + (finished.isEmpty() ? ", nothing to summarise" : ":"));
              err.flush();
              if (!finished.isEmpty()) {
                print(out, finished);
              }
            });
    try {
      new NetemBench(durationMicros, delayMicros, queueMicros)
          .run(
              rates,
              measured -> {
                cases.add(measured);
                err.println(
                    "bench netem: measured "
                        + measured.name()
                        + (measured.rateBitsPerSecond() == 0
                            ? ""
                            : " at " + Quantities.formatRate(measured.rateBitsPerSecond()))
                        + " ("
                        + cases.size()
                        + " of "
                        + planned
                        + ")");
                err.flush();
              });
    } finally {
      interrupted.close();
    }
    print(out, cases);
    return 0;
  }

  private void print(PrintWriter out, List<BenchCase> cases) {
    Table table =
        new Table(
                "case",
                "rate_mbit",
                "offered_mbit",
                "achieved_mbit",
                "rate_error_pct",
                "model_mbit",
                "sent",
                "received",
                "emulator_drops",
                "expected_delay_ms",
                "delay_p50_ms",
                "delay_p99_ms",
                "delay_max_ms",
                "p50_excess_ms",
                "p99_excess_ms",
                "max_excess_ms",
                "emulator_p50_excess_ms",
                "emulator_p99_excess_ms")
            .keyColumns(2); // case and rate: which row is which in every block
    for (BenchCase c : cases) {
      table.row(
          c.name(),
          c.rateBitsPerSecond() == 0 ? "-" : round(c.rateBitsPerSecond() / 1e6, 1),
          round(c.offeredBitsPerSecond() / 1e6, 2),
          round(c.achievedBitsPerSecond() / 1e6, 2),
          c.saturated() ? round(c.rateError() * 100, 2) : "-",
          c.rateBitsPerSecond() == 0 ? "-" : round(c.modelBitsPerSecond() / 1e6, 2),
          c.sent(),
          c.received(),
          c.droppedByLink(),
          round(c.expectedDelayMicros() / 1e3, 3),
          round(c.delayP50Micros() / 1e3, 3),
          round(c.delayP99Micros() / 1e3, 3),
          round(c.delayMaxMicros() / 1e3, 3),
          round((c.delayP50Micros() - c.expectedDelayMicros()) / 1e3, 3),
          round((c.delayP99Micros() - c.expectedDelayMicros()) / 1e3, 3),
          round((c.delayMaxMicros() - c.expectedDelayMicros()) / 1e3, 3),
          c.rateBitsPerSecond() == 0
              ? "-"
              : round((c.emulatorP50Micros() - c.expectedDelayMicros()) / 1e3, 3),
          c.rateBitsPerSecond() == 0
              ? "-"
              : round((c.emulatorP99Micros() - c.expectedDelayMicros()) / 1e3, 3));
    }
    out.print(table.render(formatOption.format));
    out.flush();
  }

  private static double round(double value, int digits) {
    return Double.parseDouble(String.format(Locale.ROOT, "%." + digits + "f", value));
  }
}
