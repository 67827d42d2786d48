package dev.moqbed.app;

import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.suite.Workload;
import dev.moqbed.suite.report.ControllerStandIn;
import dev.moqbed.suite.report.ControllerTraces;
import dev.moqbed.suite.report.FrameLatencyCdfs;
import dev.moqbed.suite.report.HtmlReport;
import dev.moqbed.suite.report.PublishedResults;
import dev.moqbed.suite.report.ReferenceComparison;
import dev.moqbed.suite.report.ReferenceComparisonReport;
import dev.moqbed.suite.report.ReferenceRuns;
import dev.moqbed.suite.report.ReportExport;
import dev.moqbed.suite.report.ReportFormat;
import dev.moqbed.suite.report.ReportModel;
import dev.moqbed.suite.report.RunSet;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code moqbed report}: the draft's tables from sweep directories, beside the published ones. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Merges sweep directories (the shards of a sweep, or sweeps of other controllers) and"
          + " prints the draft's tables per (scenario, controller): average and top-90 %% time,"
          + " RTT average and top-90 %% RTT + standard deviation, load, media latencies — each"
          + " group with the metrics the draft reports for it. With --reference, each cell beside"
          + " the published value, and a summary of what is within tolerance. Runs of the MoQ"
          + " chain (sweep --workload moq) get a table of their own. With --html, a page that opens"
          + " offline: bars with 95 %% intervals, per-track frame-latency CCDFs on log axes and"
          + " latency over time from the media runs' frames (DIR/frames), and the controller's"
          + " window, pacing rate and RTT from trace files in DIR (scenario run --trace"
          + " DIR/trace.csv).",
      ""
    })
final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "DIR", arity = "1..*", description = "Sweep directories (--out).")
  List<Path> directories;

  @Option(
      names = "--reference",
      paramLabel = "FILE",
      description =
          "Published results, group,scenario,metric,algorithm,value, e.g."
              + " reference/c4-test-05-published.csv.")
  Path reference;

  @Option(
      names = "--against-reference",
      paramLabel = "FILE|DIR",
      description =
          "Instead of the draft's tables, compare the sweep cell by cell with reference runs:"
              + " a CSV whose header has "
              + ReferenceRuns.HEADER
              + " (one row per run, runs.csv's names and units; a runs.csv is one), pico_sim's"
              + " result lines, a folder of pico_sim runs with their qlogs (NAME/NAME.txt,"
              + " NAME/results.txt, the spec's qlog_dir; docs/statistics.md), or another sweep's"
              + " directory. Per scenario, controller and"
              + " metric: both means and run counts, their ratio, the 95%% interval of the"
              + " difference (Welch) and a mark: within tolerance (the interval inside the band:"
              + " time ±5%%, RTT and media latency ±15%%, load ±5 points), off (wholly outside),"
              + " not distinguishable, with the runs a side that would decide it if the means"
              + " and spreads stayed. markdown prints an aligned table; csv and json a row per"
              + " cell.")
  Path againstReference;

  @Option(
      names = "--reference-cc",
      paramLabel = "REFERENCE_CC=CC",
      description =
          "With --against-reference: compare the sweep's controller CC with the reference's"
              + " REFERENCE_CC, which the two name differently; repeatable. E.g. c4=c4:variant=v4"
              + " for picoquic master's C4 of draft 04, whose pico_sim specs say c4. The"
              + " reference's cells of REFERENCE_CC stay, so a sweep's own c4 still compares"
              + " with them.")
  List<String> referenceControllers = List.of();

  @Option(
      names = "--write-reference",
      paramLabel = "FILE.csv",
      description =
          "With --against-reference: also writes the reference runs it read to FILE.csv, one row"
              + " per run with the columns "
              + ReferenceRuns.HEADER
              + ", which --against-reference reads back: a folder of pico_sim runs kept without"
              + " its qlogs.")
  Path writeReference;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "markdown",
      description = "markdown, csv or json (default ${DEFAULT-VALUE}).")
  ReportFormat format;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description = "Also write a self-contained HTML page with charts to FILE.")
  Path html;

  @Mixin MinimumEffectOption minimumEffect = new MinimumEffectOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (html != null) {
      OutputPaths.requireWritableFile(html, "--html");
    }
    EffectSettings effects = minimumEffect.effects();
    if (againstReference != null) {
      InputPaths.requireReadableFileOrDirectory(againstReference, "--against-reference");
    }
    if (againstReference == null && !referenceControllers.isEmpty()) {
      throw new IllegalArgumentException(
          "--reference-cc names the reference's controllers: give --against-reference too");
    }
    if (writeReference != null) {
      if (againstReference == null) {
        throw new IllegalArgumentException(
            "--write-reference writes what --against-reference read: give both");
      }
      OutputPaths.requireWritableFile(writeReference, "--write-reference");
    }
    for (Path directory : directories) {
      InputPaths.requireDirectory(directory, "DIR");
    }
    RunSet runs = RunSet.read(directories);
    if (runs.records().isEmpty()) {
      throw new IllegalArgumentException(
          "no complete run in " + directories + "; has the sweep written any yet?");
    }
    if (againstReference != null) {
      if (html != null || reference != null) {
        throw new IllegalArgumentException(
            "--against-reference makes a report of its own: drop --html and --reference");
      }
      ReferenceRuns referenceRuns = ReferenceRuns.read(againstReference);
      if (writeReference != null) {
        try (Writer out = Files.newBufferedWriter(writeReference, StandardCharsets.UTF_8)) {
          referenceRuns.writeCsv(out);
        }
      }
      RunSet draft = runs.ofWorkload(Workload.DRAFT);
      for (String text : referenceControllers) {
        ControllerStandIn standIn =
            ControllerStandIn.parse(text, referenceRuns.controllers(), draft.controllers());
        referenceRuns = referenceRuns.alsoAs(standIn.theirs(), standIn.ours());
      }
      ReferenceComparison comparison =
          ReferenceComparison.of(
              draft,
              String.join(" ", directories.stream().map(Path::toString).toList()),
              referenceRuns);
      if (comparison.cells().isEmpty()) {
        throw new IllegalArgumentException(
            "no (scenario, controller) of " + directories + " is in " + againstReference);
      }
      spec.commandLine().getOut().print(ReferenceComparisonReport.render(comparison, format));
      return 0;
    }
    PublishedResults published = null;
    if (reference != null) {
      InputPaths.requireReadableFile(reference, "--reference");
      published = PublishedResults.read(reference);
    }
    ReportModel model =
        ReportModel.build(
            directories.stream().map(Path::toString).toList(), runs, published, effects);
    spec.commandLine().getOut().print(ReportExport.render(model, format));
    if (html != null) {
      Files.writeString(
          html,
          HtmlReport.render(
              model, FrameLatencyCdfs.read(directories), ControllerTraces.read(directories)),
          StandardCharsets.UTF_8);
      spec.commandLine().getErr().println("report: wrote " + html);
    }
    return 0;
  }
}
