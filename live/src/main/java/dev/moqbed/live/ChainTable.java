package dev.moqbed.live;

import dev.moqbed.output.Table;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/** The chain's per-subscriber, per-track table. */
public final class ChainTable {
  private ChainTable() {}

  /**
   * The relay's path to each subscriber as its stack last reported it: smoothed RTT, congestion
   * window, delivery rate, packets sent and lost. Empty cells when no sample was taken.
   */
  public static Table paths(LiveChain.Result result) {
    Table table =
        new Table(
            "subscriber",
            "srtt_us",
            "cwnd_bytes",
            "delivery_rate_bps",
            "packets_sent",
            "packets_lost");
    int index = 1;
    for (PathStats path : result.relayPaths()) {
      boolean known = path.smoothedRttMicros() >= 0;
      table.row(
          index++,
          known ? path.smoothedRttMicros() : null,
          known ? path.congestionWindowBytes() : null,
          known ? path.deliveryRateBytesPerSecond() * 8 : null,
          known ? path.packetsSent() : null,
          known ? path.packetsLost() : null);
    }
    return table;
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
