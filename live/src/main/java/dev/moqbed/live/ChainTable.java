package dev.moqbed.live;

import dev.moqbed.output.Measure;
import dev.moqbed.output.Table;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.HdrHistogram.Histogram;

/** The chain's per-subscriber, per-track table. */
public final class ChainTable {
  private ChainTable() {}

  /**
   * The relay's path to each subscriber as its transport last reported it: smoothed and min RTT,
   * congestion window, pacing and delivery rate, packets sent and lost, then the controller's own
   * state and variables ({@code cc_state}, {@code cc_NAME}: the project's stack only). Empty cells
   * for what the transport does not give (quiche: min RTT, pacing rate, the controller's state) or
   * when no sample was taken.
   */
  public static Table paths(LiveChain.Result result) {
    Set<String> controllerValues = new LinkedHashSet<>();
    for (PathStats path : result.relayPaths()) {
      controllerValues.addAll(path.controller().values().keySet());
    }
    List<String> columns =
        new ArrayList<>(
            List.of(
                "subscriber",
                "srtt_us",
                "min_rtt_us",
                "cwnd_bytes",
                "pacing_rate_bps",
                "delivery_rate_bps",
                "packets_sent",
                "packets_lost",
                "cc_state"));
    controllerValues.forEach(name -> columns.add("cc_" + name));
    Table table = new Table(columns.toArray(String[]::new));
    int index = 1;
    for (PathStats path : result.relayPaths()) {
      boolean known = path.smoothedRttMicros() >= 0;
      List<Object> cells =
          new ArrayList<>(
              Arrays.asList(
                  index++,
                  time(known, path.smoothedRttMicros()),
                  time(known, path.minRttMicros()),
                  known(known, path.congestionWindowBytes()),
                  rate(known, path.pacingRateBytesPerSecond()),
                  rate(known, path.deliveryRateBytesPerSecond()),
                  known(known, path.packetsSent()),
                  known(known, path.packetsLost()),
                  known && !path.controller().state().isEmpty()
                      ? path.controller().state()
                      : null));
      for (String name : controllerValues) {
        cells.add(known ? path.controller().values().get(name) : null);
      }
      table.row(cells.toArray());
    }
    return table;
  }

  /**
   * A rate above this is no measurement but a controller's "not pacing" (one reported 11.5 Tbit/s
   * on loopback): no link the testbed drives comes near 1 Tbit/s.
   */
  private static final long MAX_RATE_BYTES_PER_SECOND = 125_000_000_000L;

  private static Measure time(boolean sampled, long micros) {
    return sampled && micros >= 0 ? Measure.micros(micros) : null;
  }

  private static Measure rate(boolean sampled, long bytesPerSecond) {
    return sampled && bytesPerSecond >= 0 && bytesPerSecond <= MAX_RATE_BYTES_PER_SECOND
        ? Measure.bitsPerSecond(bytesPerSecond * 8)
        : null;
  }

  private static Measure latency(Histogram histogram, double percentile) {
    if (histogram.getTotalCount() == 0) {
      return null;
    }
    return Measure.micros(
        percentile >= 100 ? histogram.getMaxValue() : histogram.getValueAtPercentile(percentile));
  }

  /** The figure, or null (an empty cell) when unknown: no sample, or -1 from the transport. */
  private static Long known(boolean sampled, long value) {
    return sampled && value >= 0 ? value : null;
  }

  /**
   * Columns {@code subscriber,track,sent,received,cancelled,p50_us,p90_us,p99_us,max_us,
   * stop_sending}, then {@code hopK_p50_us,hopK_p99_us} for each hop K (1 = publisher to the first
   * relay, the last = the last relay to the subscriber; from the relays' arrival stamps). {@code
   * cancelled} = sent − received: frames the subscriber did not get, which on loopback means frames
   * of groups its STOP_SENDING (or the relay's queue limit) dropped.
   */
  public static Table of(LiveChain.Result result) {
    int hops = result.subscriptionsPerRelay().size() + 1;
    List<String> columns =
        new ArrayList<>(
            List.of(
                "subscriber",
                "track",
                "sent",
                "received",
                "cancelled",
                "p50_us",
                "p90_us",
                "p99_us",
                "max_us",
                "stop_sending"));
    for (int hop = 1; hop <= hops; hop++) {
      columns.add("hop" + hop + "_p50_us");
      columns.add("hop" + hop + "_p99_us");
    }
    Table table = new Table(columns.toArray(String[]::new)).keyColumns(2);
    int index = 1;
    for (SubscriberReport report : result.subscribers()) {
      for (TrackReport track : report.tracks()) {
        long sent = result.publisher().objectsSent(track.track());
        Histogram latency = track.latency();
        List<Object> cells =
            new ArrayList<>(
                Arrays.asList(
                    index,
                    track.track(),
                    sent,
                    track.received(),
                    sent - track.received(),
                    latency(latency, 50),
                    latency(latency, 90),
                    latency(latency, 99),
                    latency(latency, 100),
                    track.stopSendingSent()));
        for (int hop = 0; hop < hops; hop++) {
          Histogram hopLatency = track.hopLatency(hop);
          cells.add(latency(hopLatency, 50));
          cells.add(latency(hopLatency, 99));
        }
        table.row(cells.toArray());
      }
      index++;
    }
    return table;
  }
}
