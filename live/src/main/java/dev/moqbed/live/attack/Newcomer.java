package dev.moqbed.live.attack;

import dev.moqbed.live.fanout.RealtimePriority;
import dev.moqbed.live.node.SubscriberNode;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.subscriber.SubscriberConfig;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** The newcomer: a subscriber that joins during the attack, from the viewer's address. */
final class Newcomer {
  private static final String AUDIO = "a1";
  private static final long NEWCOMER_DELAY_MILLIS = 1_000;

  private final InetSocketAddress relay;
  private final AttackBench.Options options;
  private final ClientTrust trust;
  private final List<String> tracks;
  private final CompletableFuture<Long> firstAudio = new CompletableFuture<>();
  private volatile SubscriberNode node;
  private volatile String failure;
  private Thread thread;

  Newcomer(
      InetSocketAddress relay,
      AttackBench.Options options,
      ClientTrust trust,
      List<String> tracks) {
    this.relay = relay;
    this.options = options;
    this.trust = trust;
    this.tracks = tracks;
  }

  void startLater() {
    thread = new Thread(this::join, "moqbed-attack-newcomer");
    thread.setDaemon(true);
    thread.start();
  }

  private void join() {
    try {
      Thread.sleep(NEWCOMER_DELAY_MILLIS);
      long start = System.nanoTime();
      node =
          SubscriberNode.start(
              new SubscriberNode.Config(
                  relay,
                  options.stack(),
                  trust,
                  new SubscriberConfig("live", tracks, 250_000, Set.of(), 0, 2_000_000),
                  null,
                  frame -> {
                    if (frame.track().equals(AUDIO)) {
                      firstAudio.complete((System.nanoTime() - start) / 1_000);
                    }
                  },
                  "newcomer",
                  options.log()));
      if (options.realtimeClients()) {
        RealtimePriority.raise(node.scheduler(), "newcomer");
      }
    } catch (Exception e) {
      failure = e.getMessage();
    }
  }

  long firstAudioMicros() {
    return firstAudio.getNow(-1L);
  }

  String failure() {
    return firstAudio.isDone() ? null : failure != null ? failure : "no audio within the phase";
  }

  /** Waits for its start to end and closes it. */
  void end() throws InterruptedException {
    if (thread != null) {
      thread.join(5_000);
    }
    if (node != null) {
      node.close();
    }
  }
}
