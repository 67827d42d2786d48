package dev.moqbed.live.attack;

import dev.moqbed.live.LiveChain;
import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.fanout.CpuSet;
import dev.moqbed.live.fanout.RealtimePriority;
import dev.moqbed.live.fanout.ThreadTimes;
import dev.moqbed.live.node.PublisherNode;
import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The relay on the project's stack under each attack of issue 30, measured as a viewer sees it: a
 * publisher of the draft's media mix and a subscriber (this host's loopback address) run through a
 * fresh relay for a quiet phase, then for an equal phase while an attacker from another loopback
 * address attacks (after a warm-up of the attack); one second into that phase a newcomer
 * subscribes. Per attack: the audio the subscriber got and its latency in both phases, how soon the
 * newcomer heard audio, the relay loop's CPU, and the heap this process (relay, clients and
 * attacker) holds live at each phase's end.
 */
public final class AttackBench {
  private static final long AUDIO_INTERVAL_MICROS = 20_000;

  /**
   * What to run.
   *
   * @param attacks attack names ({@code initial-flood}, {@code handshakes}, {@code idle-sessions},
   *     {@code fragments}, {@code pings}, {@code crypto-fragments}, {@code connection-ids}, {@code
   *     optimistic-ack}, {@code path-challenges})
   * @param warmupMicros media before the quiet phase, not measured: on 2 cores the JIT's compiler
   *     threads stay busy for about 25 s after a JVM starts (docs/relay-scale.md)
   * @param phaseMicros the length of the quiet phase and of the attack phase
   * @param attackWarmupMicros how long the attack runs before its phase is measured: the relay's
   *     code for it compiled, as on a relay attacked for longer than a benchmark
   * @param rate steps a second (Initials, handshakes, connections), 0 for each attack's default
   * @param attacker the attacker's address (another loopback address than 127.0.0.1)
   * @param relay the relay's limits (its sessions in all and per address)
   * @param agentCommand the command that starts {@link AttackAgent} in a process of its own, or
   *     empty to attack from a thread of this process
   * @param stack the relay's and the clients' stack: the project's, with the relay's controller
   * @param log the roles' log lines
   * @param progress one line as each phase starts
   * @param rounds quiet and attack phases per attack, interleaved (quiet, attack, quiet, ...)
   * @param warmupRounds rounds of both phases run first and not measured: the JIT compiles what an
   *     attack reaches and what the media reaches again after it (on this host the compilers' work
   *     in the attack phase falls from seconds in the first round to a few hundred ms by the third)
   * @param settleMicros after an attack phase, before the next round's quiet phase: what the
   *     attacker left (sessions, half-open connections) times out first
   * @param benchCpus CPUs to pin this process (relay, publisher, viewer) to, or null
   * @param attackerCpus CPUs to pin the attacker's process to, or null
   * @param settledJitMillis after the attack's warm-up, keep attacking unmeasured until this
   *     process's JIT compilers worked less than this many milliseconds in the last second (at most
   *     {@link #MAX_JIT_SETTLING_SECONDS} more), so that the measured phase runs compiled code; 0
   *     to measure right after the warm-up
   * @param realtimeClients give the publisher's, the viewer's and the newcomer's loop threads a
   *     real-time priority ({@link RealtimePriority}), so that on the relay's core they stand for
   *     clients on hosts of their own: the p99 is then what the relay adds, not the scheduler's
   *     wait behind the relay's thread
   */
  public record Options(
      List<String> attacks,
      long warmupMicros,
      long phaseMicros,
      long attackWarmupMicros,
      int rate,
      InetAddress attacker,
      RelayConfig relay,
      List<String> agentCommand,
      LiveStack stack,
      Consumer<String> log,
      Consumer<String> progress,
      int rounds,
      int warmupRounds,
      long settleMicros,
      CpuSet benchCpus,
      CpuSet attackerCpus,
      int settledJitMillis,
      boolean realtimeClients) {
    /** One round, no warm-up round, nothing pinned. */
    public Options(
        List<String> attacks,
        long warmupMicros,
        long phaseMicros,
        long attackWarmupMicros,
        int rate,
        InetAddress attacker,
        RelayConfig relay,
        List<String> agentCommand,
        LiveStack stack,
        Consumer<String> log,
        Consumer<String> progress) {
      this(
          attacks,
          warmupMicros,
          phaseMicros,
          attackWarmupMicros,
          rate,
          attacker,
          relay,
          agentCommand,
          stack,
          log,
          progress,
          1,
          0,
          0,
          null,
          null,
          0,
          false);
    }

    public Options {
      attacks = List.copyOf(attacks);
      agentCommand = List.copyOf(agentCommand);
      attacks.forEach(Attack::ofLabel);
      if (phaseMicros < 2_000_000) {
        throw new IllegalArgumentException("--phase must be at least 2s");
      }
      if (warmupMicros < 0 || attackWarmupMicros < 0) {
        throw new IllegalArgumentException("--warmup and --attack-warmup must be at least 0");
      }
      if (rate < 0) {
        throw new IllegalArgumentException("--rate must be at least 0");
      }
      if (rounds < 1) {
        throw new IllegalArgumentException("--rounds must be at least 1");
      }
      if (warmupRounds < 0) {
        throw new IllegalArgumentException("--warmup-rounds must be at least 0");
      }
      if (settledJitMillis < 0) {
        throw new IllegalArgumentException("--settled-jit must be at least 0");
      }
      if (settleMicros < 0) {
        throw new IllegalArgumentException("--settle must be at least 0");
      }
      if (attackerCpus != null && agentCommand.isEmpty()) {
        throw new IllegalArgumentException(
            "--attacker-cpus pins the attacker's process: not with --in-process");
      }
      Objects.requireNonNull(attacker, "attacker");
      Objects.requireNonNull(relay, "relay");
      Objects.requireNonNull(stack, "stack");
    }
  }

  /**
   * One phase as the subscriber saw it.
   *
   * @param audioExpected audio frames captured in the phase
   * @param audioDelivered those that arrived
   * @param p50Micros median audio latency (capture to arrival)
   * @param p99Micros its 99th percentile
   * @param heapLiveBytes this process's heap in use after a full collection at the phase's end (the
   *     attack still running): what the relay, the clients and the attacker hold
   * @param relayCpuPercent the relay loop's CPU time over the phase, in % of one core
   * @param handshakeCpuPercent the CPU time of the relay's handshake thread (where ClientHellos are
   *     answered, off the loop) over the phase, in % of one core; -1 where it is not known
   * @param jvm what this process's JIT compilers and collectors did during the phase (the mean per
   *     phase once pooled)
   */
  public record Phase(
      long audioExpected,
      long audioDelivered,
      long p50Micros,
      long p99Micros,
      long heapLiveBytes,
      double relayCpuPercent,
      double handshakeCpuPercent,
      JvmWork jvm) {
    public double deliveredPercent() {
      return audioExpected == 0
          ? 0
          : 100.0 * Math.min(audioDelivered, audioExpected) / audioExpected;
    }

    static Phase of(long[] latencies, long expected, long heapLiveBytes, double relayCpuPercent) {
      return of(latencies, expected, heapLiveBytes, relayCpuPercent, -1, new JvmWork(0, 0));
    }

    static Phase of(
        long[] latencies,
        long expected,
        long heapLiveBytes,
        double relayCpuPercent,
        double handshakeCpuPercent,
        JvmWork jvm) {
      long[] sorted = latencies.clone();
      Arrays.sort(sorted);
      return new Phase(
          expected,
          sorted.length,
          percentile(sorted, 0.50),
          percentile(sorted, 0.99),
          heapLiveBytes,
          relayCpuPercent,
          handshakeCpuPercent,
          jvm);
    }

    /** The nearest-rank percentile; 0 of none. */
    private static long percentile(long[] sorted, double quantile) {
      if (sorted.length == 0) {
        return 0;
      }
      int rank = (int) Math.ceil(quantile * sorted.length);
      return sorted[Math.max(0, rank - 1)];
    }
  }

  /**
   * One round: a quiet phase, then an attack phase.
   *
   * @param newcomerMicros from the newcomer's start to its first audio frame, -1 when none came
   * @param newcomerFailure why the newcomer got nothing, or null
   */
  public record Round(Phase quiet, Phase attacked, long newcomerMicros, String newcomerFailure) {
    /**
     * The attack phase's p99 over the quiet phase's: NaN when the quiet phase got no audio,
     * infinite when the attack phase got none.
     */
    public double p99Ratio() {
      return ratio(quiet, attacked);
    }
  }

  /**
   * One attack's result.
   *
   * @param rounds each round's phases, in the order they ran
   * @param quiet every quiet phase's audio pooled (latency percentiles over all their frames), the
   *     most heap any held, their mean relay CPU
   * @param attacked the same over the attack phases
   * @param steps the attack's steps (Initials, handshakes, connections)
   * @param refused steps the relay did not let through (a handshake that did not complete)
   * @param forgedDatagrams datagrams of forged packets
   * @param attackerBytesSent UDP payload bytes the attacker sent (warm-up and phase)
   * @param attackerBytesReceived those the relay sent the attacker's address meanwhile
   */
  public record Row(
      String attack,
      String description,
      int rate,
      List<Round> rounds,
      Phase quiet,
      Phase attacked,
      long steps,
      long refused,
      long forgedDatagrams,
      long attackerBytesSent,
      long attackerBytesReceived) {
    public Row {
      rounds = List.copyOf(rounds);
    }

    /** The slowest newcomer's wait for its first audio, -1 when one of them got none. */
    public long newcomerMicros() {
      long slowest = 0;
      for (Round round : rounds) {
        if (round.newcomerMicros() < 0) {
          return -1;
        }
        slowest = Math.max(slowest, round.newcomerMicros());
      }
      return slowest;
    }

    /** Why a newcomer got nothing (the first round where one did not), or null. */
    public String newcomerFailure() {
      return rounds.stream()
          .map(Round::newcomerFailure)
          .filter(Objects::nonNull)
          .findFirst()
          .orElse(null);
    }

    /** The pooled attack p99 over the pooled quiet p99, as {@link Round#p99Ratio()}. */
    public double p99Ratio() {
      return ratio(quiet, attacked);
    }
  }

  private AttackBench() {}

  private static double ratio(Phase quiet, Phase attacked) {
    if (quiet.audioDelivered() == 0) {
      return Double.NaN;
    }
    if (attacked.audioDelivered() == 0) {
      return Double.POSITIVE_INFINITY;
    }
    return (double) attacked.p99Micros() / quiet.p99Micros();
  }

  /** Runs every attack of {@code options} against a relay of its own, one after the other. */
  public static List<Row> run(Options options) throws Exception {
    List<Row> rows = new ArrayList<>();
    run(options, rows::add);
    return rows;
  }

  /**
   * As {@link #run(Options)}, handing each attack's row to {@code measured} as soon as it is
   * measured (a command stopped by Ctrl-C prints the rows so far).
   */
  public static void run(Options options, Consumer<Row> measured) throws Exception {
    if (options.benchCpus() != null) {
      options.benchCpus().pinProcess(ProcessHandle.current().pid());
    }
    ServerCertificate certificate = LiveChain.sharedCertificate();
    for (String label : options.attacks()) {
      measured.accept(runOne(Attack.ofLabel(label), options, certificate));
    }
  }

  private static Row runOne(Attack attack, Options options, ServerCertificate certificate)
      throws Exception {
    int rate = options.rate() > 0 ? options.rate() : attack.defaultRate();
    ClientTrust trust = ClientTrust.pinned(certificate.certificate());
    MediaSpec media = LiveSupport.media(null, null);
    List<String> tracks = media.flows().stream().map(flow -> flow.id()).toList();
    try (RelayNode relay = startRelay(options, certificate);
        PublisherNode publisher =
            PublisherNode.start(
                new PublisherNode.Config(
                    relay.address(),
                    options.stack(),
                    trust,
                    new PublisherConfig("live", media, MEDIA_UNTIL_CLOSED_MICROS, false, 500_000),
                    object -> {},
                    options.log()))) {
      // The viewer only once the relay holds the namespace: a SUBSCRIBE ahead of the publisher's
      // PUBLISH_NAMESPACE is refused, and that viewer ends (on a loaded host one start in about
      // 20 did so, and the bench measured no audio in any phase).
      publisher.awaitAnnounced(10);
      try (BenchViewer viewer = BenchViewer.start(relay.address(), options, trust, tracks)) {
        if (options.realtimeClients()) {
          RealtimePriority.raise(publisher.scheduler(), "publisher");
          RealtimePriority.raise(viewer.scheduler(), "viewer");
          options
              .progress()
              .accept(
                  "the publisher's and the viewer's threads run at real-time priority (SCHED_FIFO "
                      + RealtimePriority.PRIORITY
                      + ")");
        }
        publisher.startMedia();
        TimeUnit.MICROSECONDS.sleep(options.warmupMicros()); // the JIT compiles the media path
        RoundRunner runner =
            new RoundRunner(attack, options, relay, publisher, viewer, trust, tracks, rate);
        for (int round = 1; round <= options.warmupRounds(); round++) {
          runner.warmUp(round);
          TimeUnit.MICROSECONDS.sleep(options.settleMicros());
        }
        List<Round> rounds = new ArrayList<>();
        for (int round = 1; round <= options.rounds(); round++) {
          if (round > 1) {
            TimeUnit.MICROSECONDS.sleep(options.settleMicros());
          }
          rounds.add(runner.run(round));
        }
        return row(attack, rate, rounds, runner);
      }
    }
  }

  private static Row row(Attack attack, int rate, List<Round> rounds, RoundRunner runner) {
    Attack.Counts counts = runner.counts;
    return new Row(
        attack.label(),
        attack.description(),
        rate,
        rounds,
        runner.quiet.pooled(),
        runner.attacked.pooled(),
        counts.actions,
        counts.refused,
        counts.datagrams,
        counts.bytesSent,
        counts.bytesReceived);
  }

  /**
   * The publisher's media runs until the bench closes it. A length computed from the phases missed
   * what the bench spends between them (a collection after each phase, starting and stopping the
   * attacker's JVM, closing the newcomer): about 1 s a round on a quiet host, so the media of a run
   * of five rounds ended in its last attack phase, and the audio it no longer sent was counted as
   * lost to the attack.
   */
  static final long MEDIA_UNTIL_CLOSED_MICROS = 24 * 3600 * 1_000_000L;

  /** The longest {@link Options#settledJitMillis()} extends an attack's warm-up, in seconds. */
  public static final int MAX_JIT_SETTLING_SECONDS = 30;

  private static RelayNode startRelay(Options options, ServerCertificate certificate)
      throws Exception {
    return RelayNode.start(
        new RelayNode.Config(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            options.stack(),
            certificate,
            ServerAdmission.DEFAULT,
            options.relay(),
            RelayObserver.NONE,
            line -> options.log().accept("relay: " + line)),
        List.of());
  }

  /** The rounds of one attack against one relay: what each phase measured, and the sums. */
  private static final class RoundRunner {
    private final Attack attack;
    private final Options options;
    private final RelayNode relay;
    private final PublisherNode publisher;
    private final BenchViewer viewer;
    private final AudioLog audio;
    private final ClientTrust trust;
    private final List<String> tracks;
    private final int rate;
    final PooledPhases quiet = new PooledPhases();
    final PooledPhases attacked = new PooledPhases();
    final Attack.Counts counts = new Attack.Counts();

    RoundRunner(
        Attack attack,
        Options options,
        RelayNode relay,
        PublisherNode publisher,
        BenchViewer viewer,
        ClientTrust trust,
        List<String> tracks,
        int rate) {
      this.attack = attack;
      this.options = options;
      this.relay = relay;
      this.publisher = publisher;
      this.viewer = viewer;
      this.audio = viewer.audio();
      this.trust = trust;
      this.tracks = tracks;
      this.rate = rate;
    }

    /** A measured round: its phases pooled with the others', its attacker's counts added. */
    Round run(int round) throws Exception {
      String name = attack.label() + (options.rounds() > 1 ? ", round " + round : "");
      return play(name, quiet, attacked, counts);
    }

    /** A warm-up round: the same phases, nothing of them kept. */
    void warmUp(int round) throws Exception {
      play(
          attack.label() + ", warm-up round " + round,
          new PooledPhases(),
          new PooledPhases(),
          new Attack.Counts());
    }

    private Round play(
        String name, PooledPhases quietPool, PooledPhases attackPool, Attack.Counts totals)
        throws Exception {
      options.progress().accept(name + ": quiet phase");
      Phase quietPhase = measure(quietPool, () -> {});
      viewer.checkHeard(name + ": quiet phase");
      options.progress().accept(name + ": attack phase, " + rate + " a second");
      Attack.Counts roundCounts = new Attack.Counts();
      Newcomer newcomer = new Newcomer(relay.address(), options, trust, tracks);
      Phase attackPhase;
      AutoCloseable run = startAttack(attack, options, relay.address(), rate, roundCounts);
      try {
        TimeUnit.MICROSECONDS.sleep(options.attackWarmupMicros());
        JitSettling.await(options.settledJitMillis(), name, options.progress());
        attackPhase = measure(attackPool, newcomer::startLater);
      } finally {
        run.close();
        newcomer.end();
        totals.add(roundCounts);
      }
      options.progress().accept(roundSummary(name, quietPhase, attackPhase) + publisherGone());
      return new Round(quietPhase, attackPhase, newcomer.firstAudioMicros(), newcomer.failure());
    }

    /** "; the publisher's session had ended: ..." once it has: no audio was sent after that. */
    private String publisherGone() {
      PublisherNode.Closed closed = publisher.closed().getNow(null);
      return closed == null
          ? ""
          : "; the publisher's session had ended: " + closed.close().describe();
    }

    /**
     * One line per round for the progress log: each phase's p99, the JIT's work, and the audio
     * frames that arrived of those captured.
     */
    private static String roundSummary(String name, Phase quietPhase, Phase attackPhase) {
      return String.format(
          Locale.ROOT,
          "%s: audio p99 quiet %.2f ms, attack %.2f ms; JIT %d ms, %d ms; audio frames %d/%d,"
              + " %d/%d",
          name,
          quietPhase.p99Micros() / 1e3,
          attackPhase.p99Micros() / 1e3,
          quietPhase.jvm().compileMillis(),
          attackPhase.jvm().compileMillis(),
          quietPhase.audioDelivered(),
          quietPhase.audioExpected(),
          attackPhase.audioDelivered(),
          attackPhase.audioExpected());
    }

    /**
     * Measures one phase: the audio captured in it, the relay loop's CPU, and the heap that is live
     * at its end.
     */
    private Phase measure(PooledPhases pooled, Runnable atStart)
        throws IOException, InterruptedException {
      long micros = options.phaseMicros();
      long from = audio.now();
      ThreadTimes relayStart = ThreadTimes.of(relay.loop());
      long handshakeStart = HandshakeThreads.cpuNanos();
      JvmWork jvmStart = JvmWork.sinceStart();
      atStart.run();
      TimeUnit.MICROSECONDS.sleep(micros);
      ThreadTimes relayUsed = ThreadTimes.of(relay.loop()).since(relayStart);
      long handshakeEnd = HandshakeThreads.cpuNanos();
      JvmWork jvmUsed = JvmWork.sinceStart().since(jvmStart);
      long to = from + micros;
      Thread.sleep(1_000); // frames captured at the end still arriving
      System.gc(); // after the measured window: what is live, not the garbage between collections
      long heapLive = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      double cpuPercent = relayUsed.cpuNanos() < 0 ? -1 : relayUsed.cpuNanos() / (micros * 10.0);
      double handshakePercent =
          handshakeStart < 0 || handshakeEnd < 0
              ? -1
              : (handshakeEnd - handshakeStart) / (micros * 10.0);
      long[] latencies = audio.latencies(from, to);
      Phase phase =
          Phase.of(
              latencies,
              micros / AUDIO_INTERVAL_MICROS,
              heapLive,
              cpuPercent,
              handshakePercent,
              jvmUsed);
      pooled.add(latencies, phase);
      return phase;
    }
  }

  /** The attack of one phase: in a process of its own, or on a thread of this one. */
  private static AutoCloseable startAttack(
      Attack attack, Options options, InetSocketAddress relay, int rate, Attack.Counts counts)
      throws IOException {
    if (options.agentCommand().isEmpty()) {
      return AttackThread.start(
          attack,
          ForgingClient.open(
              new InetSocketAddress(options.attacker(), 0), relay, RelayNode.VERSION.alpn()),
          rate,
          counts);
    }
    List<String> command = new ArrayList<>();
    if (options.attackerCpus() != null) {
      command.addAll(options.attackerCpus().commandPrefix());
    }
    command.addAll(options.agentCommand());
    return AgentProcess.start(command, attack, options, relay, rate, counts);
  }
}
