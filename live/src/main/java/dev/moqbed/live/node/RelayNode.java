package dev.moqbed.live.node;

import dev.moqbed.live.stack.LiveConnection;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.live.stack.ServerEndpoint;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayGroup;
import dev.moqbed.relay.RelayObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A relay on real QUIC that owns its lifecycle: {@link #start} binds the socket, makes the {@link
 * Relay}, and attaches its observers and links in order (metrics, trace, upstream relay, samplers,
 * interval reports: each a {@link Attachment}); {@link #close} detaches them in reverse order and
 * closes the socket last. When a step of the start fails, what the earlier steps opened is closed
 * before the failure is thrown: no thread, socket or file stays behind.
 */
public final class RelayNode implements AutoCloseable {
  /**
   * What a relay node is.
   *
   * @param listen the address to bind (port 0: an ephemeral one)
   * @param stack the QUIC stack and the relays' controller
   * @param certificate the server certificate
   * @param admission who the project's stack lets start a handshake, and when it asks for a Retry
   * @param relay the relay's limits
   * @param observer the relay's events go here (metrics, interval probes), or {@link
   *     RelayObserver#NONE}
   * @param log the relay's log lines
   * @param loops event loops, each with its own socket on the port and its own relay, joined in a
   *     {@link RelayGroup} (the project's stack only; 1 on quiche)
   */
  public record Config(
      InetSocketAddress listen,
      LiveStack stack,
      ServerCertificate certificate,
      ServerAdmission admission,
      RelayConfig relay,
      RelayObserver observer,
      Consumer<String> log,
      int loops) {
    /** A relay on one event loop. */
    public Config(
        InetSocketAddress listen,
        LiveStack stack,
        ServerCertificate certificate,
        ServerAdmission admission,
        RelayConfig relay,
        RelayObserver observer,
        Consumer<String> log) {
      this(listen, stack, certificate, admission, relay, observer, log, 1);
    }

    public Config {
      if (loops < 1) {
        throw new IllegalArgumentException("--loops " + loops + ": expected at least 1");
      }
      Objects.requireNonNull(listen, "listen");
      Objects.requireNonNull(stack, "stack");
      Objects.requireNonNull(certificate, "certificate");
      Objects.requireNonNull(admission, "admission");
      Objects.requireNonNull(relay, "relay");
      Objects.requireNonNull(observer, "observer");
      Objects.requireNonNull(log, "log");
    }
  }

  /** Something that runs beside the relay, from its start to its close. */
  @FunctionalInterface
  public interface Attachment {
    /**
     * Attaches to the started relay; returns what detaches it (null: nothing to undo).
     *
     * @param relays the relay of each loop (one with {@code --loops 1}); an upstream link runs on
     *     the first
     * @param loops the loops, in the same order
     * @throws IOException when it cannot start; the node then closes what it opened
     */
    AutoCloseable attach(RelayGroup relays, List<EventLoopScheduler> loops)
        throws IOException, InterruptedException;
  }

  /** The MoQT version the relay speaks. */
  public static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;

  private final Closer closer;
  private final RelayGroup group;
  private final ServerEndpoint server;

  private RelayNode(Closer closer, RelayGroup group, ServerEndpoint server) {
    this.closer = closer;
    this.group = group;
    this.server = server;
  }

  /**
   * Binds, starts the relay and attaches {@code attachments} in order.
   *
   * @throws IOException when the address cannot be bound or an attachment cannot start, after
   *     closing everything opened so far
   * @throws InterruptedException when interrupted while an attachment starts (a link to an upstream
   *     relay), after the same
   */
  public static RelayNode start(Config config, List<Attachment> attachments)
      throws IOException, InterruptedException {
    Closer closer = new Closer();
    try {
      RelayHolder holder = new RelayHolder();
      ServerEndpoint server =
          closer.add(
              config
                  .stack()
                  .forRelay()
                  .listen(
                      config.listen(),
                      config.certificate(),
                      VERSION.alpn(),
                      config.admission(),
                      config.loops(),
                      holder::serve));
      holder.loops = server.loops();
      holder.group =
          RelayGroup.create(holder.loops, config.relay(), config.log()::accept, config.observer());
      for (Attachment attachment : attachments) {
        closer.add(attachment.attach(holder.group, holder.loops));
      }
      return new RelayNode(closer, holder.group, server);
    } catch (IOException | InterruptedException | RuntimeException | Error e) {
      closer.closeAfter(e);
      throw e;
    }
  }

  /**
   * The relay connections are served by. The socket exists before the relay (the relay runs on the
   * socket's loop), so a connection accepted in the moment between the two finds no relay yet: it
   * is closed with a reason, and its client retries.
   */
  private static final class RelayHolder {
    private volatile RelayGroup group;
    private volatile List<EventLoopScheduler> loops;

    /** Serves the connection with the relay of the loop it runs on. */
    void serve(LiveConnection connection) {
      RelayGroup current = group;
      if (current == null) {
        connection.transport().close(0, "the relay is starting");
        return;
      }
      int index = current.size() == 1 ? 0 : loops.indexOf(connection.scheduler());
      current.relay(Math.max(0, index)).serve(connection.transport(), VERSION);
    }
  }

  /** The relay of the first loop (the only one with {@code --loops 1}). */
  public Relay relay() {
    return group.relay(0);
  }

  /** The relay of every loop. */
  public RelayGroup group() {
    return group;
  }

  /** The first loop (the only one with {@code --loops 1}). */
  public EventLoopScheduler loop() {
    return server.scheduler();
  }

  /** Every loop, in the order of {@link #group()}'s relays. */
  public List<EventLoopScheduler> loops() {
    return server.loops();
  }

  /** The bound address (with the real port when 0 was asked). */
  public InetSocketAddress address() {
    return server.localAddress();
  }

  /** Serves new handshakes with {@code certificate}; false when the stack cannot (quiche). */
  public boolean replaceCertificate(ServerCertificate certificate) {
    return server.replaceCertificate(certificate);
  }

  /** The socket layer, for banners. */
  public String socketLayer() {
    return server.socketLayer();
  }

  /** Detaches every attachment in reverse order, then closes the socket and its loop. */
  @Override
  public void close() {
    closer.closeUnchecked("the relay");
  }
}
