package dev.moqbed.app;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.spec.BatchTransfer;
import dev.moqbed.media.spec.MediaItem;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.spec.SimSpec;
import java.util.List;

/**
 * A draft media scenario as {@code live run} plays it, taken from what the simulator's MoQ workload
 * runs ({@code MoqChainSimulation}): the scenario's link (both directions, its schedule), its main
 * text as the publisher's media (one track per flow), its length, and, for {@code media_backload},
 * its background connection: a bulk upload on the return path, started at the background start.
 *
 * @param resolved the catalogue's scenario with the controller under test (the simulator's spec)
 * @param backload the background upload, or null when the scenario has none
 */
record LiveScenario(String name, ResolvedScenario resolved, Backload backload) {
  /** The draft's media scenarios that {@code live run} plays (media_ecn: ECN is not carried). */
  static final List<String> SUPPORTED =
      List.of(
          "media",
          "media10",
          "media_600fr",
          "media_short_long",
          "media_wb",
          "media_wf",
          "media_ws",
          "media_backload");

  /**
   * The spec's background connection as a bulk upload.
   *
   * @param bytes what the client posts (quicperf's {@code =b1:10000000:128;}: 10 MB)
   * @param startMicros when it starts, from the media's start
   * @param controller the background controller of the spec ({@code cubic})
   */
  record Backload(long bytes, long startMicros, String controller) {
    /** The upload's stack: the project's controller on its stack, quiche's own Cubic on quiche. */
    LiveStack stack(LiveTransport transport) {
      return transport == LiveTransport.QUICHE
          ? LiveStack.quicheDefault()
          : LiveStack.of(LiveTransport.MOQBED, controller);
    }
  }

  /**
   * The scenario called {@code name} with {@code controller} (a project controller, or the draft's
   * c4 file for a quiche one, whose link is the same).
   *
   * @throws IllegalArgumentException for a scenario {@code live run} does not play, listing those
   */
  static LiveScenario of(String name, String controller) {
    if (!SUPPORTED.contains(name)) {
      throw new IllegalArgumentException(
          "live runs play the draft's media scenarios only: '"
              + name
              + "' is not one of "
              + String.join(", ", SUPPORTED));
    }
    String algorithm =
        controller.startsWith("quiche:") ? ScenarioCatalog.FALLBACK_ALGORITHM : controller;
    ResolvedScenario resolved = ScenarioCatalog.standard().resolve(name, algorithm);
    SimSpec spec = resolved.spec();
    Backload backload = null;
    if (spec.hasBackground()) {
      long bytes = 0;
      for (MediaItem item : spec.backgroundScenario().orElseThrow().items()) {
        if (item instanceof BatchTransfer batch) {
          bytes += batch.postBytes() * Math.max(1, batch.repeatCount());
        }
      }
      if (bytes <= 0 || spec.connectionCount() != 2) {
        throw new IllegalArgumentException(
            name
                + ": its background connections are not one bulk upload; live runs cannot play it");
      }
      backload = new Backload(bytes, spec.backgroundStartMicros(), spec.backgroundCcAlgo());
    }
    return new LiveScenario(name, resolved, backload);
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
