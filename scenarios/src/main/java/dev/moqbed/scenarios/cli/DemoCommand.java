package dev.moqbed.scenarios.cli;

import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.quic.NativeQuic;
import dev.moqbed.quic.QuicSettings;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.scenarios.demo.MediaMixRun;
import dev.moqbed.scenarios.demo.Sparkline;
import dev.moqbed.scenarios.live.ChainTable;
import dev.moqbed.scenarios.live.LiveChain;
import dev.moqbed.scenarios.report.OutputFormat;
import dev.moqbed.scenarios.report.Table;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed demo}: the main job on built-in defaults. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Generates the C4 test draft's media mix (audio datagrams, two simulcast video layers) in"
          + " virtual time and shows what the publisher emits: the first objects, a per-track"
          + " summary and the bit rate over time; then runs the same mix live for 10 s through a"
          + " relay to 3 subscribers on loopback over real QUIC (skipped, with one line, where"
          + " the QUIC native library cannot load)."
    })
final class DemoCommand implements Callable<Integer> {
  private static final long TIMELINE_MICROS = 100_000;
  private static final long BUCKET_MICROS = 100_000;

  @Option(
      names = "--spec",
      paramLabel = "TEXT",
      description = "Media scenario text (default: the draft's media mix).",
      defaultValue = MediaSpec.DRAFT_MEDIA_MIX)
  String specText;

  @Option(
      names = "--live-duration",
      paramLabel = "TIME",
      defaultValue = "10s",
      converter = QuantityConverters.Duration.class,
      description = "Length of the live loopback chain; 0 skips it (default ${DEFAULT-VALUE}).")
  long liveDurationMicros;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    MediaSpec media = MediaSpec.parse(specText);
    long wallStart = System.nanoTime();
    MediaMixRun run = MediaMixRun.generate(media, "live");
    double wallMillis = (System.nanoTime() - wallStart) / 1e6;
    List<MediaObject> objects = run.objects();

    out.println("moqbed demo: the publisher's media mix, generated in virtual time");
    out.println("  spec: " + specText);
    out.println();
    out.println("First " + Quantities.formatDuration(TIMELINE_MICROS) + " of objects:");
    out.print(timeline(objects).render(OutputFormat.TABLE));
    out.println();
    out.println("Per track, whole run:");
    out.print(summary(media, objects).render(OutputFormat.TABLE));
    out.println();
    out.println(
        "Bit rate per " + Quantities.formatDuration(BUCKET_MICROS) + " (I frames stand out):");
    for (MediaFlow flow : media.flows()) {
      out.printf(
          Locale.ROOT,
          "  %-6s |%s|%n",
          flow.id(),
          Sparkline.of(bytesPerBucket(objects, flow.id(), run.endMicros())));
    }
    out.println();
    out.printf(
        Locale.ROOT,
        "%d objects, %s of media, %d events in %.1f ms of wall time.%n",
        objects.size(),
        Quantities.formatDuration(run.endMicros()),
        run.eventsExecuted(),
        wallMillis);
    out.println("Describe any mix: ./moqbed media describe --spec '<quicperf text>'");
    if (liveDurationMicros > 0) {
      out.println();
      runLiveChain(out, media);
    }
    return 0;
  }

  /** The live part: never fails the demo; a machine without QUIC gets one line. */
  private void runLiveChain(PrintWriter out, MediaSpec media) {
    if (!NativeQuic.isAvailable()) {
      out.println(
          "Live chain skipped: the QUIC native library cannot load here ("
              + NativeQuic.unavailabilityReason()
              + ").");
      return;
    }
    out.println(
        "Live: "
            + Quantities.formatDuration(liveDurationMicros)
            + " of the same mix, publisher -> relay -> 3 subscribers on loopback over real QUIC"
            + " (quiche:cubic, MoQT draft-14, after a 2 s warm-up run), latency in microseconds"
            + " ...");
    out.flush();
    try {
      LiveChain.Options options =
          new LiveChain.Options(
              media,
              liveDurationMicros,
              3,
              QuicSettings.DEFAULT,
              250_000,
              Set.of("vmid"),
              List.of(),
              line -> {},
              (subscriber, frame) -> {});
      LiveChain.run(options.withDuration(2_000_000)); // warms up the JVM, not reported
      LiveChain.Result result = LiveChain.run(options);
      out.print(ChainTable.of(result).render(OutputFormat.TABLE));
      out.println(
          "Run it yourself: ./moqbed chain --duration 10s --subscribers 3 [--cc quiche:bbr]");
    } catch (IOException | RuntimeException e) {
      out.println("Live chain failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      out.println("Live chain interrupted.");
    }
  }

  private static Table timeline(List<MediaObject> objects) {
    Table table = new Table("time_ms", "track", "group", "object", "kind", "bytes", "priority");
    for (MediaObject object : objects) {
      if (object.captureTimeMicros() >= TIMELINE_MICROS) {
        break;
      }
      table.row(
          object.captureTimeMicros() / 1e3,
          object.track().name(),
          object.groupId(),
          object.objectId(),
          object.kind().name(),
          object.sizeBytes(),
          object.publisherPriority());
    }
    return table;
  }

  private static Table summary(MediaSpec media, List<MediaObject> objects) {
    Table table =
        new Table(
            "track", "priority", "objects", "i_frames", "bytes", "mean_bitrate", "spec_bitrate");
    for (MediaFlow flow : media.flows()) {
      List<MediaObject> ofTrack =
          objects.stream().filter(o -> o.track().name().equals(flow.id())).toList();
      long bytes = ofTrack.stream().mapToLong(MediaObject::sizeBytes).sum();
      table.row(
          new TrackName("live", flow.id()).toString(),
          flow.priority(),
          ofTrack.size(),
          ofTrack.stream().filter(MediaObject::isKeyframe).count(),
          bytes,
          Quantities.formatRate(bytes * 8e6 / flow.durationMicros()),
          Quantities.formatRate(flow.meanBitsPerSecond()));
    }
    return table;
  }

  private static long[] bytesPerBucket(List<MediaObject> objects, String track, long endMicros) {
    long[] buckets = new long[(int) (endMicros / BUCKET_MICROS) + 1];
    for (MediaObject object : objects) {
      if (object.track().name().equals(track)) {
        buckets[(int) (object.captureTimeMicros() / BUCKET_MICROS)] += object.sizeBytes();
      }
    }
    return buckets;
  }
}
