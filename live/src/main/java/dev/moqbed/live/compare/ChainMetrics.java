package dev.moqbed.live.compare;

import dev.moqbed.live.LiveChain;
import dev.moqbed.live.compare.ComparedMetric.Unit;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.media.spec.MediaTransport;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The figures a comparison keeps of each chain run, for a media mix: per datagram track (audio) the
 * latency p50 and p99, per stream track (video) the mean and p90, per track the share of frames
 * delivered, then the STOP_SENDING the subscribers sent and the stalls. Latencies are over every
 * subscriber's frames of the track together.
 *
 * <p>A stall is a frame of a track the subscribers never drop (no reset delay in the mix: audio and
 * {@code vlow} in the draft's) that arrived more than {@link #STALL_MICROS} after its capture, or
 * never: the draft workload's rule ({@code MediaStalls}).
 */
public final class ChainMetrics {
  /** The draft's stall deadline, 400 ms. */
  public static final long STALL_MICROS = 400_000;

  private ChainMetrics() {}

  /** The metrics of {@code media}, in the order they print. */
  public static List<ComparedMetric> of(MediaSpec media) {
    List<ComparedMetric> metrics = new ArrayList<>();
    for (MediaFlow flow : media.flows()) {
      String track = flow.id();
      if (flow.transport() == MediaTransport.DATAGRAM) {
        metrics.add(latency(track, "p50", r -> percentile(r, track, 50)));
        metrics.add(latency(track, "p99", r -> percentile(r, track, 99)));
      } else {
        metrics.add(latency(track, "mean", r -> mean(r, track)));
        metrics.add(latency(track, "p90", r -> percentile(r, track, 90)));
      }
    }
    for (MediaFlow flow : media.flows()) {
      String track = flow.id();
      metrics.add(
          new ComparedMetric(
              track + "_delivered_pct",
              track + " delivered",
              Unit.PERCENT,
              false,
              r -> delivered(r, track)));
    }
    metrics.add(
        new ComparedMetric(
            "stop_sending", "STOP_SENDING", Unit.COUNT, true, ChainMetrics::stopSending));
    List<String> kept =
        media.flows().stream().filter(f -> f.resetDelayMicros() == 0).map(MediaFlow::id).toList();
    metrics.add(new ComparedMetric("stalls", "stalls", Unit.COUNT, true, r -> stalls(r, kept)));
    return List.copyOf(metrics);
  }

  private static ComparedMetric latency(
      String track, String statistic, java.util.function.ToDoubleFunction<LiveChain.Result> f) {
    return new ComparedMetric(
        track + "_" + statistic + "_us", track + " " + statistic, Unit.MICROSECONDS, true, f);
  }

  /** Every subscriber's latencies of {@code track} in one histogram (µs). */
  static Histogram latencies(LiveChain.Result result, String track) {
    Histogram all = new Histogram(3);
    for (SubscriberReport subscriber : result.subscribers()) {
      TrackReport report = subscriber.track(track);
      if (report != null) {
        all.add(report.latency());
      }
    }
    return all;
  }

  private static double percentile(LiveChain.Result result, String track, double percentile) {
    Histogram all = latencies(result, track);
    return all.getTotalCount() == 0 ? Double.NaN : all.getValueAtPercentile(percentile);
  }

  private static double mean(LiveChain.Result result, String track) {
    Histogram all = latencies(result, track);
    return all.getTotalCount() == 0 ? Double.NaN : all.getMean();
  }

  private static double delivered(LiveChain.Result result, String track) {
    long expected = result.publisher().objectsSent(track) * result.subscribers().size();
    if (expected == 0) {
      return Double.NaN;
    }
    return 100.0 * latencies(result, track).getTotalCount() / expected;
  }

  private static double stopSending(LiveChain.Result result) {
    long sent = 0;
    for (SubscriberReport subscriber : result.subscribers()) {
      for (TrackReport track : subscriber.tracks()) {
        sent += track.stopSendingSent();
      }
    }
    return sent;
  }

  private static double stalls(LiveChain.Result result, List<String> tracks) {
    long stalls = 0;
    for (String track : tracks) {
      Histogram all = latencies(result, track);
      long expected = result.publisher().objectsSent(track) * result.subscribers().size();
      stalls += Math.max(0, expected - all.getTotalCount());
      if (all.getTotalCount() > 0 && all.getMaxValue() > STALL_MICROS) {
        stalls += all.getCountBetweenValues(STALL_MICROS + 1, all.getMaxValue());
      }
    }
    return stalls;
  }
}
