package dev.moqbed.live.attack;

import dev.moqbed.live.LiveChain;
import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.fanout.ThreadTimes;
import dev.moqbed.live.node.PublisherNode;
import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.node.SubscriberNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.subscriber.SubscriberConfig;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
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
  private static final String AUDIO = "a1";
  private static final long AUDIO_INTERVAL_MICROS = 20_000;
  private static final long NEWCOMER_DELAY_MILLIS = 1_000;

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
      Consumer<String> progress) {
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
   */
  public record Phase(
      long audioExpected,
      long audioDelivered,
      long p50Micros,
      long p99Micros,
      long heapLiveBytes,
      double relayCpuPercent) {
    public double deliveredPercent() {
      return audioExpected == 0
          ? 0
          : 100.0 * Math.min(audioDelivered, audioExpected) / audioExpected;
    }
  }

  /**
   * One attack's result.
   *
   * @param newcomerMicros from the newcomer's start to its first audio frame, -1 when none came
   * @param newcomerFailure why the newcomer got nothing, or null
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
      Phase quiet,
      Phase attacked,
      long newcomerMicros,
      String newcomerFailure,
      long steps,
      long refused,
      long forgedDatagrams,
      long attackerBytesSent,
      long attackerBytesReceived) {}

  private AttackBench() {}

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
    AudioLog audio = new AudioLog();
    long mediaMicros =
        options.warmupMicros()
            + 2 * options.phaseMicros()
            + options.attackWarmupMicros()
            + 5_000_000;
    try (RelayNode relay = startRelay(options, certificate);
        PublisherNode publisher =
            PublisherNode.start(
                new PublisherNode.Config(
                    relay.address(),
                    options.stack(),
                    trust,
                    new PublisherConfig("live", media, mediaMicros, false, 500_000),
                    object -> {},
                    options.log()));
        SubscriberNode viewer =
            SubscriberNode.start(
                new SubscriberNode.Config(
                    relay.address(),
                    options.stack(),
                    trust,
                    new SubscriberConfig("live", tracks, 250_000, Set.of(), 0, 2_000_000),
                    null,
                    audio::record,
                    "subscriber",
                    options.log()))) {
      publisher.awaitAnnounced(10);
      viewer.awaitAnswered(10);
      publisher.startMedia();
      TimeUnit.MICROSECONDS.sleep(options.warmupMicros()); // the JIT compiles the media path
      options.progress().accept(attack.label() + ": quiet phase");
      Phase quiet = measure(audio, relay, options.phaseMicros(), () -> {});
      options.progress().accept(attack.label() + ": attack phase, " + rate + " a second");
      Attack.Counts counts = new Attack.Counts();
      Newcomer newcomer = new Newcomer(relay.address(), options, trust, tracks);
      Phase attacked;
      AutoCloseable run = startAttack(attack, options, relay.address(), rate, counts);
      try {
        TimeUnit.MICROSECONDS.sleep(options.attackWarmupMicros());
        attacked = measure(audio, relay, options.phaseMicros(), newcomer::startLater);
      } finally {
        run.close();
        newcomer.end();
      }
      return new Row(
          attack.label(),
          attack.description(),
          rate,
          quiet,
          attacked,
          newcomer.firstAudioMicros(),
          newcomer.failure(),
          counts.actions,
          counts.refused,
          counts.datagrams,
          counts.bytesSent,
          counts.bytesReceived);
    }
  }

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

  /**
   * Measures one phase: the audio captured in it, the relay loop's CPU, and the heap that is live
   * at its end.
   */
  private static Phase measure(AudioLog audio, RelayNode relay, long micros, Runnable atStart)
      throws IOException, InterruptedException {
    long from = audio.now();
    ThreadTimes relayStart = ThreadTimes.of(relay.loop());
    atStart.run();
    TimeUnit.MICROSECONDS.sleep(micros);
    ThreadTimes relayUsed = ThreadTimes.of(relay.loop()).since(relayStart);
    long to = from + micros;
    Thread.sleep(1_000); // frames captured at the end still arriving
    System.gc(); // after the measured window: what is live, not the garbage between collections
    long heapLive = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    double cpuPercent = relayUsed.cpuNanos() < 0 ? -1 : relayUsed.cpuNanos() / (micros * 10.0);
    return audio.phase(from, to, (to - from) / AUDIO_INTERVAL_MICROS, heapLive, cpuPercent);
  }

  /** The newcomer: a subscriber that joins during the attack, from the viewer's address. */
  private static final class Newcomer {
    private final InetSocketAddress relay;
    private final Options options;
    private final ClientTrust trust;
    private final List<String> tracks;
    private final CompletableFuture<Long> firstAudio = new CompletableFuture<>();
    private volatile SubscriberNode node;
    private volatile String failure;
    private Thread thread;

    Newcomer(InetSocketAddress relay, Options options, ClientTrust trust, List<String> tracks) {
      this.relay = relay;
      this.options = options;
      this.trust = trust;
      this.tracks = tracks;
    }

    void startLater() {
      thread = new Thread(this::join, "moqbed-attack-newcomer");
      thread.setDaemon(true);
      thread.start();
    }

    private void join() {
      try {
        Thread.sleep(NEWCOMER_DELAY_MILLIS);
        long start = System.nanoTime();
        node =
            SubscriberNode.start(
                new SubscriberNode.Config(
                    relay,
                    options.stack(),
                    trust,
                    new SubscriberConfig("live", tracks, 250_000, Set.of(), 0, 2_000_000),
                    null,
                    frame -> {
                      if (frame.track().equals(AUDIO)) {
                        firstAudio.complete((System.nanoTime() - start) / 1_000);
                      }
                    },
                    "newcomer",
                    options.log()));
      } catch (Exception e) {
        failure = e.getMessage();
      }
    }

    long firstAudioMicros() {
      return firstAudio.getNow(-1L);
    }

    String failure() {
      return firstAudio.isDone() ? null : failure != null ? failure : "no audio within the phase";
    }

    /** Waits for its start to end and closes it. */
    void end() throws InterruptedException {
      if (thread != null) {
        thread.join(5_000);
      }
      if (node != null) {
        node.close();
      }
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
    return AgentProcess.start(options.agentCommand(), attack, options, relay, rate, counts);
  }
}
