package dev.moqbed.benchmarks.transport;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.HandshakeCrypto;
import dev.moqbed.transport.tls.KeyShareGroup;
import dev.moqbed.transport.tls.QuicEndpoint;
import dev.moqbed.transport.tls.QuicEndpointFactory;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What a relay's side of one QUIC handshake costs, in memory, with the relay's own certificate (a
 * self-signed ECDSA P-256 one, as {@code relay} makes) and the project's client, per variant: whose
 * code does the server's public-key work ({@code crypto}: {@link HandshakeCrypto}) and the group of
 * the client's one key share ({@code keyShare}: P-256, the project's client's default, or X25519,
 * what browsers and quiche send):
 *
 * <ul>
 *   <li>{@code clientHello}: the server connection made, and the client's first datagram (its
 *       ClientHello) processed: the server's key pair, the shared secret, the CertificateVerify
 *       signature. On the relay this was one task of its event loop; it now runs on the endpoint's
 *       handshake thread ({@code HandshakeOffload}).
 *   <li>{@code wholeHandshake}: both ends until both are ready; the client's part included, so the
 *       server's rest is the difference's upper bound.
 * </ul>
 *
 * <p>Time per operation and, with {@code -prof gc}, bytes allocated per operation ({@code
 * gc.alloc.rate.norm}); printed by JMH, never asserted. On a host shared with other work the
 * wall-clock time per operation says little; {@link #main} prints each operation's CPU time instead
 * (the thread's own, which other processes do not inflate as much), every variant in the same JVM,
 * in interleaved rounds so that a change of load falls on all of them: {@code java -cp
 * benchmarks.jar dev.moqbed.benchmarks.transport.ServerHandshakeBenchmark [warm-up] [measured]
 * [rounds]}. docs/results/handshake-cost-2026-12-07.md records them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ServerHandshakeBenchmark {
  private static final String ALPN = "moq-00";
  private static final long STEP_MICROS = 1_000;

  @Param({"BOUNCY_CASTLE", "JDK"})
  public HandshakeCrypto crypto;

  @Param({"SECP256R1", "X25519"})
  public KeyShareGroup keyShare;

  private ServerTlsContext tls;
  private ControllerFactory controllers;
  private long run;
  private QuicEndpoint client;
  private ConnectionIds ids;
  private byte[] clientHello;

  @Setup(Level.Trial)
  public void certificate() throws IOException {
    ServerCertificate certificate =
        ServerCertificate.selfSigned(Files.createTempDirectory("moqbed-handshake-bench"));
    tls =
        ServerTlsContext.fromPemFiles(
            certificate.certificateFile(), certificate.keyFile(), List.of(ALPN), crypto);
    controllers = ControllerRegistry.standard().parse("c4");
  }

  @TearDown(Level.Trial)
  public void close() {
    tls.close();
  }

  /** A new client and its first datagram, outside the measured time. */
  @Setup(Level.Invocation)
  public void newClient() {
    ids = ConnectionIds.randomForClient(new SplittableRandom(++run));
    client =
        QuicEndpointFactory.client(
            ConnectionConfig.picoquic(Role.CLIENT),
            ClientTlsConfig.of("localhost", List.of(ALPN), ServerTrust.insecure())
                .withKeyShare(keyShare),
            ids,
            controllers,
            new SplittableRandom(run),
            0);
    client.connection().setHandler(new ConnectionHandler() {});
    ByteBuffer first = client.poll(0);
    clientHello = new byte[first.remaining()];
    first.get(clientHello);
  }

  private QuicEndpoint server() {
    QuicEndpoint server =
        QuicEndpointFactory.server(
            ConnectionConfig.picoquic(Role.SERVER),
            tls,
            ids.peer(),
            ids.remote(),
            controllers,
            new SplittableRandom(run),
            0);
    server.connection().setHandler(new ConnectionHandler() {});
    return server;
  }

  @Benchmark
  public QuicEndpoint clientHello() {
    QuicEndpoint server = server();
    server.receive(0, ByteBuffer.wrap(clientHello), EcnMark.NOT_ECT);
    return server;
  }

  @Benchmark
  public boolean wholeHandshake() {
    QuicEndpoint server = server();
    server.receive(0, ByteBuffer.wrap(clientHello), EcnMark.NOT_ECT);
    for (long now = STEP_MICROS; now < 1_000_000; now += STEP_MICROS) {
      deliver(server, client, now);
      deliver(client, server, now);
      if (client.connection().isReady() && server.connection().isReady()) {
        return true;
      }
    }
    throw new IllegalStateException("the handshake did not complete");
  }

  private static void deliver(QuicEndpoint from, QuicEndpoint to, long now) {
    ByteBuffer datagram;
    while ((datagram = from.poll(now)) != null) {
      byte[] copy = new byte[datagram.remaining()]; // the sender may reuse its buffer
      datagram.get(copy);
      to.receive(now, ByteBuffer.wrap(copy), EcnMark.NOT_ECT);
    }
  }

  /**
   * CPU time of each operation on this thread, after a warm-up: median, 90th percentile and
   * largest, in ms, per variant (arguments: warm-up and measured operations per round, 300 and 100
   * by default, and rounds, 3). Each round runs every variant in turn.
   */
  public static void main(String[] args) throws IOException {
    int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    int measured = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    List<ServerHandshakeBenchmark> variants = new java.util.ArrayList<>();
    for (HandshakeCrypto crypto : HandshakeCrypto.values()) {
      for (KeyShareGroup group : KeyShareGroup.values()) {
        ServerHandshakeBenchmark bench = new ServerHandshakeBenchmark();
        bench.crypto = crypto;
        bench.keyShare = group;
        bench.certificate();
        variants.add(bench);
      }
    }
    java.util.Map<String, long[]> cpu = new java.util.LinkedHashMap<>();
    try {
      for (ServerHandshakeBenchmark bench : variants) {
        cpuPerOperation(bench, bench::clientHello, warmup);
        cpuPerOperation(bench, bench::wholeHandshake, warmup);
      }
      for (int round = 0; round < rounds; round++) {
        for (ServerHandshakeBenchmark bench : variants) {
          record(
              cpu, bench.name("clientHello"), cpuPerOperation(bench, bench::clientHello, measured));
          record(
              cpu,
              bench.name("wholeHandshake"),
              cpuPerOperation(bench, bench::wholeHandshake, measured));
        }
      }
    } finally {
      variants.forEach(ServerHandshakeBenchmark::close);
    }
    cpu.forEach((name, nanos) -> print(name, nanos));
  }

  private String name(String operation) {
    return operation + " " + crypto + " " + keyShare;
  }

  private static void record(java.util.Map<String, long[]> cpu, String name, long[] nanos) {
    long[] before = cpu.getOrDefault(name, new long[0]);
    long[] joined = Arrays.copyOf(before, before.length + nanos.length);
    System.arraycopy(nanos, 0, joined, before.length, nanos.length);
    cpu.put(name, joined);
  }

  private static long[] cpuPerOperation(
      ServerHandshakeBenchmark bench, Supplier<?> operation, int operations) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[] nanos = new long[operations];
    for (int i = 0; i < operations; i++) {
      bench.newClient();
      long start = threads.getCurrentThreadCpuTime();
      operation.get();
      nanos[i] = threads.getCurrentThreadCpuTime() - start;
    }
    return nanos;
  }

  private static void print(String name, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    System.out.printf(
        Locale.ROOT,
        "%-40s CPU per operation median %.2f ms, p90 %.2f ms, max %.2f ms (%d operations)%n",
        name,
        sorted[sorted.length / 2] / 1e6,
        sorted[(int) (sorted.length * 0.9)] / 1e6,
        sorted[sorted.length - 1] / 1e6,
        sorted.length);
  }
}
