package dev.moqbed.live;

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
                  known(known, path.smoothedRttMicros()),
                  known(known, path.minRttMicros()),
                  known(known, path.congestionWindowBytes()),
                  known(known, path.pacingRateBytesPerSecond() * 8),
                  known(known, path.deliveryRateBytesPerSecond() * 8),
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
    Table table = new Table(columns.toArray(String[]::new));
    int index = 1;
    for (SubscriberReport report : result.subscribers()) {
      for (TrackReport track : report.tracks()) {
        long sent = result.publisher().objectsSent(track.track());
        Histogram latency = track.latency();
        boolean any = latency.getTotalCount() > 0;
        List<Object> cells =
            new ArrayList<>(
                Arrays.asList(
                    index,
                    track.track(),
                    sent,
                    track.received(),
                    sent - track.received(),
                    any ? latency.getValueAtPercentile(50) : null,
                    any ? latency.getValueAtPercentile(90) : null,
                    any ? latency.getValueAtPercentile(99) : null,
                    any ? latency.getMaxValue() : null,
                    track.stopSendingSent()));
        for (int hop = 0; hop < hops; hop++) {
          Histogram hopLatency = track.hopLatency(hop);
          boolean seen = hopLatency.getTotalCount() > 0;
          cells.add(seen ? hopLatency.getValueAtPercentile(50) : null);
          cells.add(seen ? hopLatency.getValueAtPercentile(99) : null);
        }
        table.row(cells.toArray());
      }
      index++;
    }
    return table;
  }
}
