package dev.moqbed.live;

import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.SubscriberReport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A subscriber of the chain that another program runs, such as a browser page over WebTransport:
 * the chain tells it where the relay is and which certificate to pin, waits until the relay holds
 * its subscriptions before the media starts, and takes its frames and its report at the end. The
 * live module knows only this; the application brings the program.
 */
public interface ExternalSubscriber {
  /**
   * Where and what to subscribe.
   *
   * @param relay the address to dial (UDP; the relay accepts WebTransport on {@code path})
   * @param path the relay's WebTransport path
   * @param certificateSha256 the relay certificate's SHA-256, hex, for {@code
   *     serverCertificateHashes}
   * @param lateMicros the deadline of a droppable track's frames (0: none)
   */
  record Target(
      InetSocketAddress relay,
      String path,
      String certificateSha256,
      String namespace,
      List<String> tracks,
      long lateMicros,
      Set<String> droppableTracks) {}

  /** A short name for logs and labels, such as {@code chromium}. */
  String name();

  /** Starts subscribing to {@code target}; each frame measured goes to {@code frames}. */
  Running start(Target target, Consumer<FrameRecord> frames) throws IOException;

  /** One started subscriber; closing it stops the program. */
  interface Running extends AutoCloseable {
    /** Completes with its report once the broadcast ended for it (or it failed). */
    CompletableFuture<SubscriberReport> finished();

    @Override
    void close();
  }
}
