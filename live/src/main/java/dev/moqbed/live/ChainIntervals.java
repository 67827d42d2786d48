package dev.moqbed.live;

import dev.moqbed.live.interval.IntervalCollector;
import dev.moqbed.live.interval.IntervalProbe;
import dev.moqbed.live.interval.IntervalSampler;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.PathInterval;
import dev.moqbed.live.interval.TrackInterval;
import dev.moqbed.runtime.Scheduler;
import java.util.ArrayList;
import java.util.List;

/**
 * The samplers of one chain: the relay the subscribers use (source 0) and each subscriber (1...),
 * each on its own event loop, joined by one collector. A line is the subscribers' view (their
 * frames, latency and drops, added up) beside the relay's paths and the groups it dropped; the
 * relay's own frame counts stay out of it, since they would add to the subscribers' under the same
 * track. The chain stops each subscriber's sampler when it is done, so the last interval ends with
 * its last frame.
 */
final class ChainIntervals {
  /** How long the chain waits for the last intervals to be printed. */
  private static final long PRINT_TIMEOUT_MILLIS = 5_000;

  private final IntervalCollector collector;
  private final IntervalSampler relay;
  private final List<IntervalSampler> subscribers;

  private ChainIntervals(
      IntervalCollector collector, IntervalSampler relay, List<IntervalSampler> subscribers) {
    this.collector = collector;
    this.relay = relay;
    this.subscribers = subscribers;
  }

  /** Starts sampling now: the media starts at once after this. */
  static ChainIntervals start(
      ChainOptions options,
      long mediaMicros,
      Scheduler relayLoop,
      IntervalProbe relayProbe,
      List<? extends Scheduler> subscriberLoops,
      List<? extends IntervalProbe> subscriberProbes) {
    IntervalCollector collector =
        new IntervalCollector(
            relayLoop.nowMicros(),
            options.intervalMicros(),
            mediaMicros,
            1 + subscriberLoops.size(),
            options.intervals());
    IntervalSampler relay =
        IntervalSampler.start(relayLoop, new RelayDropsAndPaths(relayProbe), collector, 0);
    List<IntervalSampler> subscribers = new ArrayList<>();
    for (int i = 0; i < subscriberLoops.size(); i++) {
      subscribers.add(
          IntervalSampler.start(subscriberLoops.get(i), subscriberProbes.get(i), collector, 1 + i));
    }
    return new ChainIntervals(collector, relay, subscribers);
  }

  /**
   * The media has ended: the relay's last interval ends now, while its subscribers are still
   * connected, so that the last line shows their paths (they leave once their frames are in).
   */
  void publisherDone() {
    relay.stop();
  }

  void subscriberDone(int subscriber) {
    subscribers.get(subscriber).stop();
  }

  /** Stops the relay's sampler (and any still running) and waits for every interval to print. */
  List<IntervalSnapshot> finish() throws InterruptedException {
    subscribers.forEach(IntervalSampler::stop);
    relay.stop();
    return collector.awaitIntervals(PRINT_TIMEOUT_MILLIS);
  }

  /** Of the relay's intervals, the groups it dropped per track and its paths. */
  private record RelayDropsAndPaths(IntervalProbe relay) implements IntervalProbe {
    @Override
    public List<TrackInterval> takeTracks() {
      List<TrackInterval> drops = new ArrayList<>();
      for (TrackInterval track : relay.takeTracks()) {
        drops.add(new TrackInterval(track.track(), 0, 0, null, 0, 0, 0, track.dropped()));
      }
      return drops;
    }

    @Override
    public PathInterval path() {
      return relay.path();
    }
  }
}
