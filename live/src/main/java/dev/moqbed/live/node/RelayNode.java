package dev.moqbed.live.node;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.live.stack.ServerEndpoint;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
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
   */
  public record Config(
      InetSocketAddress listen,
      LiveStack stack,
      ServerCertificate certificate,
      ServerAdmission admission,
      RelayConfig relay,
      RelayObserver observer,
      Consumer<String> log) {
    public Config {
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
     * @throws IOException when it cannot start; the node then closes what it opened
     */
    AutoCloseable attach(Relay relay, EventLoopScheduler loop)
        throws IOException, InterruptedException;
  }

  /** The MoQT version the relay speaks. */
  public static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;

  private final Closer closer;
  private final Relay relay;
  private final ServerEndpoint server;

  private RelayNode(Closer closer, Relay relay, ServerEndpoint server) {
    this.closer = closer;
    this.relay = relay;
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
                  .listen(
                      config.listen(),
                      config.certificate(),
                      VERSION.alpn(),
                      config.admission(),
                      connection -> holder.serve(connection.transport())));
      holder.relay =
          new Relay(server.scheduler(), config.relay(), config.log()::accept, config.observer());
      for (Attachment attachment : attachments) {
        closer.add(attachment.attach(holder.relay, server.scheduler()));
      }
      return new RelayNode(closer, holder.relay, server);
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
    private volatile Relay relay;

    void serve(dev.moqbed.session.transport.TransportConnection connection) {
      Relay current = relay;
      if (current == null) {
        connection.close(0, "the relay is starting");
        return;
      }
      current.serve(connection, VERSION);
    }
  }

  public Relay relay() {
    return relay;
  }

  /** The loop the relay and all its connections run on. */
  public EventLoopScheduler loop() {
    return server.scheduler();
  }

  /** The bound address (with the real port when 0 was asked). */
  public InetSocketAddress address() {
    return server.localAddress();
  }

  /** The socket layer, for banners. */
  public String socketLayer() {
    return server.socketLayer();
  }

  /** Detaches every attachment in reverse order, then closes the socket and its loop. */
  @Override
  public void close() {
    try {
      closer.closeAll();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("closing the relay: " + e.getMessage(), e);
    }
  }
}
