package dev.moqbed.collect;

import dev.moqbed.collect.v1.CollectRecord;
import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.ReceivedFrame;
import dev.moqbed.collect.v1.TrackTotals;
import dev.moqbed.media.FrameKind;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;

/** A subscriber's frames and report as records of the schema, and back. */
public final class SubscriberRecords {
  private SubscriberRecords() {}

  /** One received frame as a record. */
  public static CollectRecord frame(FrameRecord frame) {
    ReceivedFrame.Builder record =
        ReceivedFrame.newBuilder()
            .setTrack(frame.track())
            .setGroup(frame.groupId())
            .setObject(frame.objectId())
            .setKind(kind(frame.kind()))
            .setSizeBytes(frame.sizeBytes())
            .setCaptureUs(frame.captureMicros())
            .setArrivalUs(frame.arrivalMicros())
            .setLatencyUs(frame.latencyMicros());
    for (long stamp : frame.relayArrivalsMicros()) {
      record.addRelayArrivalUs(stamp);
    }
    return CollectRecord.newBuilder().setFrame(record).build();
  }

  /**
   * The subscriber's totals. It cannot know what the publisher sent nor which of those frames never
   * came, so {@code frames_sent} and {@code frames_cancelled} stay absent.
   */
  public static End end(SubscriberReport report, long endedMicros) {
    // a subscriber the relay refused every track measured nothing: not a complete run
    boolean refused = report.everySubscriptionRefused();
    End.Builder end =
        End.newBuilder()
            .setCompleted(report.completed() && !refused)
            .setEndReason(
                refused
                    ? "every subscription refused"
                    : report.endReason() == null ? "" : report.endReason())
            .setEndedUs(endedMicros);
    long received = 0;
    long stopSending = 0;
    for (TrackReport track : report.tracks()) {
      received += track.received();
      stopSending += track.stopSendingSent();
      end.addTracks(
          TrackTotals.newBuilder()
              .setTrack(track.track())
              .setFramesReceived(track.received())
              .setStopSending(track.stopSendingSent())
              .setStreamsReset(track.streamsReset()));
    }
    return end.setFramesReceived(received).setStopSending(stopSending).build();
  }

  static ReceivedFrame.Kind kind(FrameKind kind) {
    return switch (kind) {
      case I -> ReceivedFrame.Kind.KIND_I;
      case P -> ReceivedFrame.Kind.KIND_P;
      case AUDIO -> ReceivedFrame.Kind.KIND_AUDIO;
    };
  }

  /** The frame kind of a record, or null for one this version does not know. */
  static FrameKind kind(ReceivedFrame.Kind kind) {
    return switch (kind) {
      case KIND_I -> FrameKind.I;
      case KIND_P -> FrameKind.P;
      case KIND_AUDIO -> FrameKind.AUDIO;
      default -> null;
    };
  }
}
