package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.relay.auth.SignedTokens;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.relay.auth.TokenRole;
import dev.moqbed.relay.auth.TokenScope;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code publisher} and {@code subscriber} on real sockets, in this process: a run through a relay
 * that requires tokens ends with both tables, exit code 0 and the frames file; a subscriber that
 * cannot connect closes its {@code --out} file and its collector's stream before it reports why.
 */
@Tag("network")
class ClientCommandsNetworkTest {
  private static final TokenKey KEY = TokenKey.parse("Y2xpZW50LWNvbW1hbmRzLXRlc3Qta2V5LWNsaWVudHM");

  /** The frames file's first line, as documented (docs/live.md). */
  private static final String HEADER =
      "track,group,object,kind,size_bytes,capture_us,arrival_us,latency_us,relay_arrivals_us\n";

  /** Exit code, standard output and standard error of one command. */
  private record Result(int exitCode, String out, String err) {}

  /** Runs a command in this process; {@code err} can be read while it runs. */
  private static Result run(StringWriter err, String... args) {
    StringWriter out = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void publisherAndSubscriberRunThroughARelayWithTokens(@TempDir Path directory) throws Exception {
    Path frames = directory.resolve("frames.csv");
    try (RelayNode relay = relay(directory)) {
      String address = "127.0.0.1:" + relay.address().getPort();
      String token = token();
      StringWriter publisherErr = new StringWriter();
      CompletableFuture<Result> published =
          CompletableFuture.supplyAsync(
              () ->
                  run(
                      publisherErr,
                      "publisher",
                      "--relay",
                      address,
                      "--insecure",
                      "--token",
                      token,
                      "--duration",
                      "3s"));
      awaitText(publisherErr, "accepted by");
      Result subscriber =
          run(
              new StringWriter(),
              "subscriber",
              "--relay",
              address,
              "--insecure",
              "--token",
              token,
              "--out",
              frames.toString());
      Result publisher = published.get(60, TimeUnit.SECONDS);

      assertEquals(0, publisher.exitCode(), publisher.err());
      assertTrue(
          publisher.err().contains("publisher: connected to " + address + ", publishing for 3 s"),
          publisher.err());
      assertTrue(publisher.out().contains("[  0.0-  1.0 s]"), publisher.out());
      assertTrue(publisher.out().contains("summary"), publisher.out());
      assertTrue(publisher.out().contains("objects_sent"), publisher.out());

      assertEquals(0, subscriber.exitCode(), subscriber.err());
      assertTrue(
          subscriber.err().contains("subscriber: connected to " + address + "; clock offset 0"),
          subscriber.err());
      assertFalse(subscriber.err().contains("reconnect"), subscriber.err());
      assertTrue(subscriber.out().contains("summary"), subscriber.out());
      assertTrue(subscriber.out().contains("Latency per hop"), subscriber.out());
      List<String> rows = Files.readAllLines(frames);
      assertEquals(HEADER.strip(), rows.get(0));
      long audio = rows.stream().filter(row -> row.startsWith("a1,")).count();
      assertTrue(audio > 50, audio + " audio rows");
      assertTrue(Files.exists(directory.resolve("frames.hlog")), "the latency log beside it");
      assertEquals(0, descriptorsOf(frames), "the frames file is closed");
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aSubscriberThatCannotConnectClosesItsFramesFileAndCollector(@TempDir Path directory)
      throws Exception {
    Path frames = directory.resolve("frames.csv");
    try (DatagramSocket silent =
            new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        ServerSocket collector = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread reading = readEverything(collector);
      Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
      Result result =
          run(
              new StringWriter(),
              "subscriber",
              "--relay",
              "127.0.0.1:" + silent.getLocalPort(),
              "--insecure",
              "--interval",
              "0",
              "--out",
              frames.toString(),
              "--collect",
              "127.0.0.1:" + collector.getLocalPort());

      assertEquals(1, result.exitCode(), result.err());
      assertTrue(result.err().contains("moqbed: no answer from"), result.err());
      assertEquals(HEADER, Files.readString(frames), "the header written and flushed");
      assertEquals(0, descriptorsOf(frames), "the frames file is closed");
      assertNoNewThreads(before);
      reading.join(5_000);
      assertFalse(reading.isAlive(), "the collector's stream was closed");
    }
  }

  /** Accepts one connection and reads it to its end, on a thread of its own. */
  private static Thread readEverything(ServerSocket server) {
    Thread thread =
        new Thread(
            () -> {
              try (Socket socket = server.accept();
                  InputStream in = socket.getInputStream()) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
              } catch (IOException e) {
                // the test ends
              }
            },
            "test-collector");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private static void awaitText(StringWriter writer, String text) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!writer.toString().contains(text)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no '" + text + "' in: " + writer);
      }
      Thread.sleep(20);
    }
  }

  /** One token for both roles, as an operator would issue it for a test. */
  private static String token() {
    return SignedTokens.issue(
        new TokenGrant(
            List.of(
                TokenScope.of(TokenRole.PUBLISH, "live"),
                TokenScope.of(TokenRole.SUBSCRIBE, "live")),
            Instant.now().getEpochSecond() + 600),
        KEY);
  }

  private static RelayNode relay(Path directory) throws Exception {
    return RelayNode.start(
        new RelayNode.Config(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            LiveStack.of(LiveTransport.MOQBED, "c4"),
            ServerCertificate.selfSigned(directory),
            ServerAdmission.DEFAULT,
            RelayConfig.builder().authKey(KEY).build(),
            RelayObserver.NONE,
            line -> {}),
        List.of());
  }

  /** How many of this process's file descriptors point at {@code file}. */
  private static long descriptorsOf(Path file) throws IOException {
    Path real = file.toRealPath();
    try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
      return descriptors
          .filter(
              fd -> {
                try {
                  return Files.readSymbolicLink(fd).equals(real);
                } catch (IOException e) {
                  return false; // closed between the listing and the read
                }
              })
          .count();
    }
  }

  /** Every thread the command started has ended (a loop shuts down within its quiet period). */
  private static void assertNoNewThreads(Set<Thread> before) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    Set<String> left = Set.of();
    while (System.nanoTime() < deadline) {
      left =
          Thread.getAllStackTraces().keySet().stream()
              .filter(thread -> !before.contains(thread) && thread.isAlive())
              .filter(thread -> !thread.getName().startsWith("globalEventExecutor"))
              .map(Thread::getName)
              .collect(Collectors.toSet());
      if (left.isEmpty()) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("threads left after a failed start: " + left);
  }
}
