package dev.moqbed.scenarios.suite;

import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkScenario;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.netsim.LinkScheduleParser;
import dev.moqbed.scenarios.sim.BulkSpec;
import java.util.List;

/**
 * The draft's single-connection download scenarios, as {@link BulkSpec}s: one quicperf batch stream
 * ({@code =b1:*1:397:SIZE;}: the client posts 397 bytes, the server answers SIZE) over the spec
 * file's link. Values from {@code reference/sim_specs/<algo>_<scenario>.txt} (see docs/scenarios.md
 * §4). Where the files differ per main algorithm the controller's family picks the file; a
 * controller the draft has no file for (newreno) gets the c4 file's network.
 */
final class BulkScenarios {
  /** The scenarios this class can build, in the draft's order. */
  static final List<String> NAMES =
      List.of(
          "alone",
          "alone_200",
          "alone_1_5M",
          "alone_512k",
          "low_and_up",
          "drop_and_back",
          "blackhole",
          "short_long",
          "bbloat",
          "wifi_bad",
          "wifi_fade",
          "wifi_suspension");

  private static final long POST_BYTES = 397;

  private BulkScenarios() {}

  /**
   * The spec of {@code scenario} with {@code controller} as the main connection's controller.
   *
   * @throws IllegalArgumentException for a scenario not in {@link #NAMES}
   */
  static BulkSpec spec(String scenario, String controller) {
    String family = family(controller);
    return switch (scenario) {
      // bbr_alone.txt alone has a 30 ms queue; c4 and cubic have 80 ms. All three: 2 ms jitter.
      case "alone" ->
          builtIn(
              controller,
              "0.02",
              40_000,
              2_000,
              JitterModel.GAUSSIAN,
              family.equals("bbr") ? 30_000 : 80_000,
              LinkScenario.NONE,
              10_000_000);
      case "alone_200" ->
          builtIn(controller, "0.2", 20_000, 0, null, 80_000, LinkScenario.NONE, 20_000_000);
      case "alone_1_5M" ->
          builtIn(controller, "0.001536", 20_000, 0, null, 50_000, LinkScenario.NONE, 4_000_000);
      case "alone_512k" ->
          builtIn(controller, "0.000512", 17_000, 0, null, 50_000, LinkScenario.NONE, 1_000_000);
      case "low_and_up" ->
          builtIn(controller, "0.01", 50_000, 0, null, 80_000, LinkScenario.LOW_AND_UP, 7_000_000);
      case "drop_and_back" ->
          builtIn(
              controller, "0.01", 50_000, 0, null, 80_000, LinkScenario.DROP_AND_BACK, 7_000_000);
      case "blackhole" ->
          builtIn(
              controller, "0.025", 35_000, 0, null, 80_000, LinkScenario.BLACK_HOLE, 10_000_000);
      // the spec sets no latency or queue: the custom text gives both, phase by phase
      case "short_long" ->
          new BulkSpec(
              LinkScheduleParser.parse(
                  "1000000:U0.01:D0.01:L15000:Q100000;60000000:U0.01:D0.01:L100000:Q200000"),
              nominalBitsPerSecond("0.01"),
              controller,
              POST_BYTES,
              20_000_000);
      // nb_connections 1: the background lines of the spec files are ignored
      case "bbloat" ->
          builtIn(controller, "0.02", 40_000, 0, null, 20_000_000, LinkScenario.NONE, 30_000_000);
      // c4_wifi_bad.txt has a 250 ms queue, bbr and cubic 80 ms
      case "wifi_bad" ->
          builtIn(
              controller,
              "0.01",
              1_000,
              7_000,
              JitterModel.WIFI,
              family.equals("bbr") || family.equals("cubic") ? 80_000 : 250_000,
              LinkScenario.NONE,
              4_000_000);
      case "wifi_fade" ->
          builtIn(controller, "0.02", 40_000, 0, null, 80_000, LinkScenario.WIFI_FADE, 10_000_000);
      case "wifi_suspension" ->
          builtIn(
              controller, "0.02", 5_000, 0, null, 20_000, LinkScenario.WIFI_SUSPENSION, 10_000_000);
      default -> throw new IllegalArgumentException("not a bulk scenario: '" + scenario + "'");
    };
  }

  private static BulkSpec builtIn(
      String controller,
      String rateGbps,
      long latencyMicros,
      long jitterMicros,
      JitterModel jitterModel,
      long queueMicros,
      LinkScenario linkScenario,
      long responseBytes) {
    LinkPhase base =
        LinkPhase.of(
                LinkPhase.FOREVER,
                LinkScheduleParser.referenceDouble(rateGbps),
                latencyMicros,
                queueMicros)
            .withJitter(jitterMicros, jitterModel == null ? JitterModel.GAUSSIAN : jitterModel);
    LinkSchedule schedule = linkScenario.schedule(base);
    return new BulkSpec(
        schedule, nominalBitsPerSecond(rateGbps), controller, POST_BYTES, responseBytes);
  }

  /** The spec's {@code data_rate_in_gbps}, the rate the load is measured against, in bit/s. */
  private static long nominalBitsPerSecond(String rateGbps) {
    return Math.round(LinkScheduleParser.referenceDouble(rateGbps) * 1e9);
  }

  /** {@code c4} for {@code c4:variant=v4}: which spec file's network the controller gets. */
  static String family(String controller) {
    int colon = controller.indexOf(':');
    return (colon < 0 ? controller : controller.substring(0, colon)).trim();
  }
}
