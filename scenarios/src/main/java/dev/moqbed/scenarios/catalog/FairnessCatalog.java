package dev.moqbed.scenarios.catalog;

import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.scenarios.spec.SimSpecParser;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The project's scenarios beyond the draft, group {@link ScenarioGroup#FAIRNESS}: how fair is a
 * bulk flow of each controller to a real-time media flow sharing its bottleneck (issue 15 item 4,
 * after seed 004, where a bulk Reno download stalled a YouTube stream on a home network). The draft
 * does not ask the question, so there are no published numbers to compare with.
 *
 * <p>Eight scenarios: {@code fair_<bulk>} on a clean link and {@code fair_wifi_<bulk>} with the
 * reference's Wi-Fi jitter, for bulk in newreno, cubic, bbr and c4. Their spec files are packaged
 * under {@value #RESOURCE_FOLDER}; each names {@code c4} as main controller, which {@link #resolve}
 * replaces with the controller under test (the media sender's), so one file serves every controller
 * and no number is tuned per controller.
 */
public final class FairnessCatalog {
  /** Where the spec files are packaged on the class path. */
  public static final String RESOURCE_FOLDER = "/dev/moqbed/scenarios/fairness/";

  /** The bulk controllers, in the order the scenarios are listed. */
  public static final List<String> BULK_CONTROLLERS = List.of("newreno", "cubic", "bbr", "c4");

  /** The metrics the fairness table reports, as runs.csv names them. */
  public static final List<String> METRICS =
      List.of(
          "media_stalls", "media_latency_avg_us", "media_latency_max_p90_us", "bulk_completion_us");

  private static final List<Scenario> SCENARIOS = fairnessScenarios();

  private FairnessCatalog() {}

  /** The eight scenarios, clean links first. */
  public static List<Scenario> scenarioList() {
    return SCENARIOS;
  }

  /** The scenario called {@code name}, or null when it is not a fairness scenario. */
  public static Scenario find(String name) {
    for (Scenario scenario : SCENARIOS) {
      if (scenario.name().equals(name)) {
        return scenario;
      }
    }
    return null;
  }

  /**
   * The scenario's packaged spec file, with the main controller replaced by {@code controller}.
   *
   * @param controller the canonical spec of the controller under test
   */
  static ResolvedScenario resolve(Scenario scenario, String controller, SimSpecParser parser) {
    SpecFile file = load(scenario.name() + ".txt");
    SimSpec spec = parser.parse(file.name(), file.text()).withMainController(controller);
    return new ResolvedScenario(scenario, controller, file, spec, false);
  }

  private static SpecFile load(String fileName) {
    String resource = RESOURCE_FOLDER + fileName;
    try (InputStream in = FairnessCatalog.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new UncheckedIOException(
            "fairness spec file " + resource + " is missing from the application jar",
            new FileNotFoundException(resource));
      }
      return new SpecFile(
          fileName, new String(in.readAllBytes(), StandardCharsets.UTF_8), "classpath:" + resource);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource + ": " + e.getMessage(), e);
    }
  }

  private static List<Scenario> fairnessScenarios() {
    String media =
        "The draft's media mix for 10 s under the controller under test (--cc): audio a1 (80-byte"
            + " datagrams at 50/s), video layers vlow (1.17 Mbit/s) and vmid (1.95 Mbit/s,"
            + " abandoned when 250 ms late) in 30-frame groups, 3.15 Mbit/s in all; a1 and vlow"
            + " are checked, vmid is excluded, statistics from 200 ms as in the media test.";
    String bulk =
        " One background connection downloads 15 MB with %s from 1 s on: at its max-min fair"
            + " share (20 - 3.15 = 16.85 Mbit/s) that takes 7.1 s, so it competes for most of the"
            + " media's 10 s and ends before the media does.";
    String home =
        " A home-network bottleneck: 20 Mbit/s, 40 ms RTT, a 100 ms (2.5 BDP) drop-tail queue.";
    String measured =
        " Measured: media_stalls (frames of a1 and vlow later than 400 ms, the playout deadline"
            + " of a live player, or never delivered), the bulk download's completion time from"
            + " its start, and the media latency; the run lasts until both are done.";
    String beyond =
        "Beyond the draft (issue 15, seed 004): no published numbers to compare with. The link,"
            + " sizes and deadline were chosen once for the eight scenarios and are the same for"
            + " every controller.";
    List<Scenario> list = new ArrayList<>();
    for (boolean wifi : new boolean[] {false, true}) {
      for (String controller : BULK_CONTROLLERS) {
        String name = (wifi ? "fair_wifi_" : "fair_") + controller;
        String link =
            wifi
                ? home.replace(
                    ", a 100 ms",
                    ", the reference's Wi-Fi jitter (7 ms average, as" + " media_wb), a 100 ms")
                : home.replace("queue.", "queue, no jitter.");
        list.add(
            new Scenario(
                name,
                ScenarioGroup.FAIRNESS,
                "",
                media + String.format(bulk, title(controller)) + link + measured,
                beyond));
      }
    }
    return List.copyOf(list);
  }

  private static String title(String controller) {
    return switch (controller) {
      case "newreno" -> "NewReno";
      case "cubic" -> "Cubic";
      case "bbr" -> "BBR";
      default -> "C4";
    };
  }
}
