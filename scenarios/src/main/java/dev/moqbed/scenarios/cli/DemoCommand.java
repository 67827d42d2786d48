package dev.moqbed.scenarios.cli;

import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.scenarios.demo.MediaMixRun;
import dev.moqbed.scenarios.demo.Sparkline;
import dev.moqbed.scenarios.report.OutputFormat;
import dev.moqbed.scenarios.report.Table;
import dev.moqbed.scenarios.sim.BulkResult;
import dev.moqbed.scenarios.sim.BulkSimulation;
import dev.moqbed.scenarios.sim.BulkSpec;
import dev.moqbed.scenarios.stats.Summary;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
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
          + " virtual time and shows what the publisher emits (the first objects, a per-track"
          + " summary, the bit rate over time), then runs the draft's 'alone' transfer with C4,"
          + " BBR, Cubic and NewReno on the transport model and compares them."
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
    out.println();
    out.println(
        "Controllers on the draft's 'alone' path (10 MB, 20 Mbit/s, 80 ms RTT, 80 ms queue, 2 ms"
            + " jitter), "
            + ALONE_RUNS
            + " runs each, transport model in virtual time:");
    out.print(aloneComparison().render(OutputFormat.TABLE));
    out.println();
    out.println("Describe any mix:  ./moqbed media describe --spec '<quicperf text>'");
    out.println("Run a transfer:    ./moqbed sim bulk --cc c4 --rate 20mbit --rtt 80ms --runs 5");
    return 0;
  }

  private static final int ALONE_RUNS = 3;

  /** The draft's first scenario for each controller: the main job until the suite runs. */
  private static Table aloneComparison() {
    LinkSchedule alone =
        LinkSchedule.constant(
            LinkPhase.of(LinkPhase.FOREVER, 0.02, 40_000, 80_000)
                .withJitter(2_000, JitterModel.GAUSSIAN));
    Table table =
        new Table("cc", "completion_s", "rtt_avg_ms", "rtt_stddev_ms", "load_pct", "lost_packets");
    for (String controller : List.of("c4", "bbr", "cubic", "newreno")) {
      List<BulkResult> results = new java.util.ArrayList<>();
      for (int run = 0; run < ALONE_RUNS; run++) {
        results.add(
            BulkSimulation.run(
                new BulkSpec(alone, 20_000_000, controller, 397, 10_000_000), 1, run));
      }
      table.row(
          controller,
          round(Summary.mean(results, r -> r.completionMicros() / 1e6)),
          round(Summary.mean(results, r -> r.rttAverageMicros() / 1e3)),
          round(Summary.mean(results, r -> r.rttStandardDeviationMicros() / 1e3)),
          round(Summary.mean(results, r -> r.load() * 100)),
          Math.round(Summary.mean(results, r -> (double) r.packetsLost())));
    }
    return table;
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
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
