package dev.moqbed.app;

import dev.moqbed.live.RelayUrl;
import dev.moqbed.runtime.Quantities;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code moqbed watch URL}: a browser as the subscriber. Serves the page on a loopback address (a
 * secure context, so WebTransport is allowed whichever host the relay is on), opens it in Chromium
 * (in a window, or headless as a measuring receiver), and collects the frames it measures into the
 * Java subscriber's frames CSV and summary table.
 */
@Command(
    name = "watch",
    mixinStandardHelpOptions = true,
    description = {
      "Subscribes from a browser page over WebTransport: serves the page on 127.0.0.1, opens it in"
          + " Chromium (--browser window, headless or none: print the address), and collects the"
          + " frames the page measures (--out, the subscriber's frames CSV) into the subscriber's"
          + " summary table.",
      "A relay with a self-signed certificate is trusted through its SHA-256"
          + " (serverCertificateHashes): give --relay-cert FILE or --cert-hash HEX; the relay"
          + " prints the hash at start. Ends when the page is done (the broadcast ended, or"
          + " --duration) or on Ctrl-C."
    })
final class WatchCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "URL", description = "The relay: https://HOST:PORT/moq.")
  String relay;

  @Option(
      names = "--relay-cert",
      paramLabel = "FILE",
      description = "The relay's self-signed certificate (PEM), whose SHA-256 the page pins.")
  Path relayCertificate;

  @Option(
      names = "--cert-hash",
      paramLabel = "HEX",
      description = "The SHA-256 of the relay's certificate, as the relay prints it.")
  String certificateHash;

  @Option(names = "--namespace", defaultValue = "live", description = "Namespace (default live).")
  String namespace;

  @Option(
      names = "--tracks",
      split = ",",
      defaultValue = "a1,vlow,vmid",
      description = "Tracks to subscribe to (default ${DEFAULT-VALUE}).")
  List<String> tracks;

  @Option(
      names = "--late",
      paramLabel = "TIME",
      defaultValue = "250ms",
      converter = QuantityConverters.Duration.class,
      description =
          "Deadline of a droppable track's frames; 0 = never stop (default ${DEFAULT-VALUE}).")
  long lateMicros;

  @Option(
      names = "--droppable",
      split = ",",
      defaultValue = "vmid",
      description = "Tracks whose late groups are stopped (default ${DEFAULT-VALUE}).")
  List<String> droppable;

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = "0",
      converter = QuantityConverters.Duration.class,
      description = "Stop after this long; 0 = when the broadcast ends (default).")
  long durationMicros;

  @Option(
      names = "--clock-offset",
      paramLabel = "TIME",
      defaultValue = "0",
      converter = QuantityConverters.SignedDuration.class,
      description = "How far this host's clock is ahead of the publisher's (default 0).")
  long clockOffsetMicros;

  @Option(names = "--out", paramLabel = "FILE", description = "Write every frame as CSV.")
  Path framesFile;

  @Option(
      names = "--browser",
      paramLabel = "MODE",
      defaultValue = "window",
      description =
          "window, headless or none (print the page's address) (default ${DEFAULT-VALUE}).")
  String browser;

  @Option(names = "--chromium", paramLabel = "PATH", description = "The Chromium executable.")
  String chromium;

  @Option(
      names = "--port",
      defaultValue = "0",
      description = "Local port of the page (default: any free one).")
  int port;

  @Mixin FormatOption formatOption = new FormatOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    RelayUrl url = RelayUrl.parse(relay);
    if (url.webTransportPath() == null) {
      throw new IllegalArgumentException(
          "a browser reaches a relay over WebTransport: give https://HOST:PORT/moq, not " + relay);
    }
    if (!List.of("window", "headless", "none").contains(browser)) {
      throw new IllegalArgumentException("--browser must be window, headless or none");
    }
    if (framesFile != null) {
      OutputPaths.requireWritableFile(framesFile, "--out");
    }
    String hash = certificateHash();
    try (BrowserFrames frames = new BrowserFrames(framesFile);
        WatchServer server = WatchServer.start(port, frames)) {
      WatchPage query =
          new WatchPage(
              relay,
              hash,
              namespace,
              tracks,
              lateMicros,
              droppable,
              durationMicros,
              clockOffsetMicros);
      String page = server.origin() + "/index.html?" + query.query();
      err.println("watch: the page is " + page);
      err.flush();
      ChromiumBrowser opened =
          browser.equals("none")
              ? null
              : ChromiumBrowser.open(chromium, page, browser.equals("headless"));
      WatchServer.Ending ending;
      long started = System.nanoTime();
      // Ctrl-C or SIGTERM: the page's end comes now, and the table covers the frames so far.
      InterruptSummary interrupted =
          InterruptSummary.stopping(
              "moqbed-watch-interrupted",
              () ->
                  server
                      .ended()
                      .complete(
                          new WatchServer.Ending(
                              InterruptSummary.after(System.nanoTime() - started, 0)
                                  + " (the page's STOP_SENDING counts come with its own end:"
                                  + " none)",
                              null,
                              Map.of())));
      try (ChromiumBrowser running = opened) {
        ending = await(server, frames, running, err);
        return summarise(ending, frames, out, err);
      } finally {
        interrupted.close();
      }
    }
  }

  /** The table of the frames the page reported, and how the page ended. */
  private int summarise(
      WatchServer.Ending ending, BrowserFrames frames, PrintWriter out, PrintWriter err)
      throws IOException {
    frames.close(); // flushed before a Ctrl-C's hook lets the JVM exit
    out.print(frames.table(ending.stopSending()).render(formatOption.format));
    out.flush();
    err.println(
        "watch: "
            + frames.frames()
            + " frames"
            + (frames.rejectedLines() > 0 ? ", " + frames.rejectedLines() + " lines refused" : "")
            + "; the page ended: "
            + ending.reason()
            + (ending.error() == null ? "" : " (error: " + ending.error() + ")"));
    err.flush();
    return ending.error() == null && frames.frames() > 0 ? 0 : 1;
  }

  /** Waits for the page's end, printing its progress every 5 s. */
  private WatchServer.Ending await(
      WatchServer server, BrowserFrames frames, ChromiumBrowser running, PrintWriter err)
      throws Exception {
    long startedNanos = System.nanoTime();
    // The page stops itself after --duration; a page that never reports is given up on.
    long limitNanos = durationMicros > 0 ? (durationMicros + 30_000_000) * 1000 : Long.MAX_VALUE;
    while (true) {
      try {
        return server.ended().get(5, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        long elapsed = System.nanoTime() - startedNanos;
        if (running != null && !running.isAlive()) {
          return new WatchServer.Ending(
              "the browser exited", "Chromium stopped: " + running.logTail(), Map.of());
        }
        if (elapsed > limitNanos) {
          return new WatchServer.Ending(
              "no report from the page", "the page did not report its end in time", Map.of());
        }
        err.println(
            "watch: "
                + Quantities.formatDuration(elapsed / 1000)
                + ": "
                + frames.frames()
                + " frames");
        err.flush();
      }
    }
  }

  private String certificateHash() throws Exception {
    if (relayCertificate != null && certificateHash != null) {
      throw new IllegalArgumentException("give --relay-cert or --cert-hash, not both");
    }
    if (certificateHash != null) {
      String hex = certificateHash.replace(":", "").toLowerCase(java.util.Locale.ROOT);
      if (!hex.matches("[0-9a-f]{64}")) {
        throw new IllegalArgumentException("--cert-hash must be 64 hex digits (a SHA-256)");
      }
      return hex;
    }
    if (relayCertificate != null) {
      InputPaths.requireReadableFile(relayCertificate, "--relay-cert");
      return sha256(Files.readAllBytes(relayCertificate));
    }
    return "";
  }

  private static String sha256(byte[] pem) throws Exception {
    java.security.cert.X509Certificate certificate =
        (java.security.cert.X509Certificate)
            java.security.cert.CertificateFactory.getInstance("X.509")
                .generateCertificate(new java.io.ByteArrayInputStream(pem));
    return java.util.HexFormat.of()
        .formatHex(
            java.security.MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded()));
  }
}
