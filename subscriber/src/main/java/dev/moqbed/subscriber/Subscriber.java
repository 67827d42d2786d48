package dev.moqbed.subscriber;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The subscriber: subscribes to its tracks, records each frame's latency when the whole object has
 * arrived (latency = arrival − clock offset − capture time from the object's extension), and, on a
 * droppable track, sends STOP_SENDING on the group's stream as soon as one of its frames is later
 * than the deadline; the relay then resumes that layer at the next group.
 *
 * <p>Frame kinds: a datagram object is audio; on a subgroup stream, object 0 of a group is the I
 * frame and the others are P frames.
 *
 * <p>A track ends with PUBLISH_DONE once the streams it announced have ended (or after the grace
 * time); when every track has ended or was refused, the subscriber reports and closes the session.
 */
public final class Subscriber implements MoqtSessionListener {
  private final Scheduler scheduler;
  private final SubscriberConfig config;
  private final SubscriberEvents events;
  private final Map<String, TrackState> tracks = new LinkedHashMap<>();
  private final Map<Long, TrackState> byRequest = new HashMap<>();
  private final Map<Long, TrackState> byAlias = new HashMap<>();
  private MoqtSession session;
  private int answered;
  private boolean finished;

  public Subscriber(Scheduler scheduler, SubscriberConfig config, SubscriberEvents events) {
    this.scheduler = scheduler;
    this.config = config;
    this.events = events;
    for (String track : config.tracks()) {
      tracks.put(track, new TrackState(new TrackReport(track)));
    }
  }

  @Override
  public void onReady(MoqtSession session) {
    this.session = session;
    TrackNamespace namespace = TrackNamespace.of(config.namespace());
    for (TrackState track : tracks.values()) {
      long requestId = session.nextRequestId();
      track.requestId = requestId;
      byRequest.put(requestId, track);
      session.send(
          new Subscribe(
              requestId,
              namespace,
              ByteString.utf8(track.report.track()),
              128,
              GroupOrder.ASCENDING,
              true,
              SubscribeFilter.nextGroupStart(),
              KeyValuePairs.NONE));
    }
  }

  /** The results so far (the histograms are copies). */
  public SubscriberReport report(boolean completed, String reason) {
    List<TrackReport> reports = new ArrayList<>();
    for (TrackState track : tracks.values()) {
      reports.add(track.report);
    }
    return new SubscriberReport(reports, completed, reason);
  }

  /** True once the subscriber has reported. */
  public boolean isFinished() {
    return finished;
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
    if (message instanceof SubscribeOk ok) {
      TrackState track = byRequest.get(ok.requestId());
      if (track != null && track.alias < 0) {
        track.alias = ok.trackAlias();
        byAlias.put(ok.trackAlias(), track);
        onAnswered();
      }
    } else if (message instanceof SubscribeError error) {
      TrackState track = byRequest.get(error.requestId());
      if (track != null && track.alias < 0 && !track.ended) {
        track.report.refusal = error.reason();
        track.ended = true;
        events.onLog(
            "track "
                + track.report.track()
                + " refused: "
                + error.reason()
                + " (code "
                + error.errorCode()
                + ")");
        onAnswered();
        finishIfDone();
      }
    } else if (message instanceof PublishDone done) {
      TrackState track = byRequest.get(done.requestId());
      if (track != null && !track.ended) {
        track.expectedStreams = done.streamCount();
        track.doneReason = done.reason();
        if (!checkTrackDone(track)) {
          track.graceTimer =
              scheduler.scheduleAfter(
                  config.graceMicros(),
                  () -> {
                    track.ended = true;
                    finishIfDone();
                  });
        }
      }
    }
  }

  private void onAnswered() {
    answered++;
    if (answered == tracks.size()) {
      int refused = 0;
      for (TrackState track : tracks.values()) {
        if (track.report.refusal != null) {
          refused++;
        }
      }
      events.onSubscriptionsAnswered(tracks.size() - refused, refused);
    }
  }

  @Override
  public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
    TrackState track = byAlias.get(reader.header().trackAlias());
    if (track == null) {
      reader.stopSending(Draft14Codes.RESET_CANCELLED);
      return;
    }
    reader.attach(track);
    track.report.streamsStarted++;
  }

  @Override
  public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    TrackState track = (TrackState) reader.attachment();
    if (track == null || object.status() != ObjectStatus.NORMAL) {
      return;
    }
    FrameKind kind = object.objectId() == 0 ? FrameKind.I : FrameKind.P;
    long latency =
        onFrame(
            track,
            reader.header().groupId(),
            object.objectId(),
            kind,
            object.payload().size(),
            object.extensions());
    if (config.lateMicros() > 0
        && latency > config.lateMicros()
        && config.droppableTracks().contains(track.report.track())
        && !reader.isStopped()) {
      reader.stopSending(Draft14Codes.RESET_DELIVERY_TIMEOUT);
      track.report.stopSendingSent++;
      onStreamEnded(track);
    }
  }

  @Override
  public void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
    TrackState track = (TrackState) reader.attachment();
    if (track == null) {
      return;
    }
    if (reset) {
      track.report.streamsReset++;
    }
    onStreamEnded(track);
  }

  @Override
  public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
    TrackState track = byAlias.get(datagram.trackAlias());
    if (track == null || datagram.status() != ObjectStatus.NORMAL) {
      return;
    }
    onFrame(
        track,
        datagram.groupId(),
        datagram.objectId(),
        FrameKind.AUDIO,
        datagram.payload().size(),
        datagram.extensions());
  }

  private long onFrame(
      TrackState track,
      long groupId,
      long objectId,
      FrameKind kind,
      int sizeBytes,
      KeyValuePairs extensions) {
    OptionalLong capture = ObjectExtension.captureTimeMicros(extensions);
    if (capture.isEmpty()) {
      return 0; // not one of ours: no capture time, no latency
    }
    long arrival = scheduler.nowMicros() - config.clockOffsetMicros();
    long latency = arrival - capture.getAsLong();
    long[] relayArrivals = ObjectExtension.relayArrivalsMicros(extensions);
    track.report.record(kind, latency);
    track.report.recordHops(capture.getAsLong(), relayArrivals, arrival);
    events.onFrame(
        new FrameRecord(
            track.report.track(),
            groupId,
            objectId,
            kind,
            sizeBytes,
            capture.getAsLong(),
            arrival,
            latency,
            Arrays.stream(relayArrivals).boxed().toList()));
    return latency;
  }

  private void onStreamEnded(TrackState track) {
    track.report.streamsEnded++;
    checkTrackDone(track);
  }

  private boolean checkTrackDone(TrackState track) {
    if (!track.ended
        && track.expectedStreams >= 0
        && track.report.streamsEnded >= track.expectedStreams) {
      track.ended = true;
      if (track.graceTimer != null) {
        track.graceTimer.cancel();
      }
      finishIfDone();
    }
    return track.ended;
  }

  private void finishIfDone() {
    for (TrackState track : tracks.values()) {
      if (!track.ended) {
        return;
      }
    }
    finish(true, "publish done");
    if (session != null) {
      session.close(SessionError.NO_ERROR, "subscriber done");
    }
  }

  private void finish(boolean completed, String reason) {
    if (finished) {
      return;
    }
    finished = true;
    events.onFinished(report(completed, reason));
  }

  /** Ends the subscription early (for example on a signal): reports and closes the session. */
  public void stop(String reason) {
    finish(false, reason);
    if (session != null) {
      session.close(SessionError.NO_ERROR, reason);
    }
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    if (!finished) {
      events.onLog("session with " + session.peer() + " " + close.describe());
      finish(false, close.describe());
    }
  }

  /** A subscribed track: its request, alias and end-of-track bookkeeping. */
  private static final class TrackState {
    final TrackReport report;
    long requestId = -1;
    long alias = -1;
    long expectedStreams = -1;
    String doneReason = "";
    boolean ended;
    TimerHandle graceTimer;

    TrackState(TrackReport report) {
      this.report = report;
    }
  }
}
