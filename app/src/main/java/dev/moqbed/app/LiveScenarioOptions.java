package dev.moqbed.app;

import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.output.FramesLatencyLog;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsCsvWriter;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code live run} and {@code live compare} share: the scenario, the controllers and their
 * stacks, runs, seed, warm-up, the output directory, and how runs are written for {@code report}.
 */
final class LiveScenarioOptions {
  @Parameters(
      index = "0",
      paramLabel = "NAME",
      description =
          "The scenario: a draft media one (media, media10, media_600fr, media_short_long,"
              + " media_wb, media_wf, media_ws, media_backload) or a fairness one (fair_newreno,"
              + " fair_cubic, fair_bbr, fair_c4, fair_wifi_newreno, fair_wifi_cubic, fair_wifi_bbr,"
              + " fair_wifi_c4: the media beside a bulk download of that controller).")
  String scenario;

  @Option(
      names = "--cc",
      paramLabel = "LIST",
      required = true,
      split = ",",
      description =
          "Controllers, comma-separated; each runs on the stack it belongs to (quiche:* on"
              + " quiche, c4, bbr, cubic, newreno and their options on the project's).")
  List<String> controllers;

  @Option(
      names = "--transport",
      paramLabel = "STACK",
      description =
          "Require every controller to be of this stack: moqbed (the project's) or quiche"
              + " (default: each controller's own).")
  String transport;

  @Option(
      names = "--bulk-transport",
      paramLabel = "STACK",
      description =
          "The stack of the scenario's bulk flow, with the scenario's controller: moqbed (the"
              + " project's: newreno, cubic, bbr, c4) or quiche (quiche:reno, quiche:cubic,"
              + " quiche:bbr; none for c4). Default: moqbed for the fairness scenarios' download,"
              + " the run's stack for media_backload's upload.")
  String bulkTransport;

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "1",
      description = "Runs per controller (default ${DEFAULT-VALUE}).")
  int runs;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "1",
      description =
          "Master seed, as the simulator's; run r's emulator draws its jitter as the simulator's"
              + " run r of S does (run 0: the reference's seeds) (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--warmup",
      paramLabel = "TIME",
      defaultValue = "2s",
      converter = QuantityConverters.Duration.class,
      description =
          "An unreported chain of this length first, without the emulator, warms up the JVM"
              + " (default ${DEFAULT-VALUE}; 0 = none).")
  long warmupMicros;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Writes DIR/runs.csv and DIR/frames/ as a sweep does, for 'moqbed report DIR [--html]';"
              + " live rows have cc 'live:CC'.")
  Path outDirectory;

  @Mixin ReceiverOption receiverOption = new ReceiverOption();

  @Option(names = "--verbose", description = "Print the roles' log lines on standard error.")
  boolean verbose;

  @Mixin LiveQlogOption qlogOption = new LiveQlogOption();

  /** The live runs' qlog files, opened by {@link #validate}; null without {@code --qlog}. */
  private QlogFiles qlogFiles;

  /**
   * {@code stack} writing its connections' qlog as {@code prefix} and {@code role} ({@code
   * c4-run0-relay_server_...}; the chain names its publisher's and subscriber's files so too); as
   * it is without --qlog.
   */
  LiveStack tapped(LiveStack stack, String prefix, String role) {
    return qlogFiles == null
        ? stack
        : LiveQlogOption.apply(stack, qlogFiles, role).withQlogPrefix(prefix);
  }

  /** Writes out the qlog files after the last run and says what they hold. */
  void finishQlog(PrintWriter err) {
    LiveQlogOption.finish(qlogFiles, "live", err);
  }

  /**
   * The checks that need no network, in the order a user would fix them; then creates the {@code
   * --qlog} directory, before anything connects.
   */
  void validate() {
    if (runs < 1 || runs > 1000) {
      throw new IllegalArgumentException("--runs must be 1..1000");
    }
    if (warmupMicros < 0) {
      throw new IllegalArgumentException("--warmup must not be negative");
    }
    LiveScenario live = LiveScenario.of(scenario, controllers.get(0).strip()); // names them
    for (LiveStack stack : stacks()) {
      bulkStack(live, stack); // a bulk controller quiche lacks, or a wrong --bulk-transport
    }
    if (bulkTransport != null && live.bulk() == null) {
      throw new IllegalArgumentException("--bulk-transport: " + scenario + " has no bulk flow");
    }
    receiverOption.validate(stacks());
    if (outDirectory != null) {
      OutputPaths.requireWritableDirectory(outDirectory, "--out");
    }
    qlogFiles = qlogOption.open(); // last: it starts the writer, once every check passed
  }

  /**
   * A run's row label: {@link LiveScenarioRun#label(String, LiveStack)} of {@code controller}, then
   * {@code @chromium} when Chromium received.
   */
  String label(String controller, LiveScenario live, LiveStack stack) {
    return LiveScenarioRun.label(controller, bulkStack(live, stack)) + receiverOption.labelSuffix();
  }

  /** Per controller of {@code --cc}, its stack; a one-line error for a wrong one. */
  List<LiveStack> stacks() {
    List<LiveStack> stacks = new ArrayList<>();
    for (String controller : controllers) {
      String name = controller.strip();
      if (name.isEmpty()) {
        throw new IllegalArgumentException("--cc: an empty controller name");
      }
      LiveTransport stack =
          transport == null ? LiveTransport.ofController(name) : LiveTransport.parse(transport);
      stacks.add(LiveStack.of(stack, name));
    }
    return stacks;
  }

  /**
   * The stack of {@code live}'s bulk flow beside media on {@code media}, null when it has none:
   * {@code --bulk-transport} if given, else the project's for a download (the fairness scenarios
   * name the project's controllers) and the media's stack for an upload ({@code media_backload}, as
   * before the fairness scenarios).
   */
  LiveStack bulkStack(LiveScenario live, LiveStack media) {
    LiveScenario.BulkFlow bulk = live.bulk();
    if (bulk == null) {
      return null;
    }
    LiveTransport chosen;
    if (bulkTransport != null) {
      try {
        chosen = LiveTransport.parse(bulkTransport);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--bulk-transport: " + e.getMessage(), e);
      }
    } else {
      chosen =
          bulk.direction() == LiveScenario.Direction.DOWNLOAD
              ? LiveTransport.MOQBED
              : media.transport();
    }
    return bulk.stack(chosen);
  }

  static void requireQuic() throws IOException {
    if (!NativeQuic.isAvailable()) {
      throw new IOException(
          "QUIC is not available on this machine: " + NativeQuic.unavailabilityReason());
    }
  }

  Consumer<String> log(PrintWriter err) {
    return line -> {
      if (verbose) {
        synchronized (err) {
          err.println(line);
          err.flush();
        }
      }
    };
  }

  /** The unreported warm-up chain, on {@code stack}, without the emulator. */
  void warmUp(LiveScenario live, LiveStack stack, PrintWriter err)
      throws IOException, InterruptedException {
    if (warmupMicros > 0) {
      LiveChain.run(
          ChainOptions.builder()
              .media(live.media())
              .durationMicros(warmupMicros)
              .subscribers(1)
              .stacks(stack, stack)
              .log(log(err))
              .build());
    }
  }

  /** A directory for the bulk sink's certificate, deleted by {@link #deleteRecursively}. */
  static Path certificates() throws IOException {
    return Files.createTempDirectory("moqbed-live-");
  }

  static void deleteRecursively(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind is harmless
    }
  }

  /**
   * Writes {@code records} and their frames into {@code --out}, as a sweep does, with {@code
   * columns} after the standard ones; none: nothing.
   */
  void write(
      List<RunRecord> records, List<FrameTable> frames, List<String> columns, PrintWriter err)
      throws IOException {
    if (outDirectory == null) {
      return;
    }
    Files.createDirectories(outDirectory);
    Path runsFile = outDirectory.resolve(RunsCsv.FILE_NAME);
    try (RunsCsvWriter writer = RunsCsvWriter.open(runsFile, 0, columns)) {
      for (RunRecord record : records) {
        writer.append(record);
      }
    }
    FramesDirectory directory = new FramesDirectory(outDirectory);
    for (int i = 0; i < records.size(); i++) {
      RunRecord record = records.get(i);
      directory.write(record.scenario(), record.controller(), record.run(), frames.get(i));
      FramesLatencyLog.writeBeside(
          directory.file(record.scenario(), record.controller(), record.run()));
    }
    err.println("moqbed: " + records.size() + " runs written to " + runsFile);
    err.flush();
  }
}
