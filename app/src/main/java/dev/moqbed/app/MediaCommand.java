package dev.moqbed.app;

import dev.moqbed.media.spec.BatchTransfer;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaItem;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.media.spec.MediaTransport;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.runtime.Quantities;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed media ...}: media workloads. */
@Command(
    name = "media",
    description = "Media workloads in picoquic's quicperf scenario text.",
    mixinStandardHelpOptions = true,
    subcommands = {MediaCommand.Describe.class})
final class MediaCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code moqbed media describe}: what a scenario text sends. */
  @Command(
      name = "describe",
      mixinStandardHelpOptions = true,
      description = {
        "Per item of a quicperf scenario text: kind, priority, frame rate, group size, objects,"
            + " bytes and mean bit rate.",
        "Grammar: =id:[=after:][*N:](s|d)FPS:[pP:][S:][nFRAMES:]SIZE[:GGROUP][:IFIRST][:DUS] for"
            + " media, =id:[*N:][b]POST:RESPONSE for bulk."
      })
  static final class Describe implements Callable<Integer> {
    @Option(
        names = "--spec",
        paramLabel = "TEXT",
        description = "Scenario text (default: the C4 test draft's media mix: ${DEFAULT-VALUE}).",
        defaultValue = MediaSpec.DRAFT_MEDIA_MIX)
    String specText;

    @Mixin FormatOption formatOption = new FormatOption();

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      MediaSpec media = MediaSpec.parse(specText);
      spec.commandLine()
          .getOut()
          .print(describe(media, formatOption.format).render(formatOption.format));
      return 0;
    }
  }

  /** The describe table; bit rates are numbers (bit/s) for tools and readable text for people. */
  static Table describe(MediaSpec media, OutputFormat format) {
    boolean forPeople = format == OutputFormat.TABLE;
    Table table =
        new Table(
            "item",
            "kind",
            "after",
            "copies",
            "priority",
            "fps",
            "group_frames",
            "i_frame_bytes",
            "frame_bytes",
            "objects",
            "groups",
            "bytes",
            "duration_s",
            forPeople ? "mean_bitrate" : "mean_bitrate_bps");
    for (MediaItem item : media.items()) {
      if (item instanceof MediaFlow flow) {
        boolean streams = flow.transport() == MediaTransport.STREAM;
        table.row(
            flow.id(),
            streams ? "stream media" : "datagram media",
            flow.previousId(),
            flow.repeatCount(),
            flow.priority(),
            flow.framesPerSecond(),
            streams ? flow.framesPerGroup() : null,
            streams ? flow.keyframeSizeBytes() : null,
            flow.frameSizeBytes(),
            flow.frameCount(),
            streams ? flow.groupCount() : null,
            flow.totalBytes(),
            flow.durationMicros() / 1e6,
            forPeople
                ? Quantities.formatRate(flow.meanBitsPerSecond())
                : Math.round(flow.meanBitsPerSecond()));
      } else if (item instanceof BatchTransfer batch) {
        table.row(
            batch.id(),
            batch.unlimitedResponse() ? "bulk (unlimited)" : "bulk",
            batch.previousId(),
            batch.repeatCount(),
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            batch.responseBytes(),
            null,
            null);
      }
    }
    return table;
  }
}
