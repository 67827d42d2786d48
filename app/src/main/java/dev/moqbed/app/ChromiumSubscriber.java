package dev.moqbed.app;

import dev.moqbed.live.ExternalSubscriber;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.ReceivedElsewhere;
import dev.moqbed.subscriber.SubscriberReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Headless Chromium as a chain's subscriber ({@code --subscriber chromium}): the watch page served
 * on loopback, subscribing over WebTransport to the relay's address as the chain gives it (through
 * the link emulator in a live run), pinning the relay's certificate by its hash. Its frames reach
 * the chain as the page posts them, its report when the page posts {@code /done}; a browser that
 * exits first ends the run as not completed, with Chromium's last words.
 */
final class ChromiumSubscriber implements ExternalSubscriber {
  private final String executable;

  /**
   * @param executable the Chromium to run, or null for the first on the PATH
   */
  ChromiumSubscriber(String executable) {
    this.executable = executable;
  }

  @Override
  public String name() {
    return "chromium";
  }

  @Override
  public Running start(Target target, Consumer<FrameRecord> frames) throws IOException {
    String program = executable != null ? executable : ChromiumBrowser.find();
    List<FrameRecord> received = Collections.synchronizedList(new ArrayList<>());
    BrowserFrames browserFrames =
        new BrowserFrames(
            null,
            frame -> {
              received.add(frame);
              frames.accept(frame);
            });
    WatchServer server = WatchServer.start(0, browserFrames);
    ChromiumBrowser browser;
    try {
      WatchPage page =
          new WatchPage(
              "https://127.0.0.1:" + target.relay().getPort() + target.path(),
              target.certificateSha256(),
              target.namespace(),
              target.tracks(),
              target.lateMicros(),
              List.copyOf(target.droppableTracks()),
              0,
              0);
      browser =
          ChromiumBrowser.open(program, server.origin() + "/index.html?" + page.query(), true);
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
    CompletableFuture<SubscriberReport> finished =
        server
            .ended()
            .thenApply(
                ending ->
                    ReceivedElsewhere.report(
                        target.tracks(),
                        List.copyOf(received),
                        ending.stopSending(),
                        ending.error() == null && ending.reason().equals("publish done"),
                        ending.error() == null
                            ? ending.reason()
                            : ending.reason() + ": " + ending.error()));
    browser
        .exited()
        .thenRun(
            () ->
                finished.complete(
                    ReceivedElsewhere.report(
                        target.tracks(),
                        List.copyOf(received),
                        Map.of(),
                        false,
                        "Chromium exited: " + browser.logTail())));
    return new Running() {
      @Override
      public CompletableFuture<SubscriberReport> finished() {
        return finished;
      }

      @Override
      public void close() {
        browser.close();
        server.close();
      }
    };
  }
}
