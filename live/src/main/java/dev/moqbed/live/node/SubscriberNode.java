package dev.moqbed.live.node;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A subscriber of one session that owns its lifecycle: {@link #start} opens its observers (a frames
 * file, a collector's stream), connects to the relay (once, or kept with a {@link ClientLink}:
 * liveness, token, reconnect) and makes the subscriber on the connection's loop, which subscribes
 * at once; {@link #close} ends the connection, then closes the observers in reverse order. A start
 * that fails closes what it opened before the failure is thrown: no file left open, no thread left
 * running. Every frame it completes goes to the configuration's consumer.
 */
public final class SubscriberNode implements AutoCloseable {
  /**
   * Something that runs beside the subscriber from the node's start to its close: an interval
   * probe, a frames file, a collector's stream, a qlog finished once the connection is closed.
   */
  public interface Observer extends AutoCloseable {
    /** The events the subscriber reports, passed on to {@code delegate}. */
    default SubscriberEvents events(SubscriberEvents delegate) {
      return delegate;
    }

    /** The subscriber, made on its loop, before its session starts. */
    default void attach(Subscriber subscriber) {}

    /**
     * Opens what it writes to, at the node's start before it connects. Closed with the node even
     * when this or a later step fails, so {@link #close} must cope with what was not opened.
     */
    default void open() throws IOException {}

    /** Closed by the node after its connection, in reverse order of the configuration. */
    @Override
    default void close() throws IOException {}
  }

  /**
   * What a subscriber node is.
   *
   * @param relay the relay's address
   * @param stack the QUIC stack and the controller of the subscriber's sending side
   * @param trust how the relay's certificate is checked
   * @param subscriber the namespace, tracks and deadlines
   * @param observers opened first in order and closed last in reverse, the first one seeing the
   *     events first
   * @param frames told of every frame completed (or given up), on the loop
   * @param label names the subscriber in its log lines ("subscriber 2")
   * @param log the subscriber's log lines, prefixed with the label
   * @param link how the session is kept (the commands'), or null for one connection (a chain's)
   */
  public record Config(
      InetSocketAddress relay,
      LiveStack stack,
      ClientTrust trust,
      SubscriberConfig subscriber,
      List<Observer> observers,
      Consumer<FrameRecord> frames,
      String label,
      Consumer<String> log,
      ClientLink link) {
    public Config {
      Objects.requireNonNull(relay, "relay");
      Objects.requireNonNull(stack, "stack");
      Objects.requireNonNull(trust, "trust");
      Objects.requireNonNull(subscriber, "subscriber");
      Objects.requireNonNull(frames, "frames");
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(log, "log");
      observers = List.copyOf(observers);
    }

    /** One connection and at most one observer (null: none): a chain's subscriber. */
    public Config(
        InetSocketAddress relay,
        LiveStack stack,
        ClientTrust trust,
        SubscriberConfig subscriber,
        Observer observer,
        Consumer<FrameRecord> frames,
        String label,
        Consumer<String> log) {
      this(
          relay,
          stack,
          trust,
          subscriber,
          observer == null ? List.of() : List.of(observer),
          frames,
          label,
          log,
          null);
    }
  }

  private final Closer closer = new Closer();
  private final CompletableFuture<Void> answered = new CompletableFuture<>();
  // null once every subscription was accepted; else why not (the refusals, or an early end)
  private final CompletableFuture<String> acceptance = new CompletableFuture<>();
  private final CompletableFuture<SubscriberReport> finished = new CompletableFuture<>();
  private RelayClient client;
  private volatile Subscriber subscriber; // set on its loop once connected; read by stop

  private SubscriberNode() {}

  /**
   * Opens the observers, connects and makes the subscriber; its session subscribes to every track
   * at once.
   *
   * @throws IOException when an observer cannot open or the first connection fails (in words that
   *     say what to fix), after closing every observer
   */
  public static SubscriberNode start(Config config) throws IOException {
    SubscriberNode node = new SubscriberNode();
    try {
      for (Observer observer : config.observers()) {
        node.closer.add(observer).open();
      }
      node.client =
          node.closer.add(
              RelayClient.open(
                  "subscriber",
                  config.relay(),
                  config.stack(),
                  config.trust(),
                  config.link(),
                  line -> config.log().accept(config.label() + ": " + line)));
      node.client.start(loop -> node.make(loop, config), reason -> node.subscriber.stop(reason));
      return node;
    } catch (IOException | RuntimeException | Error e) {
      node.closer.closeAfter(e);
      throw e;
    }
  }

  /** The subscriber, on {@code loop}, its events passed through the observers. */
  private Subscriber make(EventLoopScheduler loop, Config config) {
    SubscriberEvents events = events(config);
    List<Observer> observers = config.observers();
    for (int i = observers.size() - 1; i >= 0; i--) {
      events = observers.get(i).events(events);
    }
    AuthorizationToken token =
        config.link() == null ? AuthorizationToken.NONE : config.link().token();
    Subscriber made = new Subscriber(loop, config.subscriber(), events, token);
    if (client.reconnects()) {
      made.continueAcrossSessions();
    }
    observers.forEach(observer -> observer.attach(made));
    subscriber = made;
    return made;
  }

  private SubscriberEvents events(Config config) {
    return new SubscriberEvents() {
      @Override
      public void onSubscriptionsAnswered(int accepted, int refused) {
        acceptance.complete(refused == 0 ? null : refusals(accepted, refused));
        answered.complete(null);
      }

      @Override
      public void onFrame(FrameRecord frame) {
        config.frames().accept(frame);
      }

      @Override
      public void onDisconnected(String reason) {
        client.reconnect(reason);
      }

      @Override
      public void onFinished(SubscriberReport report) {
        finished.complete(report);
        acceptance.complete(
            "the subscriber ended before every subscription was answered: " + report.endReason());
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

  /**
   * Waits until the relay accepted every subscription: a harness that measures what a subscriber
   * receives must not measure one whose tracks were refused (a SUBSCRIBE that reached the relay
   * before the publisher's namespace is refused at once, and that subscriber ends).
   *
   * @throws IOException naming each refused track and the relay's reason, or when the subscriber
   *     ended (or the relay did not answer) first
   */
  public void awaitAccepted(long seconds) throws IOException, InterruptedException {
    String refused = Awaiting.await(acceptance, seconds, "the subscriptions to be answered");
    if (refused != null) {
      throw new IOException(refused);
    }
  }

  /** "the relay refused 3 of 3 subscriptions: a1 (no publisher ...), ..."; on the loop. */
  private String refusals(int accepted, int refused) {
    StringBuilder text =
        new StringBuilder("the relay refused ")
            .append(refused)
            .append(" of ")
            .append(accepted + refused)
            .append(" subscriptions:");
    String separator = " ";
    for (TrackReport track : subscriber.report(false, "answered").tracks()) {
      if (track.refusal() != null) {
        text.append(separator)
            .append(track.track())
            .append(" (")
            .append(track.refusal())
            .append(')');
        separator = ", ";
      }
    }
    return text.toString();
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

  /** Sessions the subscriber lost and waited for again so far; read once it finished. */
  public int reconnects() {
    return subscriber.reconnects();
  }

  /** The loop the subscriber runs on. */
  public EventLoopScheduler scheduler() {
    return client.scheduler();
  }

  /** The local UDP port of its (latest) connection. */
  public int localPort() {
    return client.localPort();
  }

  /** Closes the connection (and the link's loop), then the observers, last first. */
  @Override
  public void close() {
    closer.closeUnchecked("the subscriber");
  }
}
