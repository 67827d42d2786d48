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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code subscriber} and {@code publisher} say when they cannot start, on real sockets: a
 * silent address, a certificate they do not trust, a token the relay refuses. Each ends with one
 * line that says what to fix, exit code 1, no stack trace, and within seconds: the first connection
 * does not spend the reconnect policy's two minutes on a relay that is not there.
 */
@Tag("network")
class ClientConnectErrorsNetworkTest {
  private static final TokenKey KEY = TokenKey.parse("Y2xpZW50LWVycm9ycy10ZXN0LWtleS0zMi1ieXRlcw");

  /** Exit code, standard error and wall time of one command. */
  private record Result(int exitCode, String err, long millis) {
    /** The last line of standard error: the one the command ends with. */
    String lastLine() {
      List<String> lines = err.lines().toList();
      return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }
  }

  private static Result run(String... args) {
    StringWriter err = new StringWriter();
    long start = System.nanoTime();
    int exitCode =
        MoqbedCommand.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
    return new Result(exitCode, err.toString(), (System.nanoTime() - start) / 1_000_000);
  }

  private static void assertOneLineFailure(Result result) {
    assertEquals(1, result.exitCode(), result.err());
    assertTrue(result.lastLine().startsWith("moqbed: "), result.err());
    assertFalse(result.err().contains("\tat "), "no stack trace: " + result.err());
    assertFalse(result.err().contains("Exception"), "no exception names: " + result.err());
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void noAnswerNamesTheAddressAndFailsWithinSecondsOnBothStacks() throws Exception {
    try (DatagramSocket socket =
        new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      String relay = "127.0.0.1:" + socket.getLocalPort(); // bound: datagrams vanish unanswered
      List<Result> results = new ArrayList<>();
      results.add(run("subscriber", "--relay", relay, "--interval", "0"));
      results.add(run("publisher", "--relay", relay, "--transport", "quiche", "--interval", "0"));
      for (Result result : results) {
        assertOneLineFailure(result);
        assertTrue(
            result.lastLine().startsWith("moqbed: no answer from " + relay + " within "),
            result.err());
        assertTrue(result.lastLine().contains("is a relay running"), result.err());
        // 3 s of attempts, the last one waiting up to the 2 s liveness timeout (slack for a loaded
        // 2-core host); the reconnect policy's budget would be about 100 s.
        assertTrue(result.millis() < 10_000, result.millis() + " ms: " + result.err());
      }
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void anUntrustedCertificateFailsAtOnceNamingTheOptionsThatFixIt(@TempDir Path directory)
      throws Exception {
    try (RelayNode relay = relay(directory, RelayConfig.DEFAULT)) {
      for (String transport : List.of("moqbed", "quiche")) {
        Result result =
            run(
                "subscriber",
                "--relay",
                address(relay),
                "--transport",
                transport,
                "--interval",
                "0");
        assertOneLineFailure(result);
        assertTrue(result.lastLine().contains("certificate is not trusted"), result.err());
        assertTrue(result.lastLine().contains("--relay-cert FILE"), result.err());
        assertTrue(result.lastLine().contains("--insecure"), result.err());
        assertFalse(result.err().contains("attempt"), "a refusal is not tried again");
        assertTrue(result.millis() < 5_000, result.millis() + " ms: " + result.err());
      }
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aRefusedTokenShowsTheRelaysReasonAndWhatToDo(@TempDir Path directory) throws Exception {
    try (RelayNode relay = relay(directory, RelayConfig.builder().authKey(KEY).build())) {
      Result missing =
          run("subscriber", "--relay", address(relay), "--insecure", "--interval", "0");
      assertOneLineFailure(missing);
      assertTrue(missing.lastLine().contains("no token in CLIENT_SETUP"), missing.err());
      assertTrue(missing.lastLine().contains("--token TOKEN or --token-file FILE"), missing.err());
      assertFalse(missing.err().contains("publisher"), "no blame on a publisher: " + missing.err());
      assertTrue(missing.millis() < 5_000, missing.millis() + " ms");

      Result malformed =
          run(
              "publisher",
              "--relay",
              address(relay),
              "--insecure",
              "--token",
              "abc",
              "--interval",
              "0");
      assertOneLineFailure(malformed);
      assertTrue(malformed.lastLine().contains("token malformed"), malformed.err());
      assertTrue(malformed.lastLine().contains("pass it whole"), malformed.err());

      Result elsewhere =
          run(
              "subscriber",
              "--relay",
              address(relay),
              "--insecure",
              "--token",
              token(TokenRole.SUBSCRIBE, "other"),
              "--interval",
              "0");
      assertOneLineFailure(elsewhere);
      assertTrue(elsewhere.lastLine().contains("wrong_namespace"), elsewhere.err());
      assertTrue(elsewhere.lastLine().contains("--subscribe live"), elsewhere.err());
      assertFalse(elsewhere.lastLine().contains("publisher"), elsewhere.err());
    }
  }

  private static String token(TokenRole role, String namespace) {
    long inAnHour = System.currentTimeMillis() / 1000 + 3600;
    return SignedTokens.issue(TokenGrant.of(role, namespace, inAnHour), KEY);
  }

  private static RelayNode relay(Path directory, RelayConfig config) throws Exception {
    return RelayNode.start(
        new RelayNode.Config(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            LiveStack.of(LiveTransport.MOQBED, "c4"),
            ServerCertificate.selfSigned(directory),
            ServerAdmission.DEFAULT,
            config,
            RelayObserver.NONE,
            line -> {}),
        List.of());
  }

  private static String address(RelayNode relay) {
    return "127.0.0.1:" + relay.address().getPort();
  }
}
