package dev.moqbed.live.attack;

import dev.moqbed.live.node.SubscriberNode;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberReport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;

/**
 * The bench's viewer, from the viewer's address, and the audio it received. The bench measures it
 * only once it is set up: every subscription accepted at its start, and audio heard by the end of
 * the first quiet phase. A viewer that never heard audio is a bench that did not start, not an
 * attack's effect, so it fails the bench with what is known instead of a row of 0 %.
 */
final class BenchViewer implements AutoCloseable {
  private final SubscriberNode node;
  private final AudioLog audio;

  private BenchViewer(SubscriberNode node, AudioLog audio) {
    this.node = node;
    this.audio = audio;
  }

  /**
   * Subscribes to every track of the namespace {@code live}, which the relay must already hold: a
   * SUBSCRIBE ahead of the publisher's namespace is refused, and the viewer ends.
   *
   * @throws IOException when a subscription was refused or not answered within 10 s
   */
  static BenchViewer start(
      InetSocketAddress relay, AttackBench.Options options, ClientTrust trust, List<String> tracks)
      throws IOException, InterruptedException {
    AudioLog audio = new AudioLog();
    SubscriberNode node =
        SubscriberNode.start(
            new SubscriberNode.Config(
                relay,
                options.stack(),
                trust,
                new SubscriberConfig("live", tracks, 250_000, Set.of(), 0, 2_000_000),
                null,
                audio::record,
                "subscriber",
                options.log()));
    try {
      node.awaitAccepted(10);
    } catch (IOException e) {
      node.close();
      throw new IOException("the bench's viewer was not set up: " + e.getMessage(), e);
    } catch (InterruptedException | RuntimeException e) {
      node.close();
      throw e;
    }
    return new BenchViewer(node, audio);
  }

  AudioLog audio() {
    return audio;
  }

  /** The loop the viewer's connection runs on. */
  EventLoopScheduler scheduler() {
    return node.scheduler();
  }

  /**
   * After a quiet phase: fails when the viewer has not received one audio frame since its start.
   *
   * @param phase the phase just measured, for the message
   */
  void checkHeard(String phase) throws IOException {
    if (audio.frames() > 0) {
      return;
    }
    SubscriberReport report = node.finished().getNow(null);
    throw new IOException(
        "viewer never received audio in the quiet phase: "
            + phase
            + " ended with no audio frame since the viewer's start"
            + (report == null
                ? " (its session still open, every subscription accepted)"
                : " (the viewer ended: " + report.endReason() + ")"));
  }

  @Override
  public void close() {
    node.close();
  }
}
