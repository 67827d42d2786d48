package dev.moqbed.live.node;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.media.MediaObject;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.transport.PathStats;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A publisher of one session that owns its lifecycle: {@link #start} opens its observers, connects
 * to the relay (once, or kept with a {@link ClientLink}: liveness, token, reconnect) and makes the
 * publisher on the connection's loop; {@link #close} ends the connection, then closes the observers
 * in reverse order; a start that fails closes what it opened before the failure is thrown. The
 * program waits for the namespace to be accepted, starts the media, and reads the report at the
 * end.
 */
public final class PublisherNode implements AutoCloseable {
  /**
   * Something that runs beside the publisher from the node's start to its close: an interval probe,
   * a report's clock, a qlog that is finished once the connection is closed.
   */
  public interface Observer extends AutoCloseable {
    /** The events the publisher reports, passed on to {@code delegate}. */
    default PublisherEvents events(PublisherEvents delegate) {
      return delegate;
    }

    /**
     * The publisher, made before its session starts, and the loop its events come on (where an
     * interval report samples).
     */
    default void attach(Publisher publisher, EventLoopScheduler loop) {}

    /** Closed by the node after its connection, in reverse order of the configuration. */
    @Override
    default void close() {}
  }

  /**
   * What a publisher node is.
   *
   * @param relay the relay's address
   * @param stack the QUIC stack and the controller of the publisher's sending side
   * @param trust how the relay's certificate is checked
   * @param publisher the namespace, media and duration
   * @param observers registered first and closed last, after the connection, in reverse order; the
   *     first one sees the events first
   * @param objectsSent told of every object handed to a subscription, on the loop
   * @param log the publisher's log lines, prefixed "publisher: "
   * @param link how the session is kept (the commands'), or null for one connection (a chain's)
   */
  public record Config(
      InetSocketAddress relay,
      LiveStack stack,
      ClientTrust trust,
      PublisherConfig publisher,
      List<Observer> observers,
      Consumer<MediaObject> objectsSent,
      Consumer<String> log,
      ClientLink link) {
    public Config {
      Objects.requireNonNull(relay, "relay");
      Objects.requireNonNull(stack, "stack");
      Objects.requireNonNull(trust, "trust");
      Objects.requireNonNull(publisher, "publisher");
      Objects.requireNonNull(objectsSent, "objectsSent");
      Objects.requireNonNull(log, "log");
      observers = List.copyOf(observers);
    }

    /** One connection, no observer: a chain's publisher. */
    public Config(
        InetSocketAddress relay,
        LiveStack stack,
        ClientTrust trust,
        PublisherConfig publisher,
        Consumer<MediaObject> objectsSent,
        Consumer<String> log) {
      this(relay, stack, trust, publisher, List.of(), objectsSent, log, null);
    }
  }

  /** How the publisher's session ended, and what it had sent by then. */
  public record Closed(SessionClose close, PublisherReport report) {}

  private final Closer closer = new Closer();
  private final CompletableFuture<Publisher> made = new CompletableFuture<>();
  private final CompletableFuture<Void> announced = new CompletableFuture<>();
  private final CompletableFuture<PublisherReport> finished = new CompletableFuture<>();
  private final CompletableFuture<Closed> closed = new CompletableFuture<>();
  private RelayClient client;

  private PublisherNode() {}

  /**
   * Opens the observers, connects and makes the publisher; its session announces the namespace at
   * once.
   *
   * @throws IOException when the first connection fails (in words that say what to fix), after
   *     closing every observer
   */
  public static PublisherNode start(Config config) throws IOException {
    PublisherNode node = new PublisherNode();
    try {
      config.observers().forEach(node.closer::add);
      node.client =
          node.closer.add(
              RelayClient.open(
                  "publisher",
                  config.relay(),
                  config.stack(),
                  config.trust(),
                  config.link(),
                  line -> config.log().accept("publisher: " + line)));
      node.client.start(loop -> node.make(loop, config), node::giveUp);
      return node;
    } catch (IOException | RuntimeException | Error e) {
      node.closer.closeAfter(e);
      throw e;
    }
  }

  /** The publisher, on {@code loop}, its events passed through the observers. */
  private Publisher make(EventLoopScheduler loop, Config config) {
    PublisherEvents events = events(config);
    List<Observer> observers = config.observers();
    for (int i = observers.size() - 1; i >= 0; i--) {
      events = observers.get(i).events(events);
    }
    AuthorizationToken token =
        config.link() == null ? AuthorizationToken.NONE : config.link().token();
    Publisher publisher = new Publisher(loop, config.publisher(), events, token);
    if (client.reconnects()) {
      publisher.continueAcrossSessions();
    }
    observers.forEach(observer -> observer.attach(publisher, loop));
    made.complete(publisher);
    return publisher;
  }

  private PublisherEvents events(Config config) {
    return new PublisherEvents() {
      @Override
      public void onAnnounced() {
        announced.complete(null);
      }

      @Override
      public void onObjectSent(MediaObject object) {
        config.objectsSent().accept(object);
      }

      @Override
      public void onMediaFinished(PublisherReport report) {
        finished.complete(report);
      }

      @Override
      public void onLog(String line) {
        config.log().accept("publisher: " + line);
      }

      @Override
      public void onDisconnected(String peer, SessionClose close) {
        client.reconnect(close.describe());
      }

      @Override
      public void onClosed(SessionClose close, PublisherReport report) {
        closed.complete(new Closed(close, report));
      }
    };
  }

  /** The last reconnect attempt failed: the session ends for good. On the loop, after make. */
  private void giveUp(String reason) {
    made.getNow(null).stop(reason);
  }

  /** Waits until the relay accepted the namespace. */
  public void awaitAnnounced(long seconds) throws IOException, InterruptedException {
    Awaiting.await(announced, seconds, "the relay to accept the publisher's namespace");
  }

  /** Starts the media clock, on the publisher's loop. */
  public void startMedia() throws IOException, InterruptedException {
    Publisher publisher = Awaiting.await(made, 10, "the publisher's connection");
    client.scheduler().execute(publisher::startMedia);
  }

  /** Completes with the report once every flow sent its last frame. */
  public CompletableFuture<PublisherReport> finished() {
    return finished;
  }

  /**
   * Completes when the publisher's session has ended for good: the media finished and its last
   * messages went out, the relay refused the namespace, it was lost (and, with a link that
   * reconnects, every attempt failed), or {@link #stop} ended it.
   */
  public CompletableFuture<Closed> closed() {
    return closed;
  }

  /**
   * Ends the run early (Ctrl-C): {@link #finished} completes with what the publisher sent so far;
   * closing the node then stops the media.
   */
  public void endEarly() {
    made.thenAccept(
        publisher -> client.scheduler().execute(() -> finished.complete(publisher.report())));
  }

  /** Ends the session now, on the publisher's loop: {@link #closed} completes. */
  public void stop(String reason) {
    made.thenAccept(publisher -> client.scheduler().execute(() -> publisher.stop(reason)));
  }

  /** The publisher's path to the relay as its sending side sees it now, read on its loop. */
  public PathStats pathStats() throws IOException, InterruptedException {
    Awaiting.await(made, 10, "the publisher's connection");
    CompletableFuture<PathStats> stats = new CompletableFuture<>();
    client.scheduler().execute(() -> stats.complete(client.pathStats()));
    return Awaiting.await(stats, 5, "the publisher's path statistics");
  }

  /** The loop the publisher runs on. */
  public EventLoopScheduler scheduler() {
    return client.scheduler();
  }

  /** Closes the connection (and the link's loop), then the observers, last first. */
  @Override
  public void close() {
    closer.closeUnchecked("the publisher");
  }
}
