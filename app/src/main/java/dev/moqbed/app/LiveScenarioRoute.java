package dev.moqbed.app;

import dev.moqbed.live.SubscriberRoute;
import dev.moqbed.live.bulk.BulkDownload;
import dev.moqbed.live.bulk.BulkSink;
import dev.moqbed.live.bulk.BulkSource;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A live scenario's path for one run: the link emulator between the relay and the subscriber with
 * the scenario's link in both directions (jitter drawn as the simulator's run of the same seed and
 * number draws it), and the scenario's bulk flow, if any, through a second port of the same
 * emulator: a QUIC client beside the subscriber and a server beside the relay, so the flow's
 * packets cross the same links as the media. An upload ({@code media_backload}) shares the up link
 * with the subscriber's acknowledgements; a download (the fairness scenarios) shares the down link
 * with the relay's media. The flow starts its delay after the publisher's first object, as the
 * simulator starts the background connection at its start time. When the chain ends, a download
 * still under way is waited for, up to {@link #DOWNLOAD_WAIT_SECONDS}, as a fairness simulation
 * lasts until its bulk download is done.
 */
final class LiveScenarioRoute implements SubscriberRoute {
  /** How long a chain's end waits for a bulk download still under way (then: not finished). */
  static final long DOWNLOAD_WAIT_SECONDS = 60;

  /** What the bulk flow did in one run. */
  record BulkResult(long bytesSent, long bytesReceived, long completionMicros) {}

  private final LiveScenario scenario;
  private final LiveStack bulkStack;
  private final long seed;
  private final int run;
  private final Path certificateDirectory;
  private volatile BulkUpload upload;
  private volatile BulkSink sink;
  private volatile BulkDownload download;
  private volatile BulkSource source;
  private volatile List<DirectionSample> lastTotals = List.of();
  private volatile BulkResult lastBulk;

  /**
   * @param bulkStack the bulk flow's stack (its controller is the flow's); null when the scenario
   *     has no bulk flow
   */
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
      LiveScenario.BulkFlow bulk = scenario.bulk();
      if (bulk != null) {
        ServerCertificate certificate = ServerCertificate.selfSigned(certificateDirectory);
        InetSocketAddress any = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        ClientTrust trust = ClientTrust.pinned(certificate.certificate());
        if (bulk.direction() == LiveScenario.Direction.UPLOAD) {
          sink = BulkSink.start(bulkStack, any, certificate);
          InetSocketAddress viaEmulator = emulator.addRoute(sink.address());
          upload = BulkUpload.of(bulkStack, viaEmulator, trust, bulk.bytes());
        } else {
          source = BulkSource.start(bulkStack, any, certificate, bulk.bytes());
          InetSocketAddress viaEmulator = emulator.addRoute(source.address());
          download =
              BulkDownload.of(bulkStack, viaEmulator, trust, bulk.requestBytes(), bulk.bytes());
        }
      }
    } catch (IOException | RuntimeException e) {
      closeBulk();
      emulator.close();
      throw e;
    }
    lastBulk = null;
    return new EmulatorOpening(emulator, totals -> lastTotals = totals, this::finishBulk);
  }

  /** The media began: the bulk flow starts its delay from now. */
  void mediaStarted() {
    BulkUpload startedUpload = upload;
    if (startedUpload != null) {
      startedUpload.start(scenario.bulk().startMicros());
    }
    BulkDownload startedDownload = download;
    if (startedDownload != null) {
      startedDownload.start(scenario.bulk().startMicros());
    }
  }

  private void finishBulk() {
    if (upload != null && sink != null) {
      long began = upload.startedMicros();
      long ended = sink.finishedMicros();
      Long received = sink.received().getNow(null);
      lastBulk =
          new BulkResult(
              scenario.bulk().bytes(),
              received == null ? sink.bytesSoFar() : received,
              began >= 0 && ended >= began && received != null ? ended - began : -1);
    }
    if (download != null) {
      awaitDownload(download);
      lastBulk =
          new BulkResult(
              scenario.bulk().bytes(), download.bytesSoFar(), download.completionMicros());
    }
    closeBulk();
  }

  /** Waits, bounded, for a download that began to end (on the chain's thread, not a loop). */
  private static void awaitDownload(BulkDownload started) {
    if (started.startedMicros() < 0) {
      return;
    }
    try {
      started.done().get(DOWNLOAD_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // not finished in time: its completion stays unknown, the run reports it so
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
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
    if (download != null) {
      download.close();
      download = null;
    }
    if (source != null) {
      source.close();
      source = null;
    }
  }

  /** Up, then down, over the last run (empty before one ended). */
  List<DirectionSample> lastTotals() {
    return lastTotals;
  }

  /** The last run's bulk flow, or null when the scenario has none. */
  BulkResult lastBulk() {
    return lastBulk;
  }
}
