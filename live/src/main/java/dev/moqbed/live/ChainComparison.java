package dev.moqbed.live;

import dev.moqbed.media.FrameKind;
import dev.moqbed.output.Measure;
import dev.moqbed.output.Table;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One per-frame latency table for chains run once per controller: per controller, track and frame
 * kind, every subscriber's frames together — what a user comparing controllers live reads first.
 */
public final class ChainComparison {
  private final Map<String, LiveChain.Result> results = new LinkedHashMap<>();

  /** Adds the chain run with {@code controller} (as the relay's stack describes it). */
  public void add(String controller, LiveChain.Result result) {
    results.put(controller, result);
  }

  /**
   * Columns {@code cc,track,kind,sent,received,p50_us,p90_us,p99_us,max_us,stop_sending,
   * cancelled}: latencies over all subscribers' frames of that kind; {@code sent} and {@code
   * cancelled} (sent − received) per track, on the track's first row, over all subscribers.
   */
  public Table table() {
    Table table =
        new Table(
            "cc",
            "track",
            "kind",
            "sent",
            "received",
            "p50_us",
            "p90_us",
            "p99_us",
            "max_us",
            "stop_sending",
            "cancelled");
    results.forEach(
        (controller, result) -> {
          List<SubscriberReport> subscribers = result.subscribers();
          if (subscribers.isEmpty()) {
            return;
          }
          for (TrackReport first : subscribers.get(0).tracks()) {
            String track = first.track();
            long sent = result.publisher().objectsSent(track) * subscribers.size();
            long received = 0;
            long stopSending = 0;
            for (SubscriberReport subscriber : subscribers) {
              received += subscriber.track(track).received();
              stopSending += subscriber.track(track).stopSendingSent();
            }
            boolean firstRow = true;
            for (FrameKind kind : FrameKind.values()) {
              Histogram latency = new Histogram(3);
              for (SubscriberReport subscriber : subscribers) {
                Histogram own = subscriber.track(track).latency(kind);
                if (own != null) {
                  latency.add(own);
                }
              }
              if (latency.getTotalCount() == 0) {
                continue;
              }
              table.row(
                  controller,
                  track,
                  kind.name(),
                  firstRow ? sent : null,
                  latency.getTotalCount(),
                  Measure.micros(latency.getValueAtPercentile(50)),
                  Measure.micros(latency.getValueAtPercentile(90)),
                  Measure.micros(latency.getValueAtPercentile(99)),
                  Measure.micros(latency.getMaxValue()),
                  firstRow ? stopSending : null,
                  firstRow ? sent - received : null);
              firstRow = false;
            }
          }
        });
    return table;
  }
}
