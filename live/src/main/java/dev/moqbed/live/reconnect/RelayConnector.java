package dev.moqbed.live.reconnect;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.ConnectFailure;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.SharedEventLoops;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.KeepAlive;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.ReceiveBudget;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.TransportConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A client's connection to its relay, which notices quickly when the relay is gone and, with a
 * {@link ReconnectPolicy}, connects again. The role (publisher or subscriber) stays the same object
 * on the same event loop across connections: each new connection runs on this connector's loop and
 * gets a new MoQT session whose listener is the role.
 *
 * <p>Noticing: QUIC's idle timeout is set to the liveness timeout (default 2 s; the smaller of the
 * two ends' values applies), and a {@link KeepAlive} sends a frame the relay must acknowledge four
 * times per timeout, so a live relay always answers in time and a dead one (or one that restarted
 * and forgot the connection: Netty's server sends no stateless reset) ends the connection within
 * the timeout, media or no media. A relay that closes the connection is noticed at once.
 *
 * <p>The role decides whether a lost session is worth a reconnect (its {@code onDisconnected}
 * event); the program then calls {@link #reconnect(String)}. Connecting blocks (the QUIC
 * handshake), so it runs on a thread of its own, never on the loop.
 */
public final class RelayConnector implements AutoCloseable {
  /**
   * Where the relay is and how to reach it.
   *
   * @param setupToken presented in every connection's CLIENT_SETUP (the roles also put it on each
   *     request): a relay with a key refuses a bad one at once, before the session asks for
   *     anything
   */
  public record Target(
      InetSocketAddress address,
      String serverName,
      LiveStack stack,
      ClientTrust trust,
      MoqtVersion version,
      AuthorizationToken setupToken) {
    public Target {
      java.util.Objects.requireNonNull(setupToken, "setupToken");
    }

    /** A target without a token. */
    public Target(
        InetSocketAddress address,
        String serverName,
        LiveStack stack,
        ClientTrust trust,
        MoqtVersion version) {
      this(address, serverName, stack, trust, version, AuthorizationToken.NONE);
    }
  }

  /** 2 s: noticed ten times sooner than the 10 s idle timeout, and far above any real RTT. */
  public static final long DEFAULT_LIVENESS_MICROS = 2_000_000;

  /** The shortest liveness timeout: a quarter of it between keep-alives stays above any RTT. */
  public static final long MIN_LIVENESS_MICROS = 100_000;

  private final Target target;
  private final long livenessMicros;
  private final ReconnectPolicy policy;
  private final Consumer<String> log;
  private final SharedEventLoops loops;
  private final EventLoopScheduler loop;
  private final ExecutorService connecting;
  private MoqtSessionListener role;
  private Consumer<String> onGiveUp;
  private volatile ClientEndpoint client;
  private volatile TransportConnection transport; // the latest connection's
  private volatile boolean closed;
  // On the loop: the attempt under way (0 while connected), when the session was lost.
  private int attempt;
  private long lostAtMicros;

  private RelayConnector(
      Target target,
      long livenessMicros,
      ReconnectPolicy policy,
      Consumer<String> log,
      SharedEventLoops loops) {
    this.target = target;
    this.livenessMicros = livenessMicros;
    this.policy = policy;
    this.log = log;
    this.loops = loops;
    this.loop = loops.next();
    this.connecting =
        Executors.newSingleThreadExecutor(
            task -> {
              Thread thread = new Thread(task, "moqbed-reconnect");
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * A connector with its event loop, not connected yet: make the role on {@link #scheduler()}, then
   * {@link #start}.
   *
   * @param policy how to reconnect; null never to
   * @param log one line per reconnect attempt and its outcome
   */
  public static RelayConnector open(
      Target target, long livenessMicros, ReconnectPolicy policy, Consumer<String> log)
      throws IOException {
    if (livenessMicros < MIN_LIVENESS_MICROS) {
      throw new IllegalArgumentException("--liveness-timeout must be at least 100ms");
    }
    return new RelayConnector(target, livenessMicros, policy, log, SharedEventLoops.start(1));
  }

  /** The loop every connection and the role run on. */
  public EventLoopScheduler scheduler() {
    return loop;
  }

  /** The path of the latest connection as its sending side sees it; call on the loop. */
  public PathStats pathStats() {
    TransportConnection current = transport;
    return current == null ? PathStats.UNKNOWN : current.pathStats();
  }

  /** The local UDP port of the latest connection; -1 before the first. */
  public int localPort() {
    ClientEndpoint current = client;
    return current == null ? -1 : current.localPort();
  }

  /** Whether lost sessions are followed by reconnect attempts. */
  public boolean reconnects() {
    return policy != null;
  }

  /**
   * How long the first connection keeps starting attempts at a relay that does not answer (one
   * starting at the same moment): a mistyped address fails within seconds, not after the whole
   * reconnect policy. Each attempt waits up to the liveness timeout for an answer.
   */
  static final long FIRST_CONNECT_BUDGET_MICROS = 3_000_000;

  /**
   * Connects for the first time (blocking) and hands the session to {@code role} once its MoQT
   * setup is done. With a policy, a relay that does not answer yet (still starting) is tried again
   * while {@link #FIRST_CONNECT_BUDGET_MICROS} lasts, one line per attempt; a refusal (an untrusted
   * certificate, the relay closing the handshake or the session's setup, a token it refuses) is
   * thrown at once, as is the last failure, each in words that say what to fix ({@link
   * ConnectFailure}, {@link SessionRefused}). The policy's full patience is for sessions lost after
   * a first one worked ({@link #reconnect}).
   *
   * @param onGiveUp called on the loop with the reason when the last attempt after a loss failed
   */
  public void start(MoqtSessionListener role, Consumer<String> onGiveUp) throws IOException {
    this.role = role;
    this.onGiveUp = onGiveUp;
    long startNanos = System.nanoTime();
    for (int k = 1; ; k++) {
      try {
        client = connectFirst();
        return;
      } catch (IOException e) {
        long elapsedMicros = (System.nanoTime() - startNanos) / 1_000;
        long delayMicros = policy == null ? 0 : policy.delayMicros(k);
        if (policy == null
            || k >= policy.maxAttempts()
            || isRefusal(e)
            || elapsedMicros + delayMicros > FIRST_CONNECT_BUDGET_MICROS) {
          throw lastFirstFailure(e, k, elapsedMicros);
        }
        log.accept(
            "connect attempt "
                + k
                + " to "
                + ConnectFailure.addressText(target.address())
                + " failed ("
                + briefly(e)
                + "); next in "
                + delayMicros / 1000
                + " ms");
        try {
          TimeUnit.MICROSECONDS.sleep(delayMicros);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /** One attempt of the first connection: the QUIC handshake, then the MoQT setup. */
  private ClientEndpoint connectFirst() throws IOException {
    SetupWatch watch = new SetupWatch(role, target.address());
    ClientEndpoint connected = connectOnce(watch);
    try {
      watch.setUp.get(FIRST_CONNECT_BUDGET_MICROS, TimeUnit.MICROSECONDS);
      return connected;
    } catch (ExecutionException e) {
      connected.close();
      throw e.getCause() instanceof IOException refused ? refused : new IOException(e.getCause());
    } catch (TimeoutException e) {
      connected.close();
      throw new IOException(
          "the relay at "
              + ConnectFailure.addressText(target.address())
              + " completed the QUIC handshake but sent no SERVER_SETUP within "
              + FIRST_CONNECT_BUDGET_MICROS / 1_000_000
              + " s: is it a MoQT relay (ALPN "
              + target.version().alpn()
              + ")?",
          e);
    } catch (InterruptedException e) {
      connected.close();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for the relay's SERVER_SETUP", e);
    }
  }

  /** A failed attempt for its log line: "no answer" alone (the last line says what to check). */
  private static String briefly(Exception failure) {
    return failure instanceof ConnectFailure connect
            && connect.kind() == ConnectFailure.Kind.NO_ANSWER
        ? "no answer"
        : failure.getMessage();
  }

  private static boolean isRefusal(IOException failure) {
    return (failure instanceof ConnectFailure connect && connect.isRefusal())
        || (failure instanceof SessionRefused session && session.isRefusal());
  }

  /**
   * The failure the first connection ends with: when nothing ever answered, how long and how often
   * it tried and what to check; otherwise the last failure as it is.
   */
  private IOException lastFirstFailure(IOException last, int attempts, long elapsedMicros) {
    if (!(last instanceof ConnectFailure failure)
        || failure.kind() != ConnectFailure.Kind.NO_ANSWER) {
      return last;
    }
    return new ConnectFailure(
        ConnectFailure.Kind.NO_ANSWER,
        target.address(),
        String.format(
            java.util.Locale.ROOT,
            "no answer from %s within %.1f s%s: is a relay running at that address and port?"
                + " (QUIC runs over UDP, which a firewall may drop silently)",
            ConnectFailure.addressText(target.address()),
            elapsedMicros / 1e6,
            attempts == 1 ? "" : " (" + attempts + " attempts)"),
        last);
  }

  /**
   * The role lost its session: the next attempt after the policy's delay, or give up. Call on the
   * loop.
   */
  public void reconnect(String reason) {
    if (closed || policy == null) {
      return;
    }
    if (attempt == 0) {
      lostAtMicros = loop.nowMicros();
    }
    attempt++;
    if (attempt > policy.maxAttempts()) {
      log.accept(
          "giving up: relay "
              + ConnectFailure.addressText(target.address())
              + " lost ("
              + reason
              + "), "
              + policy.maxAttempts()
              + " reconnect attempts failed");
      onGiveUp.accept("relay lost: " + reason);
      return;
    }
    int thisAttempt = attempt;
    long delayMicros = policy.delayMicros(thisAttempt);
    connecting.execute(() -> attempt(thisAttempt, delayMicros, reason));
  }

  private void attempt(int thisAttempt, long delayMicros, String reason) {
    try {
      TimeUnit.MICROSECONDS.sleep(delayMicros);
    } catch (InterruptedException e) {
      return; // closing
    }
    if (closed) {
      return;
    }
    ClientEndpoint old = client;
    if (old != null) {
      old.close();
    }
    String prefix =
        "reconnect attempt "
            + thisAttempt
            + "/"
            + policy.maxAttempts()
            + " to "
            + ConnectFailure.addressText(target.address())
            + " after "
            + delayMicros / 1000
            + " ms: ";
    try {
      client = connect();
      loop.execute(
          () -> {
            log.accept(
                prefix
                    + "connected, "
                    + String.format(
                        java.util.Locale.ROOT, "%.2f", (loop.nowMicros() - lostAtMicros) / 1e6)
                    + " s after the loss ("
                    + reason
                    + ")");
            attempt = 0;
          });
    } catch (IOException | RuntimeException e) {
      client = null;
      loop.execute(
          () -> {
            log.accept(prefix + "failed (" + briefly(e) + ")");
            reconnect(reason);
          });
    }
  }

  private ClientEndpoint connect() throws IOException {
    return connectOnce(role);
  }

  private ClientEndpoint connectOnce(MoqtSessionListener listener) throws IOException {
    return target
        .stack()
        .withIdleTimeout(livenessMicros)
        .connect(
            target.address(),
            target.serverName(),
            target.trust(),
            target.version().alpn(),
            connection -> {
              MoqtSession opened =
                  MoqtSession.client(
                      connection.transport(),
                      listener,
                      target.version(),
                      target.setupToken().parameters(),
                      MoqtLimits.DEFAULT,
                      ReceiveBudget.UNLIMITED);
              transport = connection.transport();
              KeepAlive.start(loop, opened, livenessMicros / 4);
            },
            loop);
  }

  @Override
  public void close() {
    closed = true;
    connecting.shutdownNow();
    ClientEndpoint current = client;
    if (current != null) {
      current.close();
    }
    loops.close();
  }
}
