package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.output.TerminalText;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.scenarios.catalog.DraftMetric;
import dev.moqbed.scenarios.catalog.FairnessCatalog;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.Scenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.catalog.SpecSummary;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.scenarios.spec.SimSpecKey;
import dev.moqbed.scenarios.spec.SimSpecParser;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code moqbed scenario ...}: the C4 test draft's scenarios and picoquic_ns spec files. */
@Command(
    name = "scenario",
    mixinStandardHelpOptions = true,
    description =
        "The scenarios of draft-huitema-ccwg-c4-test-05, read from the reference's spec files"
            + " (reference/sim_specs/).",
    subcommands = {
      ScenarioCommand.ListScenarios.class,
      ScenarioCommand.Show.class,
      ScenarioRunCommand.class
    })
final class ScenarioCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code moqbed scenario list}: every scenario with its link, traffic and metrics. */
  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = {
        "Every scenario of the draft's result tables, in their order: group, link, traffic and"
            + " the metrics the draft reports; then the project's scenarios beyond the draft"
            + " (group fairness, docs/fairness.md).",
        "Link and traffic are those of the c4 spec file; 'scenario show NAME --cc ALGO' gives"
            + " another algorithm's exact parameters."
      })
  static final class ListScenarios implements Callable<Integer> {
    @Mixin FormatOption formatOption = new FormatOption();

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      ScenarioCatalog catalog = ScenarioCatalog.standard();
      Table table = new Table("name", "group", "link", "traffic", "metrics", "source");
      List<Scenario> scenarios = new ArrayList<>(catalog.scenarios());
      scenarios.addAll(catalog.beyondDraft());
      for (Scenario scenario : scenarios) {
        SimSpec sim = catalog.resolve(scenario.name(), ScenarioCatalog.FALLBACK_ALGORITHM).spec();
        boolean draft = scenario.group().inDraft();
        table.row(
            scenario.name(),
            scenario.group().id(),
            listedLink(SpecSummary.link(sim), formatOption.format),
            SpecSummary.traffic(sim),
            draft ? metricIds(scenario.metrics()) : String.join(" ", FairnessCatalog.METRICS),
            draft ? "draft §" + scenario.draftSection() : "beyond the draft");
      }
      spec.commandLine().getOut().print(table.render(formatOption.format));
      return 0;
    }

    /** The longest link description the terminal's list prints in full. */
    static final int LISTED_LINK_WIDTH = 90;

    /**
     * The link as the list prints it: on a terminal, custom links of many phases by their first
     * phase and their count, so the line fits 120 columns ('scenario show' has every phase); CSV
     * and JSON keep the whole description.
     */
    static String listedLink(String link, OutputFormat format) {
      String[] phases = link.split("; then ");
      if (format != OutputFormat.TABLE || link.length() <= LISTED_LINK_WIDTH || phases.length < 2) {
        return link;
      }
      return "custom: "
          + phases.length
          + " phases, first "
          + phases[0].replaceFirst("^custom: ", "");
    }
  }

  /** {@code moqbed scenario show}: one scenario, or any spec file, in full. */
  @Command(
      name = "show",
      mixinStandardHelpOptions = true,
      sortOptions = false,
      description = {
        "One scenario: what it tests, where the draft's prose differs from what the reference"
            + " runs, the resolved parameters, the link phases and the spec file's text.",
        "With --spec, any picoquic_ns spec file instead."
      })
  static final class Show implements Callable<Integer> {
    @ArgGroup(multiplicity = "1")
    Target target;

    @Mixin ScenarioControllerOption controllerOption = new ScenarioControllerOption();

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    /** A scenario name or a spec file, exactly one. */
    static final class Target {
      @Parameters(paramLabel = "NAME", description = "Scenario name (see 'scenario list').")
      String name;

      @Option(names = "--spec", paramLabel = "FILE", description = "A picoquic_ns spec file.")
      Path file;
    }

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      if (target.file != null) {
        SimSpec sim =
            new SimSpecParser().parse(InputPaths.requireReadableFile(target.file, "--spec"));
        if (controllerOption.given()) {
          sim =
              sim.withMainController(
                  ControllerRegistry.standard().parse(controllerOption.controller).spec());
        }
        out.println("spec file: " + target.file);
        out.println();
        printDetails(out, sim);
        out.println();
        out.println("spec file text:");
        out.print(fileText(target.file));
        return 0;
      }
      ScenarioCatalog catalog = ScenarioCatalog.standard();
      ResolvedScenario resolved = catalog.resolve(target.name, controllerOption.forScenario());
      Scenario scenario = resolved.scenario();
      if (!scenario.group().inDraft()) {
        showBeyondDraft(out, resolved);
        return 0;
      }
      out.println(
          scenario.name()
              + " ("
              + scenario.group().title()
              + ", draft-huitema-ccwg-c4-test-05 section "
              + scenario.draftSection()
              + ")");
      out.println();
      out.println(TerminalText.wrap("What it tests: " + scenario.purpose()));
      out.println();
      out.println(
          TerminalText.wrap(
              "Draft vs reference: "
                  + (scenario.deviations().isEmpty()
                      ? "the draft's prose matches the spec files."
                      : scenario.deviations())));
      out.println();
      out.println("Metrics in the draft: " + metricIds(scenario.metrics()));
      out.println(
          TerminalText.wrap(
              "Main controller: "
                  + resolved.controller()
                  + (resolved.ownFile()
                      ? " (its own spec file, as the draft ran it)"
                      : " (the draft has no file for it: the c4 file with main_cc_algo replaced"
                          + " and main_cc_options dropped; targets and thresholds are C4's)")));
      out.println(
          "Spec file: " + resolved.specFile().name() + " (" + resolved.specFile().origin() + ")");
      out.println();
      printDetails(out, resolved.spec());
      out.println();
      out.println("spec file text (" + resolved.specFile().name() + "):");
      String text = resolved.specFile().text();
      out.print(text.endsWith("\n") ? text : text + "\n");
      return 0;
    }

    /**
     * A scenario of the project's own (the fairness group): no draft section, no reference file.
     */
    private static void showBeyondDraft(PrintWriter out, ResolvedScenario resolved) {
      Scenario scenario = resolved.scenario();
      out.println(scenario.name() + " (" + scenario.group().title() + ")");
      out.println();
      out.println(TerminalText.wrap("What it tests: " + scenario.purpose()));
      out.println();
      out.println(TerminalText.wrap(scenario.deviations() + " See docs/fairness.md."));
      out.println();
      out.println("Metrics: " + String.join(" ", FairnessCatalog.METRICS));
      out.println(
          "Main controller (the media sender): "
              + resolved.controller()
              + " (the file's main_cc_algo replaced by --cc)");
      out.println(
          "Spec file: " + resolved.specFile().name() + " (" + resolved.specFile().origin() + ")");
      out.println();
      printDetails(out, resolved.spec());
      out.println();
      out.println("spec file text (" + resolved.specFile().name() + "):");
      String text = resolved.specFile().text();
      out.print(text.endsWith("\n") ? text : text + "\n");
    }

    private static String fileText(Path file) {
      try {
        String text = java.nio.file.Files.readString(file);
        return text.endsWith("\n") ? text : text + "\n";
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
      }
    }
  }

  private static void printDetails(PrintWriter out, SimSpec sim) {
    out.println(TerminalText.wrap("link: " + SpecSummary.link(sim)));
    out.println(TerminalText.wrap("traffic: " + SpecSummary.traffic(sim)));
    out.println();
    out.println("parameters:");
    out.print(parameters(sim).render(OutputFormat.TABLE));
    out.println();
    LinkSchedule schedule = sim.linkSchedule();
    out.println(
        "link phases"
            + (schedule.size() > 1
                    && schedule.phase(schedule.size() - 1).durationMicros() != LinkPhase.FOREVER
                ? " (after the last phase the schedule starts again at phase 1):"
                : ":"));
    out.print(phases(schedule).render(OutputFormat.TABLE));
  }

  /** Every key of the spec with its value, in the units of the file and in words. */
  static Table parameters(SimSpec sim) {
    Table table = new Table("key", "value", "meaning");
    boolean background = sim.hasBackground();
    boolean custom = sim.customLink();
    for (SimSpecKey key : SimSpecKey.values()) {
      String value =
          switch (key) {
            case MAIN_CC_ALGO -> sim.mainCcAlgo();
            case MAIN_CC_OPTIONS -> text(sim.mainCcOptions());
            case MAIN_START_TIME -> micros(sim.mainStartMicros(), "");
            case MAIN_SCENARIO_TEXT -> sim.mainScenarioText();
            case MAIN_TARGET_TIME -> micros(sim.mainTargetMicros(), "none");
            case BACKGROUND_CC_ALGO -> unused(text(sim.backgroundCcAlgo()), background);
            case BACKGROUND_CC_OPTIONS -> unused(text(sim.backgroundCcOptions()), background);
            case BACKGROUND_START_TIME ->
                unused(
                    micros(sim.backgroundStartMicros(), ""),
                    background || sim.backgroundStartMicros() == 0);
            case BACKGROUND_SCENARIO_TEXT -> unused(text(sim.backgroundScenarioText()), background);
            case NB_CONNECTIONS -> Integer.toString(sim.connectionCount());
            case DATA_RATE_IN_GBPS ->
                (sim.rateGbps() == 0
                        ? "0 (default " + SpecSummary.rate(sim.nominalRateGbps()) + ")"
                        : plain(sim.rateGbps()) + " (" + SpecSummary.rate(sim.rateGbps()) + ")")
                    + (custom ? " nominal, for the load; the custom link sets its own" : "");
            case LATENCY ->
                ignored(
                    sim.latencyMicros() == 0
                        ? "0"
                        : sim.latencyMicros()
                            + " ("
                            + Quantities.formatDuration(sim.latencyMicros())
                            + " one way, RTT "
                            + Quantities.formatDuration(2 * sim.latencyMicros())
                            + ")",
                    custom);
            case JITTER -> ignored(micros(sim.jitterMicros(), "none"), custom);
            case WIFI_JITTER ->
                ignored(sim.wifiJitter() ? "1 (Wi-Fi model)" : "0 (Gaussian model)", custom);
            case QUEUE_DELAY_MAX -> ignored(micros(sim.queueDelayMaxMicros(), "unlimited"), custom);
            case L4S_MAX -> ignored(micros(sim.l4sMaxMicros(), "no AQM"), custom);
            case LINK_SCENARIO ->
                sim.linkScenario() == null
                    ? "- (none)"
                    : sim.linkScenario() + (sim.customLink() ? " (custom)" : "");
            case ICID -> text(sim.icid());
            case SEED_CWIN -> sim.seedCwinBytes() == 0 ? "0 (none)" : sim.seedCwinBytes() + " B";
            case SEED_RTT -> micros(sim.seedRttMicros(), "none");
            case MEDIA_STATS_START -> micros(sim.mediaStatsStartMicros(), "");
            case MEDIA_EXCLUDED ->
                sim.mediaExcluded().isEmpty() ? "-" : String.join(", ", sim.mediaExcluded());
            case MEDIA_LATENCY_AVERAGE -> micros(sim.mediaLatencyAverageMicros(), "none");
            case MEDIA_LATENCY_MAX -> micros(sim.mediaLatencyMaxMicros(), "none");
            case QLOG_DIR -> text(sim.qlogDir());
            case QPERF_LOG -> text(sim.qperfLog());
          };
      table.row(key.id(), value, key.meaning());
    }
    return table;
  }

  /** The phases of a schedule with their start in the first cycle. */
  static Table phases(LinkSchedule schedule) {
    Table table =
        new Table("phase", "starts", "lasts", "down", "up", "rtt", "jitter", "queue", "l4s_max");
    long start = 0;
    for (int i = 0; i < schedule.size(); i++) {
      LinkPhase phase = schedule.phase(i);
      boolean forever = schedule.size() == 1 || phase.durationMicros() == LinkPhase.FOREVER;
      table.row(
          i + 1,
          at(start),
          forever ? "forever" : Quantities.formatDuration(phase.durationMicros()),
          SpecSummary.rate(phase.downRateGbps()),
          SpecSummary.rate(phase.upRateGbps()),
          Quantities.formatDuration(2 * phase.latencyMicros()),
          phase.jitterMicros() == 0
              ? "-"
              : Quantities.formatDuration(phase.jitterMicros())
                  + (phase.jitterModel() == JitterModel.WIFI ? " Wi-Fi" : " Gaussian"),
          phase.queueDelayMaxMicros() == 0
              ? "unlimited"
              : Quantities.formatDuration(phase.queueDelayMaxMicros()),
          phase.l4sMaxMicros() == 0 ? "-" : Quantities.formatDuration(phase.l4sMaxMicros()));
      if (!forever) {
        start += phase.durationMicros();
      }
    }
    return table;
  }

  private static String metricIds(List<DraftMetric> metrics) {
    List<String> ids = new ArrayList<>();
    for (DraftMetric metric : metrics) {
      ids.add(metric.id());
    }
    return String.join(" ", ids);
  }

  private static String micros(long micros, String zeroMeans) {
    if (micros == 0) {
      return zeroMeans.isEmpty() ? "0" : "0 (" + zeroMeans + ")";
    }
    return micros + " (" + Quantities.formatDuration(micros) + ")";
  }

  private static String text(String value) {
    if (value == null) {
      return "-";
    }
    return value.isEmpty() ? "(empty)" : value;
  }

  private static String unused(String value, boolean used) {
    return used || value.equals("-") ? value : value + " (unused: nb_connections is 1)";
  }

  private static String ignored(String value, boolean custom) {
    return custom ? value + " (ignored: custom link text)" : value;
  }

  /** A time from the start; 0 reads "0" rather than "0 us". */
  private static String at(long micros) {
    return micros == 0 ? "0" : Quantities.formatDuration(micros);
  }

  private static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
