package dev.moqbed.scenarios.live;

import dev.moqbed.scenarios.report.Table;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import org.HdrHistogram.Histogram;

/** The chain's per-subscriber, per-track table. */
public final class ChainTable {
  private ChainTable() {}

  /**
   * The relay's path to each subscriber as quiche last reported it: smoothed RTT, congestion
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
   * stop_sending}. {@code cancelled} = sent − received: frames the subscriber did not get, which on
   * loopback means frames of groups its STOP_SENDING (or the relay's queue limit) dropped.
   */
  public static Table of(LiveChain.Result result) {
    Table table =
        new Table(
            "subscriber",
            "track",
            "sent",
            "received",
            "cancelled",
            "p50_us",
            "p90_us",
            "p99_us",
            "max_us",
            "stop_sending");
    int index = 1;
    for (SubscriberReport report : result.subscribers()) {
      for (TrackReport track : report.tracks()) {
        long sent = result.publisher().objectsSent(track.track());
        Histogram latency = track.latency();
        boolean any = latency.getTotalCount() > 0;
        table.row(
            index,
            track.track(),
            sent,
            track.received(),
            sent - track.received(),
            any ? latency.getValueAtPercentile(50) : null,
            any ? latency.getValueAtPercentile(90) : null,
            any ? latency.getValueAtPercentile(99) : null,
            any ? latency.getMaxValue() : null,
            track.stopSendingSent());
      }
      index++;
    }
    return table;
  }
}
