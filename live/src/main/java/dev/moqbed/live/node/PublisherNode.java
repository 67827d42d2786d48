package dev.moqbed.live.node;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.media.MediaObject;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.TransportConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A publisher of one session that owns its lifecycle: {@link #start} connects to the relay and
 * makes the publisher on the connection's loop; {@link #close} ends the connection. The program
 * waits for the namespace to be accepted, starts the media, and reads the report at the end.
 */
public final class PublisherNode implements AutoCloseable {
  /**
   * What a publisher node is.
   *
   * @param relay the relay's address
   * @param stack the QUIC stack and the controller of the publisher's sending side
   * @param trust how the relay's certificate is checked
   * @param publisher the namespace, media and duration
   * @param objectsSent told of every object handed to a subscription, on the loop
   * @param log the publisher's log lines, prefixed "publisher: "
   */
  public record Config(
      InetSocketAddress relay,
      LiveStack stack,
      ClientTrust trust,
      PublisherConfig publisher,
      Consumer<MediaObject> objectsSent,
      Consumer<String> log) {
    public Config {
      Objects.requireNonNull(relay, "relay");
      Objects.requireNonNull(stack, "stack");
      Objects.requireNonNull(trust, "trust");
      Objects.requireNonNull(publisher, "publisher");
      Objects.requireNonNull(objectsSent, "objectsSent");
      Objects.requireNonNull(log, "log");
    }
  }

  private final CompletableFuture<Publisher> made = new CompletableFuture<>();
  private final CompletableFuture<Void> announced = new CompletableFuture<>();
  private final CompletableFuture<PublisherReport> finished = new CompletableFuture<>();
  private ClientEndpoint client;
  // Set on the loop before the publisher is made; read on the loop.
  private TransportConnection connection;

  private PublisherNode() {}

  /** Connects and makes the publisher; its session announces the namespace at once. */
  public static PublisherNode start(Config config) throws IOException {
    PublisherNode node = new PublisherNode();
    node.client =
        config
            .stack()
            .forRole("publisher")
            .connect(
                config.relay(),
                "localhost",
                config.trust(),
                RelayNode.VERSION.alpn(),
                connection -> {
                  Publisher publisher =
                      new Publisher(
                          connection.scheduler(), config.publisher(), node.events(config));
                  node.connection = connection.transport();
                  node.made.complete(publisher);
                  MoqtSession.client(connection.transport(), publisher, RelayNode.VERSION);
                },
                null);
    return node;
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
    };
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
   * Ends the run early (Ctrl-C): {@link #finished} completes with what the publisher sent so far;
   * closing the node then stops the media.
   */
  public void endEarly() {
    made.thenAccept(
        publisher -> client.scheduler().execute(() -> finished.complete(publisher.report())));
  }

  /** The publisher's path to the relay as its sending side sees it now, read on its loop. */
  public PathStats pathStats() throws IOException, InterruptedException {
    Awaiting.await(made, 10, "the publisher's connection");
    CompletableFuture<PathStats> stats = new CompletableFuture<>();
    client.scheduler().execute(() -> stats.complete(connection.pathStats()));
    return Awaiting.await(stats, 5, "the publisher's path statistics");
  }

  /** The loop the publisher runs on. */
  public EventLoopScheduler scheduler() {
    return client.scheduler();
  }

  @Override
  public void close() {
    client.close();
  }
}
