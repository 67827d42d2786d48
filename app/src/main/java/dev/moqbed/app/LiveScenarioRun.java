package dev.moqbed.app;

import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.ExternalSubscriber;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.MediaObject;
import dev.moqbed.netem.DirectionSample;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.moq.ChainFairness;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.simulation.moq.TrackLatencies;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One live run of a scenario with one controller: publisher → relay → one subscriber on loopback,
 * the link emulator between relay and subscriber, the subscriber stopping late {@code vmid} groups
 * as the simulator's does ({@link MoqChainSimulation#LATE_MICROS}); and the run as the simulator
 * writes it — a row of {@code runs.csv} in the MoQ chain's layout and the frames file of every
 * object the publisher sent, with its arrival or its loss.
 *
 * @param chain what the chain measured
 * @param sent every object the publisher handed to the relay, in capture order
 * @param frames every frame the subscriber received, in arrival order
 * @param bulk the bulk flow ({@code media_backload}'s upload, a fairness scenario's download), or
 *     null
 * @param elapsedMicros wall time from the publisher's first object to the chain's end (every
 *     subscriber reported, the endpoints closed), or -1 when no object was sent
 * @param emulator the emulator's totals over the run, up then down (empty if unknown)
 */
record LiveScenarioRun(
    LiveChain.Result chain,
    List<MediaObject> sent,
    List<FrameRecord> frames,
    LiveScenarioRoute.BulkResult bulk,
    long elapsedMicros,
    List<DirectionSample> emulator) {

  /**
   * A live row's controller column: the controller with this prefix, so report tells them apart.
   */
  static final String LABEL_PREFIX = "live:";

  /** The label of a live run of {@code controller} in runs.csv and the frames folders. */
  static String label(String controller) {
    return LABEL_PREFIX + controller;
  }

  /**
   * The label of a live run of {@code controller} whose bulk flow ran on {@code bulkStack}: {@link
   * #label(String)}, and when the bulk flow was quiche's, its controller after {@value #BULK_MARK},
   * so the fairness table keeps it apart from the project's ({@code live:c4/bulk=quiche:cubic}).
   */
  static String label(String controller, LiveStack bulkStack) {
    return bulkStack == null || bulkStack.transport() == LiveTransport.MOQBED
        ? label(controller)
        : label(controller) + BULK_MARK + bulkStack.controller();
  }

  /** What separates the media's controller from a quiche bulk flow's in a row's label. */
  static final String BULK_MARK = "/bulk=";

  /**
   * Runs {@code scenario} once live.
   *
   * @param stack every endpoint's stack; its controller is the relay's, the one under test
   * @param bulkStack the bulk flow's stack, null when the scenario has none
   * @param seed the master seed; with {@code run}, the emulator draws its jitter as the simulator's
   *     run {@code run} of this seed does
   * @param run the run number
   * @param durationMicros the publisher's length, 0 = the scenario's media length
   * @param receiver the subscriber another program runs (Chromium), or null for the project's
   */
  static LiveScenarioRun run(
      LiveScenario scenario,
      LiveStack stack,
      LiveStack bulkStack,
      long seed,
      int run,
      long durationMicros,
      Path certificates,
      ExternalSubscriber receiver,
      Consumer<String> log)
      throws IOException, InterruptedException {
    LiveScenarioRoute route = new LiveScenarioRoute(scenario, bulkStack, seed, run, certificates);
    List<MediaObject> sent = Collections.synchronizedList(new ArrayList<>());
    List<FrameRecord> frames = Collections.synchronizedList(new ArrayList<>());
    long[] mediaStart = {-1};
    ChainOptions options =
        ChainOptions.builder()
            .media(scenario.media())
            .durationMicros(durationMicros)
            .subscribers(1)
            .stacks(stack, stack)
            .lateMicros(MoqChainSimulation.LATE_MICROS)
            .droppableTracks(Set.of(MoqChainSimulation.DROPPABLE_TRACK))
            .subscriberRoute(route)
            .externalSubscriber(receiver)
            .objectsSent(
                object -> {
                  if (sent.isEmpty()) {
                    mediaStart[0] = EventLoopScheduler.wallClockMicros();
                    route.mediaStarted();
                  }
                  sent.add(object);
                })
            .frames((subscriber, frame) -> frames.add(frame))
            .log(log)
            .build();
    LiveChain.Result result = LiveChain.run(options);
    long ended = EventLoopScheduler.wallClockMicros();
    return new LiveScenarioRun(
        result,
        List.copyOf(sent),
        List.copyOf(frames),
        route.lastBulk(),
        mediaStart[0] < 0 ? -1 : ended - mediaStart[0],
        route.lastTotals());
  }

  SubscriberReport report() {
    return chain.subscribers().get(0);
  }

  boolean completed() {
    return report().completed();
  }

  /** Every object sent, with its arrival or its loss, as rows of run {@code run}. */
  FrameTable frameTable(int run) {
    FrameTable table = new FrameTable();
    table.add(run, sent, frames);
    return table;
  }

  /**
   * The run as a row of runs.csv, in the MoQ chain's columns ({@link
   * MoqChainSimulation#EXTRA_COLUMNS}) and with its media figures computed as the simulator's
   * ({@code MoqChainSimulation.Outcome.record}): the largest per-track average and maximum frame
   * latency over every track. The completion time of a completed run is {@link #elapsedMicros} (the
   * simulator's counts from its start, a handshake earlier, and ends when the subscriber finished).
   * What a live run cannot know stays empty: the RTT average and the load (the relay's path gives
   * only its last smoothed RTT), events and simulated time. A fairness scenario's row adds its
   * columns ({@link ChainFairness}: stalls, the bulk download's completion, the checked tracks'
   * latencies) as the simulated MoQ chain's.
   *
   * @param label the row's controller column ({@link #label(String, LiveStack)})
   */
  RunRecord record(LiveScenario scenario, String label, int run, long seed) {
    RunRecord chainRecord = chainRecord(scenario.name(), label, run, seed);
    if (!scenario.fairness()) {
      return chainRecord;
    }
    return ChainFairness.record(
        chainRecord, scenario.spec(), sent, frames, bulk == null ? -1 : bulk.completionMicros());
  }

  /** The columns of {@link #record}'s rows for {@code scenario}, after the standard ones. */
  static List<String> extraColumns(LiveScenario scenario) {
    return scenario.fairness() ? ChainFairness.EXTRA_COLUMNS : MoqChainSimulation.EXTRA_COLUMNS;
  }

  private RunRecord chainRecord(String scenario, String label, int run, long seed) {
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("completed", Boolean.toString(completed()));
    extra.put(MoqChainSimulation.WORKLOAD_COLUMN, MoqChainSimulation.WORKLOAD);
    PathStats path = chain.relayPaths().isEmpty() ? PathStats.UNKNOWN : chain.relayPaths().get(0);
    if (path.packetsLost() >= 0) {
      extra.put("main_packets_lost", Long.toString(path.packetsLost()));
    }
    if (path.bytesSent() >= 0) {
      extra.put("main_bytes_sent", Long.toString(path.bytesSent()));
    }
    extra.put("frames_sent", Integer.toString(sent.size()));
    extra.put("frames_received", Integer.toString(frames.size()));
    long stopSending = 0;
    for (TrackReport track : report().tracks()) {
      stopSending += track.stopSendingSent();
    }
    TrackLatencies latencies = new TrackLatencies();
    for (FrameRecord frame : frames) {
      latencies.add(frame.track(), frame.latencyMicros());
    }
    extra.put("frames_cancelled", Integer.toString(frameTable(run).cancelledRows()));
    extra.put("stop_sending", Long.toString(stopSending));
    extra.put("media_streams", latencies.mediaStreams());
    return new RunRecord(
        scenario,
        label,
        run,
        seed,
        completed() && elapsedMicros >= 0 ? elapsedMicros : null,
        null,
        null,
        null,
        latencies.averageLatencyMicros(),
        latencies.maxLatencyMicros(),
        extra);
  }
}
