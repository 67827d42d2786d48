package dev.moqbed.app;

import dev.moqbed.live.SubscriberRoute;
import dev.moqbed.live.bulk.BulkSink;
import dev.moqbed.live.bulk.BulkUpload;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netem.DirectionSample;
import dev.moqbed.netem.UdpLinkEmulator;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;

/**
 * A live scenario's path for one run: the link emulator between the relay and the subscriber with
 * the scenario's link in both directions (jitter drawn as the simulator's run of the same seed and
 * number draws it), and for {@code media_backload} the bulk upload on the return path: a QUIC
 * client beside the subscriber that sends through a second port of the same emulator, so its
 * packets cross the same up link as the subscriber's acknowledgements, to a sink beside the relay.
 * The upload starts its delay after the publisher's first object, as the simulator starts the
 * background connection at its start time.
 */
final class LiveScenarioRoute implements SubscriberRoute {
  /** What the bulk upload did in one run. */
  record BulkResult(long bytesSent, long bytesReceived, long completionMicros) {}

  private final LiveScenario scenario;
  private final LiveStack bulkStack;
  private final long seed;
  private final int run;
  private final Path certificateDirectory;
  private volatile BulkUpload upload;
  private volatile BulkSink sink;
  private volatile List<DirectionSample> lastTotals = List.of();
  private volatile BulkResult lastBulk;

  LiveScenarioRoute(
      LiveScenario scenario, LiveStack bulkStack, long seed, int run, Path certificates) {
    this.scenario = scenario;
    this.bulkStack = bulkStack;
    this.seed = seed;
    this.run = run;
    this.certificateDirectory = certificates;
  }

  @Override
  public Opened open(InetSocketAddress relay) throws IOException {
    UdpLinkEmulator emulator =
        UdpLinkEmulator.start(
            UdpLinkEmulator.Settings.of(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                    relay,
                    scenario.link())
                .withSeed(seed, run)
                .withClients(8, 60_000_000L));
    try {
      if (scenario.backload() != null) {
        ServerCertificate certificate = ServerCertificate.selfSigned(certificateDirectory);
        sink =
            BulkSink.start(
                bulkStack, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), certificate);
        InetSocketAddress viaEmulator = emulator.addRoute(sink.address());
        upload =
            BulkUpload.connect(
                bulkStack,
                viaEmulator,
                ClientTrust.pinned(certificate.certificate()),
                scenario.backload().bytes());
      }
    } catch (IOException | RuntimeException e) {
      closeBulk();
      emulator.close();
      throw e;
    }
    lastBulk = null;
    return new EmulatorOpening(emulator, totals -> lastTotals = totals, this::finishBulk);
  }

  /** The media began: the upload starts its delay from now. */
  void mediaStarted() {
    BulkUpload started = upload;
    if (started != null) {
      started.start(scenario.backload().startMicros());
    }
  }

  private void finishBulk() {
    if (upload != null && sink != null) {
      long began = upload.startedMicros();
      long ended = sink.finishedMicros();
      Long received = sink.received().getNow(null);
      lastBulk =
          new BulkResult(
              scenario.backload().bytes(),
              received == null ? sink.bytesSoFar() : received,
              began >= 0 && ended >= began && received != null ? ended - began : -1);
    }
    closeBulk();
  }

  private void closeBulk() {
    if (upload != null) {
      upload.close();
      upload = null;
    }
    if (sink != null) {
      sink.close();
      sink = null;
    }
  }

  /** Up, then down, over the last run (empty before one ended). */
  List<DirectionSample> lastTotals() {
    return lastTotals;
  }

  /** The last run's upload, or null when the scenario has none. */
  BulkResult lastBulk() {
    return lastBulk;
  }
}
