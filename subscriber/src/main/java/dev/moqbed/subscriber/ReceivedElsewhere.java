package dev.moqbed.subscriber;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of a subscriber that ran outside this process, such as a browser page: built from the
 * frames it measured and the STOP_SENDING counts it reported, as {@link Subscriber} would have
 * recorded them, so tables and runs treat both receivers alike. What such a subscriber does not
 * report (streams started and reset, reconnect gaps) stays zero.
 */
public final class ReceivedElsewhere {
  private ReceivedElsewhere() {}

  /**
   * @param tracks the tracks subscribed to, in subscription order
   * @param frames every frame received whole
   * @param stopSending STOP_SENDING sent per track (absent: none)
   * @param completed whether every track ended with PUBLISH_DONE
   * @param endReason why the subscriber stopped
   */
  public static SubscriberReport report(
      List<String> tracks,
      List<FrameRecord> frames,
      Map<String, Long> stopSending,
      boolean completed,
      String endReason) {
    Map<String, TrackReport> reports = new LinkedHashMap<>();
    for (String track : tracks) {
      TrackReport report = new TrackReport(track);
      report.stopSendingSent = stopSending.getOrDefault(track, 0L);
      reports.put(track, report);
    }
    for (FrameRecord frame : frames) {
      TrackReport report = reports.get(frame.track());
      if (report == null) {
        continue; // not a track it subscribed to
      }
      report.record(frame.kind(), frame.latencyMicros());
      long[] relayArrivals =
          frame.relayArrivalsMicros().stream().mapToLong(Long::longValue).toArray();
      report.recordHops(frame.captureMicros(), relayArrivals, frame.arrivalMicros());
    }
    return new SubscriberReport(List.copyOf(reports.values()), completed, endReason);
  }
}
