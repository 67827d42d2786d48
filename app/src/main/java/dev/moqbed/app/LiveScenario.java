package dev.moqbed.app;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.spec.BatchTransfer;
import dev.moqbed.media.spec.MediaItem;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.netty.QuicheController;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.scenarios.spec.SimSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * A scenario as {@code live run} plays it, taken from what the simulator's MoQ workload runs
 * ({@code MoqChainSimulation}): the scenario's link (both directions, its schedule), its main text
 * as the publisher's media (one track per flow), its length, and its background connection if it
 * has one, as a bulk QUIC flow started at the background start: {@code media_backload}'s upload on
 * the return path, the fairness scenarios' download beside the media.
 *
 * @param resolved the catalogue's scenario with the controller under test (the simulator's spec)
 * @param bulk the background connection as a bulk flow, or null when the scenario has none
 */
record LiveScenario(String name, ResolvedScenario resolved, BulkFlow bulk) {
  /** The draft's media scenarios that {@code live run} plays (media_ecn: ECN is not carried). */
  static final List<String> DRAFT_SCENARIOS =
      List.of(
          "media",
          "media10",
          "media_600fr",
          "media_short_long",
          "media_wb",
          "media_wf",
          "media_ws",
          "media_backload");

  /** Every scenario {@code live run} plays: the draft's media ones, then the fairness ones. */
  static final List<String> SUPPORTED = supported();

  private static List<String> supported() {
    List<String> names = new ArrayList<>(DRAFT_SCENARIOS);
    names.addAll(ScenarioGroup.FAIRNESS.scenarios());
    return List.copyOf(names);
  }

  /** Which way a bulk flow's bytes go, and so which direction of the emulator it shares. */
  enum Direction {
    /** Client to server: the up link, with the subscriber's acknowledgements. */
    UPLOAD,
    /** Server to client: the down link, with the relay's media (the bottleneck under test). */
    DOWNLOAD
  }

  /**
   * The spec's background connection as a bulk flow on real QUIC.
   *
   * @param direction an upload of the bytes quicperf posts ({@code =b1:10000000:128;}: 10 MB up),
   *     or a download of those it asks for ({@code =b1:*1:397:15000000;}: 15 MB down), whichever is
   *     the larger
   * @param requestBytes what the client posts first (a download's request)
   * @param bytes what the flow carries in its direction
   * @param startMicros when it starts, from the media's start
   * @param controller the background controller of the spec ({@code cubic})
   */
  record BulkFlow(
      Direction direction, long requestBytes, long bytes, long startMicros, String controller) {
    /**
     * The flow's stack: the spec's controller on the project's stack, or quiche's counterpart of it
     * on quiche ({@code newreno} as {@code quiche:reno}; quiche has no C4).
     *
     * @throws IllegalArgumentException for a controller quiche has no counterpart of
     */
    LiveStack stack(LiveTransport transport) {
      if (transport == LiveTransport.MOQBED) {
        return LiveStack.of(LiveTransport.MOQBED, controller);
      }
      String quiche =
          switch (controller) {
            case "newreno" -> "quiche:reno";
            case "cubic" -> "quiche:cubic";
            case "bbr" -> "quiche:bbr";
            default ->
                throw new IllegalArgumentException(
                    "quiche has no counterpart of the bulk controller '"
                        + controller
                        + "': use --bulk-transport moqbed (quiche offers "
                        + QuicheController.IDS
                        + ")");
          };
      return LiveStack.of(LiveTransport.QUICHE, quiche);
    }
  }

  /**
   * The scenario called {@code name} with {@code controller} (a project controller, or the
   * scenario's c4 file for a quiche one, whose link is the same).
   *
   * @throws IllegalArgumentException for a scenario {@code live run} does not play, listing those
   */
  static LiveScenario of(String name, String controller) {
    if (!SUPPORTED.contains(name)) {
      throw new IllegalArgumentException(
          "live runs play the draft's media scenarios and the fairness ones only: '"
              + name
              + "' is not one of "
              + String.join(", ", SUPPORTED));
    }
    String algorithm =
        controller.startsWith("quiche:") ? ScenarioCatalog.FALLBACK_ALGORITHM : controller;
    ResolvedScenario resolved = ScenarioCatalog.standard().resolve(name, algorithm);
    SimSpec spec = resolved.spec();
    BulkFlow bulk = null;
    if (spec.hasBackground()) {
      long posted = 0;
      long answered = 0;
      for (MediaItem item : spec.backgroundScenario().orElseThrow().items()) {
        if (item instanceof BatchTransfer batch && !batch.unlimitedResponse()) {
          long copies = Math.max(1, batch.repeatCount());
          posted += batch.postBytes() * copies;
          answered += batch.responseBytes() * copies;
        }
      }
      if (posted + answered <= 0 || spec.connectionCount() != 2) {
        throw new IllegalArgumentException(
            name + ": its background connections are not one bulk flow; live runs cannot play it");
      }
      bulk =
          posted >= answered
              ? new BulkFlow(
                  Direction.UPLOAD,
                  posted,
                  posted,
                  spec.backgroundStartMicros(),
                  spec.backgroundCcAlgo())
              : new BulkFlow(
                  Direction.DOWNLOAD,
                  Math.max(1, posted),
                  answered,
                  spec.backgroundStartMicros(),
                  spec.backgroundCcAlgo());
    }
    return new LiveScenario(name, resolved, bulk);
  }

  /** Whether it is one of the fairness scenarios (beyond the draft): its rows count stalls. */
  boolean fairness() {
    return ScenarioGroup.FAIRNESS.scenarios().contains(name);
  }

  SimSpec spec() {
    return resolved.spec();
  }

  LinkSchedule link() {
    return spec().linkSchedule();
  }

  MediaSpec media() {
    return spec().mainScenario();
  }

  /** The media's length: its longest flow. */
  long mediaMicros() {
    return media().flows().stream().mapToLong(flow -> flow.durationMicros()).max().orElse(0);
  }
}
