package dev.moqbed.app;

import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.attack.AttackAgent;
import dev.moqbed.live.attack.AttackBench;
import dev.moqbed.live.fanout.CpuSet;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.output.Table;
import dev.moqbed.output.statistics.RunStatistics;
import dev.moqbed.relay.RelayConfig;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed bench attack}: the relay under issue 30's attacks, as a viewer sees it. */
@Command(
    name = "attack",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs the relay on the project's QUIC stack under attack, on loopback: per attack a fresh"
          + " relay, a publisher of the draft's media mix and a subscriber (127.0.0.1), a quiet"
          + " phase, then, after a warm-up of the attack, an equal phase while an attacker on another"
          + " loopback address attacks (--rounds times, interleaved); one second into each attack phase a newcomer subscribes. Prints per attack the audio the"
          + " subscriber got (delivered share, latency p50/p99) in both phases, the p99's ratio,"
          + " how soon the newcomer heard audio, the relay loop's CPU and its handshake thread's (where ClientHellos are answered), and the heap this process holds live at each phase's end (after a full collection).",
      "Attacks: initial-flood (Initials with a real ClientHello, a new connection each, never"
          + " answered), handshakes (complete handshakes, then silence), fragments (after a"
          + " handshake, 1-byte STREAM frames with a hole before each, past the relay's piece"
          + " budget), idle-sessions (MoQT sessions that set up and then only keep alive), pings"
          + " (after a handshake, packets of 1,150 PING frames), crypto-fragments (Initials of"
          + " 1-byte CRYPTO frames with a hole before each and no ClientHello), connection-ids"
          + " (after a handshake, NEW_CONNECTION_ID past active_connection_id_limit),"
          + " optimistic-ack (after a handshake, ACKs of packets the relay never sent),"
          + " path-challenges (after a handshake, packets of one PATH_CHALLENGE each). Also"
          + " printed: the bytes the attacker sent and received, and their ratio (what the relay"
          + " sent it per byte it sent). The attacker runs in a process"
          + " of its own (--in-process: a thread of this one); on one host it still shares the"
          + " cores, which a real one would not."
    })
final class BenchAttackCommand implements Callable<Integer> {
  @Option(
      names = "--attacks",
      paramLabel = "LIST",
      split = ",",
      defaultValue =
          "initial-flood,handshakes,idle-sessions,fragments,pings,crypto-fragments,"
              + "connection-ids,optimistic-ack,path-challenges",
      description = "Attacks to run, each against a relay of its own (default ${DEFAULT-VALUE}).")
  List<String> attacks;

  @Option(
      names = "--warmup",
      paramLabel = "TIME",
      defaultValue = "20s",
      converter = QuantityConverters.Duration.class,
      description =
          "Media before the quiet phase, not measured: the JIT compiles the media path, which on"
              + " 2 cores keeps its compiler threads busy for about 25 s after start (default"
              + " ${DEFAULT-VALUE}).")
  long warmupMicros;

  @Option(
      names = "--phase",
      paramLabel = "TIME",
      defaultValue = "10s",
      converter = QuantityConverters.Duration.class,
      description = "Length of the quiet phase and of the attack phase (default ${DEFAULT-VALUE}).")
  long phaseMicros;

  @Option(
      names = "--attack-warmup",
      paramLabel = "TIME",
      defaultValue = "3s",
      converter = QuantityConverters.Duration.class,
      description =
          "How long each attack runs before its phase is measured, so that the relay's code for"
              + " it is compiled, as on a relay attacked for longer (default ${DEFAULT-VALUE}).")
  long attackWarmupMicros;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      defaultValue = "3",
      description =
          "Quiet and attack phases per attack, interleaved (quiet, attack, quiet, ...), so that the"
              + " host's drift lands on both; the p99s are over every round's frames together, and"
              + " each round's ratio is printed as median [min-max] (default ${DEFAULT-VALUE}).")
  int rounds;

  @Option(
      names = "--warmup-rounds",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Rounds of both phases run before the measured ones and not counted: the JIT compiles"
              + " the code an attack reaches, and the media's again after it, over the first rounds;"
              + " a relay attacked for longer runs compiled code (default ${DEFAULT-VALUE}).")
  int warmupRounds;

  @Option(
      names = "--settled-jit",
      paramLabel = "MS",
      defaultValue = "25",
      description =
          "After --attack-warmup, keep attacking unmeasured until this process's JIT compiled less"
              + " than MS milliseconds in the last second (at most "
              + AttackBench.MAX_JIT_SETTLING_SECONDS
              + " s more), so that the measured phase runs compiled code, as on a relay attacked"
              + " for longer; 0 to measure right after the warm-up (default ${DEFAULT-VALUE}).")
  int settledJitMillis;

  @Option(
      names = "--settle",
      paramLabel = "TIME",
      defaultValue = "12s",
      converter = QuantityConverters.Duration.class,
      description =
          "Between an attack phase and the next round's quiet phase: the relay's idle timeout"
              + " (10 s) closes what the attacker left (default ${DEFAULT-VALUE}).")
  long settleMicros;

  @Option(
      names = "--bench-cpus",
      paramLabel = "LIST",
      description =
          "Pin this process (relay, publisher, viewer) to these CPUs, in the list form taskset -c"
              + " takes (0, 0-1, 0,2).")
  String benchCpus;

  @Option(
      names = "--attacker-cpus",
      paramLabel = "LIST",
      description =
          "Pin the attacker's process to these CPUs (taskset -c): with --bench-cpus on others, the"
              + " attacker's own CPU no longer competes with the relay's, as from another host.")
  String attackerCpus;

  @Option(
      names = "--realtime-clients",
      description =
          "Give the publisher's, the viewer's and the newcomer's threads a real-time priority"
              + " (SCHED_FIFO 10; needs root or CAP_SYS_NICE): on the relay's CPU they then run as"
              + " soon as they are woken, as clients on hosts of their own, and the p99 is what the"
              + " relay adds, not the scheduler's wait behind the relay's and the JIT's threads.")
  boolean realtimeClients;

  @Option(
      names = "--rate",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "Attack steps a second (Initials, handshakes, connections); 0 for each attack's own:"
              + " initial-flood 500, handshakes 100, idle-sessions 20, fragments 20, pings 20,"
              + " crypto-fragments 20, connection-ids 20, optimistic-ack 20, path-challenges 20"
              + " (default ${DEFAULT-VALUE}).")
  int rate;

  @Option(
      names = "--attacker",
      paramLabel = "ADDRESS",
      defaultValue = "127.0.0.3",
      description = "The attacker's loopback address (default ${DEFAULT-VALUE}).")
  String attacker;

  @Option(
      names = "--max-sessions",
      paramLabel = "N",
      defaultValue = "" + RelayConfig.DEFAULT_MAX_SESSIONS,
      description =
          "The relay's sessions in all, as relay --max-sessions (default ${DEFAULT-VALUE}).")
  int maxSessions;

  @Option(
      names = "--max-sessions-per-address",
      paramLabel = "N",
      defaultValue = "" + RelayConfig.DEFAULT_MAX_SESSIONS_PER_ADDRESS,
      description =
          "The relay's sessions per address, as relay --max-sessions-per-address (default"
              + " ${DEFAULT-VALUE}).")
  int maxSessionsPerAddress;

  @Option(
      names = "--cc",
      paramLabel = "ID",
      defaultValue = "c4",
      description = "The relay's and the clients' controller (default ${DEFAULT-VALUE}).")
  String controller;

  @Option(
      names = "--in-process",
      description =
          "Attack from a thread of this process instead of a process of its own (the attacker's"
              + " CPU, garbage and JIT then land in the relay's JVM).")
  boolean inProcess;

  @Option(names = "--verbose", description = "Print the roles' log lines on standard error.")
  boolean verbose;

  @Mixin FormatOption formatOption = new FormatOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    InetAddress attackerAddress = InetAddress.getByName(attacker);
    if (!attackerAddress.isLoopbackAddress()) {
      throw new IllegalArgumentException(
          "--attacker " + attacker + ": a loopback address other than 127.0.0.1, e.g. 127.0.0.3");
    }
    AttackBench.Options options =
        new AttackBench.Options(
            attacks,
            warmupMicros,
            phaseMicros,
            attackWarmupMicros,
            rate,
            attackerAddress,
            RelayConfig.builder()
                .maxSessions(maxSessions)
                .maxSessionsPerAddress(maxSessionsPerAddress)
                .build(),
            inProcess ? List.of() : agentCommand(),
            LiveStack.of(LiveTransport.MOQBED, controller),
            line -> {
              if (verbose) {
                err.println(line);
                err.flush();
              }
            },
            line -> {
              err.println("bench attack: " + line);
              err.flush();
            },
            rounds,
            warmupRounds,
            settleMicros,
            benchCpus == null ? null : new CpuSet(benchCpus),
            attackerCpus == null ? null : new CpuSet(attackerCpus),
            settledJitMillis,
            realtimeClients);
    PrintWriter out = spec.commandLine().getOut();
    List<AttackBench.Row> rows = new CopyOnWriteArrayList<>();
    long started = System.nanoTime();
    // Ctrl-C or SIGTERM: the rows of the attacks that finished.
    InterruptSummary interrupted =
        InterruptSummary.register(
            "moqbed-bench-attack-interrupted",
            () -> {
              List<AttackBench.Row> finished = List.copyOf(rows);
              err.println();
              err.println(
                  "bench attack: "
                      + InterruptSummary.after(System.nanoTime() - started, 0)
                      + ", "
                      + finished.size()
                      + " of "
                      + attacks.size()
                      + " attacks measured"
                      + (finished.isEmpty() ? ", nothing to summarise" : ":"));
              err.flush();
              if (!finished.isEmpty()) {
                print(out, finished);
              }
            });
    try {
      AttackBench.run(options, rows::add);
    } finally {
      interrupted.close();
    }
    print(out, rows);
    return 0;
  }

  private void print(PrintWriter out, List<AttackBench.Row> rows) {
    out.print(table(rows).render(formatOption.format));
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    out.printf(Locale.ROOT, "load average %.2f at the end%n", load);
    out.flush();
  }

  /** This JVM's java, class path and main class, then {@code bench attack-agent}. */
  private static List<String> agentCommand() {
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    return List.of(
        java,
        "-cp",
        System.getProperty("java.class.path"),
        MoqbedCommand.class.getName(),
        "bench",
        "attack-agent");
  }

  /** {@code moqbed bench attack-agent}: the attacker's process; not for direct use. */
  @Command(
      name = "attack-agent",
      hidden = true,
      description = "The attacker process of 'bench attack' (talks to it on stdin/stdout).")
  static final class Agent implements Callable<Integer> {
    @Option(names = "--relay", required = true)
    String relay;

    @Option(names = "--attacker", required = true)
    String attacker;

    @Option(names = "--attack", required = true)
    String attack;

    @Option(names = "--rate", defaultValue = "0")
    int rate;

    @Override
    public Integer call() throws Exception {
      return AttackAgent.run(
          attack,
          LiveSupport.parseAddress(relay),
          InetAddress.getByName(attacker),
          rate,
          System.in,
          System.out);
    }
  }

  private static Table table(List<AttackBench.Row> rows) {
    Table table =
        new Table(
            "attack",
            "rate_per_s",
            "steps",
            "refused",
            "forged_datagrams",
            "attacker_bytes_sent",
            "attacker_bytes_received",
            "received_per_sent",
            "audio_quiet_pct",
            "audio_attack_pct",
            "p50_quiet_ms",
            "p50_attack_ms",
            "p99_quiet_ms",
            "p99_attack_ms",
            "p99_ratio",
            "rounds",
            "p99_ratio_rounds",
            "newcomer_audio_ms",
            "relay_cpu_quiet_pct",
            "relay_cpu_attack_pct",
            "handshake_cpu_quiet_pct",
            "handshake_cpu_attack_pct",
            "jit_ms_quiet",
            "jit_ms_attack",
            "gc_ms_quiet",
            "gc_ms_attack",
            "heap_live_quiet_mb",
            "heap_live_attack_mb");
    for (AttackBench.Row row : rows) {
      table.row(
          row.attack(),
          row.rate(),
          row.steps(),
          row.refused(),
          row.forgedDatagrams(),
          row.attackerBytesSent(),
          row.attackerBytesReceived(),
          row.attackerBytesSent() == 0
              ? "-"
              : round((double) row.attackerBytesReceived() / row.attackerBytesSent(), 2),
          round(row.quiet().deliveredPercent(), 2),
          round(row.attacked().deliveredPercent(), 2),
          round(row.quiet().p50Micros() / 1e3, 2),
          round(row.attacked().p50Micros() / 1e3, 2),
          round(row.quiet().p99Micros() / 1e3, 2),
          round(row.attacked().p99Micros() / 1e3, 2),
          ratio(row.p99Ratio()),
          row.rounds().size(),
          roundRatios(row),
          row.newcomerMicros() < 0
              ? "none: " + row.newcomerFailure()
              : round(row.newcomerMicros() / 1e3, 1),
          round(row.quiet().relayCpuPercent(), 1),
          round(row.attacked().relayCpuPercent(), 1),
          round(row.quiet().handshakeCpuPercent(), 1),
          round(row.attacked().handshakeCpuPercent(), 1),
          row.quiet().jvm().compileMillis(),
          row.attacked().jvm().compileMillis(),
          row.quiet().jvm().gcMillis(),
          row.attacked().jvm().gcMillis(),
          round(row.quiet().heapLiveBytes() / 1048576.0, 1),
          round(row.attacked().heapLiveBytes() / 1048576.0, 1));
    }
    return table;
  }

  /** Each round's p99 ratio: median [min-max], or the one ratio of a single round. */
  private static String roundRatios(AttackBench.Row row) {
    double[] ratios =
        row.rounds().stream()
            .mapToDouble(AttackBench.Round::p99Ratio)
            .filter(ratio -> !Double.isNaN(ratio))
            .sorted()
            .toArray();
    if (ratios.length == 0) {
      return "-";
    }
    double median = RunStatistics.median(ratios).value();
    if (ratios.length == 1) {
      return ratio(median);
    }
    return ratio(median) + " [" + ratio(ratios[0]) + "-" + ratio(ratios[ratios.length - 1]) + "]";
  }

  /** A p99 ratio: "-" without quiet audio, "inf" without audio under attack. */
  private static String ratio(double value) {
    if (Double.isNaN(value)) {
      return "-";
    }
    return Double.isInfinite(value) ? "inf" : String.format(Locale.ROOT, "%.2f", value);
  }

  private static double round(double value, int digits) {
    return Double.parseDouble(String.format(Locale.ROOT, "%." + digits + "f", value));
  }
}
