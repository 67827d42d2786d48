package dev.moqbed.live.node;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A subscriber of one session that owns its lifecycle: {@link #start} connects to the relay and
 * makes the subscriber on the connection's loop, which subscribes at once; {@link #close} ends the
 * connection. Every frame it completes goes to the configuration's consumer.
 */
public final class SubscriberNode implements AutoCloseable {
  /** Something that watches the subscriber (an interval probe): sees its events and the role. */
  public interface Observer {
    /** The events the subscriber reports, passed on to {@code delegate}. */
    SubscriberEvents events(SubscriberEvents delegate);

    /** The subscriber, made on its loop, before its session starts. */
    void attach(Subscriber subscriber);
  }

  /**
   * What a subscriber node is.
   *
   * @param relay the relay's address
   * @param stack the QUIC stack and the controller of the subscriber's sending side
   * @param trust how the relay's certificate is checked
   * @param subscriber the namespace, tracks and deadlines
   * @param observer watches the subscriber (counts what it receives per interval), or null
   * @param frames told of every frame completed (or given up), on the loop
   * @param label names the subscriber in its log lines ("subscriber 2")
   * @param log the subscriber's log lines, prefixed with the label
   */
  public record Config(
      InetSocketAddress relay,
      LiveStack stack,
      ClientTrust trust,
      SubscriberConfig subscriber,
      Observer observer,
      Consumer<FrameRecord> frames,
      String label,
      Consumer<String> log) {
    public Config {
      Objects.requireNonNull(relay, "relay");
      Objects.requireNonNull(stack, "stack");
      Objects.requireNonNull(trust, "trust");
      Objects.requireNonNull(subscriber, "subscriber");
      Objects.requireNonNull(frames, "frames");
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(log, "log");
    }
  }

  private final CompletableFuture<Void> answered = new CompletableFuture<>();
  private final CompletableFuture<SubscriberReport> finished = new CompletableFuture<>();
  private ClientEndpoint client;
  private volatile Subscriber subscriber; // set on its loop once connected; read by stop

  private SubscriberNode() {}

  /** Connects and makes the subscriber; its session subscribes to every track at once. */
  public static SubscriberNode start(Config config) throws IOException {
    SubscriberNode node = new SubscriberNode();
    node.client =
        config
            .stack()
            .forRole("subscriber")
            .connect(
                config.relay(),
                "localhost",
                config.trust(),
                RelayNode.VERSION.alpn(),
                connection -> {
                  SubscriberEvents events = node.events(config);
                  Subscriber subscriber =
                      new Subscriber(
                          connection.scheduler(),
                          config.subscriber(),
                          config.observer() == null ? events : config.observer().events(events));
                  if (config.observer() != null) {
                    config.observer().attach(subscriber);
                  }
                  node.subscriber = subscriber;
                  MoqtSession.client(connection.transport(), subscriber, RelayNode.VERSION);
                },
                null);
    return node;
  }

  private SubscriberEvents events(Config config) {
    return new SubscriberEvents() {
      @Override
      public void onSubscriptionsAnswered(int accepted, int refused) {
        answered.complete(null);
      }

      @Override
      public void onFrame(FrameRecord frame) {
        config.frames().accept(frame);
      }

      @Override
      public void onFinished(SubscriberReport report) {
        finished.complete(report);
        answered.complete(null);
      }

      @Override
      public void onLog(String line) {
        config.log().accept(config.label() + ": " + line);
      }
    };
  }

  /** Waits until the relay answered every subscription (or the subscriber finished). */
  public void awaitAnswered(long seconds) throws IOException, InterruptedException {
    Awaiting.await(answered, seconds, "the subscriptions to be answered");
  }

  /** Completes with the report once the subscriber is done. */
  public CompletableFuture<SubscriberReport> finished() {
    return finished;
  }

  /** Ends the subscriber now, on its loop: {@link #finished} completes with what it received. */
  public void stop(String reason) {
    client
        .scheduler()
        .execute(
            () -> {
              if (subscriber != null) {
                subscriber.stop(reason);
              }
            });
  }

  /** The loop the subscriber runs on. */
  public EventLoopScheduler scheduler() {
    return client.scheduler();
  }

  /** The local UDP port of its connection. */
  public int localPort() {
    return client.localPort();
  }

  @Override
  public void close() {
    client.close();
  }
}
