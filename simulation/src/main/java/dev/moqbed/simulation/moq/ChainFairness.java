package dev.moqbed.simulation.moq;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.media.FrameKind;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.quicperf.MediaCheck;
import dev.moqbed.quicperf.MediaStalls;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.EcnMarking;
import dev.moqbed.simulation.FairnessSimulation;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.subscriber.FrameRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fairness scenario's figures (beyond the draft) for a run of the MoQ chain, simulated or live:
 * the same rule as the draft workload's {@link MediaStalls} and {@link FairnessSimulation}, applied
 * to what the publisher sent and the subscriber received, so a MoQ row sits in the fairness table
 * beside a draft-workload row and means the same.
 *
 * <p>The checked frames are the objects of the tracks not in the spec's {@code media_excluded}
 * ({@code a1} and {@code vlow}: {@code vmid} is the layer the subscriber may drop), video objects
 * only from {@code media_stats_start} after the media's first capture and audio datagrams always,
 * as the draft's statistics choose them. A checked frame stalls when it arrived more than {@link
 * MediaStalls#DEFAULT_DEADLINE_MICROS} after its capture or never (a lost datagram, an object of a
 * reset group). Frames the publisher never sent are not counted: the publisher sends its whole
 * media whatever the network does, so only a shortened run ({@code live run --duration}) has fewer,
 * by choice. The media latency columns are those of the fairness table too: the largest per-track
 * average and maximum over the checked frames (a MoQ-chain row of the draft's scenarios takes every
 * track and frame instead), while {@code media_streams} keeps every track.
 */
public final class ChainFairness {
  /** The columns of a MoQ-chain fairness row after the standard ones of runs.csv, in order. */
  public static final List<String> EXTRA_COLUMNS = extraColumns();

  private ChainFairness() {}

  private static List<String> extraColumns() {
    List<String> columns = new ArrayList<>(MoqChainSimulation.EXTRA_COLUMNS);
    columns.add("media_stalls");
    columns.add("bulk_completion_us");
    return List.copyOf(columns);
  }

  /**
   * One run of a fairness scenario through the MoQ chain in virtual time, until the bulk download
   * has finished too (within the same time limit): its row of runs.csv and every frame.
   */
  public static CompletedRun runWithFrames(
      ResolvedScenario resolved, int run, long seed, RunVariation variation) {
    MoqChainSimulation.Outcome outcome =
        new MoqChainSimulation(
                resolved.spec(), ControllerRegistry.standard(), EcnMarking.DEFAULT, variation)
            .untilBackgroundCloses()
            .run(seed, run);
    return new CompletedRun(
        record(
            outcome, resolved.spec(), resolved.scenario().name(), resolved.controller(), run, seed),
        outcome.frameTable(run));
  }

  /** A simulated MoQ-chain run of a fairness scenario as its row of runs.csv. */
  public static RunRecord record(
      MoqChainSimulation.Outcome outcome,
      SimSpec spec,
      String scenario,
      String controller,
      int run,
      long seed) {
    List<Long> bulk = outcome.backgroundCompletionMicros();
    return record(
        outcome.record(scenario, controller, run, seed),
        spec,
        outcome.sent(),
        outcome.frames(),
        bulk.isEmpty() ? -1 : bulk.get(0));
  }

  /**
   * {@code chainRecord} (a MoQ-chain row) with the fairness columns and the checked tracks' media
   * latencies.
   *
   * @param spec the fairness scenario's spec: which tracks are checked and from when
   * @param sent every object the publisher sent
   * @param frames every frame the subscriber received
   * @param bulkCompletionMicros the bulk download's time from its start to its end, -1 when it had
   *     not finished (the column stays empty)
   */
  public static RunRecord record(
      RunRecord chainRecord,
      SimSpec spec,
      List<MediaObject> sent,
      List<FrameRecord> frames,
      long bulkCompletionMicros) {
    Checked checked = checked(spec, sent, frames);
    Map<String, String> extra = new LinkedHashMap<>(chainRecord.extra());
    extra.put("media_stalls", Long.toString(checked.stalls()));
    if (bulkCompletionMicros >= 0) {
      extra.put("bulk_completion_us", Long.toString(bulkCompletionMicros));
    }
    return new RunRecord(
        chainRecord.scenario(),
        chainRecord.controller(),
        chainRecord.run(),
        chainRecord.seed(),
        chainRecord.completionTimeMicros(),
        chainRecord.rttAverageMicros(),
        chainRecord.rttStandardDeviationMicros(),
        chainRecord.load(),
        checked.latencies().averageLatencyMicros(),
        checked.latencies().maxLatencyMicros(),
        extra);
  }

  /**
   * The checked frames of one run.
   *
   * @param stalls checked frames later than the deadline or never received
   * @param frames checked frames, received or not
   * @param latencies the received checked frames' latencies per track
   */
  record Checked(long stalls, long frames, TrackLatencies latencies) {}

  static Checked checked(SimSpec spec, List<MediaObject> sent, List<FrameRecord> frames) {
    String excluded = String.join(",", spec.mediaExcluded());
    List<String> checkedTracks = new ArrayList<>();
    for (MediaFlow flow : spec.mainScenario().flows()) {
      if (!MediaCheck.isExcluded(excluded, flow.id())) {
        checkedTracks.add(flow.id());
      }
    }
    Map<FrameKey, FrameRecord> arrivals = new HashMap<>(frames.size() * 2);
    for (FrameRecord frame : frames) {
      arrivals.put(new FrameKey(frame.track(), frame.groupId(), frame.objectId()), frame);
    }
    long origin = Long.MAX_VALUE;
    for (MediaObject object : sent) {
      origin = Math.min(origin, object.captureTimeMicros());
    }
    long stalls = 0;
    long counted = 0;
    TrackLatencies latencies = new TrackLatencies();
    for (MediaObject object : sent) {
      String track = object.track().name();
      if (!checkedTracks.contains(track)) {
        continue;
      }
      boolean datagram = object.kind() == FrameKind.AUDIO;
      if (!datagram && object.captureTimeMicros() - origin < spec.mediaStatsStartMicros()) {
        continue;
      }
      counted++;
      FrameRecord arrival = arrivals.get(new FrameKey(track, object.groupId(), object.objectId()));
      if (arrival == null) {
        stalls++;
        continue;
      }
      latencies.add(track, arrival.latencyMicros());
      if (arrival.latencyMicros() > MediaStalls.DEFAULT_DEADLINE_MICROS) {
        stalls++;
      }
    }
    return new Checked(stalls, counted, latencies);
  }

  private record FrameKey(String track, long group, long object) {}
}
