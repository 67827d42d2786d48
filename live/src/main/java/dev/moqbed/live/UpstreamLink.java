package dev.moqbed.live;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.relay.Relay;
import dev.moqbed.session.KeepAlive;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A relay's connection to its upstream relay ({@code relay --upstream}, {@code chain --relays N}):
 * a QUIC client on the relay's own event loop (so the relay stays single-threaded) whose MoQT
 * session the relay treats as the publisher of every namespace it does not know ({@link
 * Relay#startUpstreamSession}). When the connection is lost, subscriptions through it end
 * (PUBLISH_DONE, GOING_AWAY) and the link reconnects every {@code retryMicros} until it is back.
 */
public final class UpstreamLink implements AutoCloseable {
  private static final long READY_TIMEOUT_SECONDS = 10;

  /**
   * How often the link sends a keep-alive (MAX_REQUEST_ID one higher), well inside the 10 s QUIC
   * idle timeout: a link that carries no track yet stays open, where it used to be dropped and
   * reopened every idle timeout, refusing the SUBSCRIBEs that arrived in between. The idle timeout
   * itself stays 10 s rather than the clients' 2 s liveness: a relay link's handshake must not fail
   * on a loaded host, and the link reconnects by itself when it is lost.
   */
  private static final long KEEP_ALIVE_MICROS = 2_000_000;

  private final Relay relay;
  private final EventLoopScheduler relayLoop;
  private final InetSocketAddress upstream;
  private final String serverName;
  private final LiveStack stack;
  private final ClientTrust trust;
  private final Consumer<String> log;
  private final long retryMicros;
  private final ScheduledExecutorService reconnector;
  private volatile ClientEndpoint client;
  private volatile boolean closing;

  private UpstreamLink(
      Relay relay,
      EventLoopScheduler relayLoop,
      InetSocketAddress upstream,
      String serverName,
      LiveStack stack,
      ClientTrust trust,
      Consumer<String> log,
      long retryMicros) {
    this.relay = relay;
    this.relayLoop = relayLoop;
    this.upstream = upstream;
    this.serverName = serverName;
    this.stack = stack;
    this.trust = trust;
    this.log = log;
    this.retryMicros = retryMicros;
    this.reconnector =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "moqbed-upstream-" + upstream);
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * Connects {@code relay} (running on {@code relayLoop}) to the relay at {@code upstream}; returns
   * once the MoQT session is set up, so a SUBSCRIBE arriving next is forwarded.
   *
   * @throws IOException when the upstream does not answer or refuses the session
   */
  public static UpstreamLink connect(
      Relay relay,
      EventLoopScheduler relayLoop,
      InetSocketAddress upstream,
      String serverName,
      LiveStack stack,
      ClientTrust trust,
      Consumer<String> log,
      long retryMicros)
      throws IOException, InterruptedException {
    UpstreamLink link =
        new UpstreamLink(relay, relayLoop, upstream, serverName, stack, trust, log, retryMicros);
    try {
      link.open().get(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      link.close();
      throw new IOException(
          "upstream relay "
              + link.name()
              + ": no MoQT setup within "
              + READY_TIMEOUT_SECONDS
              + " s");
    } catch (ExecutionException e) {
      link.close();
      throw new IOException("upstream relay " + link.name() + ": " + e.getCause().getMessage());
    } catch (IOException e) {
      link.close();
      throw e;
    }
    return link;
  }

  /** Opens one connection; the future completes when its session is ready. */
  private CompletableFuture<Void> open() throws IOException {
    CompletableFuture<Void> ready = new CompletableFuture<>();
    client =
        stack.connect(
            upstream,
            serverName,
            trust,
            LiveChain.VERSION.alpn(),
            connection -> {
              MoqtSession session =
                  relay.startUpstreamSession(
                      connection.transport(),
                      LiveChain.VERSION,
                      relaySession -> new Watched(relaySession, ready));
              KeepAlive.start(relayLoop, session, KEEP_ALIVE_MICROS);
            },
            relayLoop);
    return ready;
  }

  private void scheduleReconnect() {
    if (closing) {
      return;
    }
    reconnector.schedule(
        () -> {
          if (closing) {
            return;
          }
          try {
            ClientEndpoint previous = client;
            if (previous != null) {
              previous.close();
            }
            open().get(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            log.accept("upstream relay " + name() + " connected again");
          } catch (Exception e) {
            log.accept("upstream relay " + name() + " still unreachable: " + e.getMessage());
            scheduleReconnect();
          }
        },
        retryMicros,
        TimeUnit.MICROSECONDS);
  }

  /** HOST:PORT as typed-ish, without the resolver's leading slash. */
  private String name() {
    return upstream.getAddress().getHostAddress() + ":" + upstream.getPort();
  }

  @Override
  public void close() {
    closing = true;
    reconnector.shutdownNow();
    ClientEndpoint current = client;
    if (current != null) {
      current.close();
    }
  }

  /** The relay's upstream session handler, with readiness and loss reported to the link. */
  private final class Watched implements MoqtSessionListener {
    private final MoqtSessionListener relaySession;
    private final CompletableFuture<Void> ready;

    Watched(MoqtSessionListener relaySession, CompletableFuture<Void> ready) {
      this.relaySession = relaySession;
      this.ready = ready;
    }

    @Override
    public void onReady(MoqtSession session) {
      relaySession.onReady(session);
      ready.complete(null);
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      relaySession.onControlMessage(session, message);
    }

    @Override
    public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
      relaySession.onSubgroupStarted(session, reader);
    }

    @Override
    public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
      relaySession.onObject(session, reader, object);
    }

    @Override
    public void onSubgroupEnded(
        MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
      relaySession.onSubgroupEnded(session, reader, reset, errorCode);
    }

    @Override
    public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
      relaySession.onDatagram(session, datagram);
    }

    @Override
    public void onClosed(MoqtSession session, SessionClose close) {
      relaySession.onClosed(session, close);
      ready.completeExceptionally(new IOException("session closed: " + close.describe()));
      if (!closing) {
        log.accept("upstream relay " + name() + " lost (" + close.describe() + ")");
        scheduleReconnect();
      }
    }
  }
}
