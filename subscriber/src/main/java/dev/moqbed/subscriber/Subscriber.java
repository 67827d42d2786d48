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
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.EarlyDatagrams;
import dev.moqbed.session.EarlySubgroups;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;
import java.util.ArrayList;
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
 *
 * <p>Every SUBSCRIBE carries the {@link AuthorizationToken} it was given (none by default). With
 * {@link #continueAcrossSessions()}, a session the relay ends (or loses: idle timeout) does not end
 * the subscriber: it waits for the runner to hand it a new session, subscribes again to every track
 * not yet ended (retrying while the relay does not know the publisher yet), and counts the frames
 * between the last one before the loss and the first after as lost ({@link GapRecord}).
 */
public final class Subscriber implements MoqtSessionListener {
  private final Scheduler scheduler;
  private final SubscriberConfig config;
  private final SubscriberEvents events;
  private final Map<String, TrackState> tracks = new LinkedHashMap<>();
  private final Map<Long, TrackState> byRequest = new HashMap<>();
  private final Map<Long, TrackState> byAlias = new HashMap<>();
  private final EarlyDatagrams earlyDatagrams = new EarlyDatagrams(EarlyDatagrams.DEFAULT_CAPACITY);
  private final EarlySubgroups earlySubgroups;

  /** After a reconnect, how long to wait before asking again for a track the relay lacks. */
  static final long RESUBSCRIBE_DELAY_MICROS = 250_000;

  /** How often to ask again: 10 s for the publisher to be back at the relay. */
  static final int MAX_RESUBSCRIBE_ATTEMPTS = 40;

  private final AuthorizationToken token;
  private MoqtSession session;
  private int answered;
  private boolean finished;
  private boolean acrossSessions;
  private int reconnects;
  private long disconnectedAtMicros = -1;
  // The last frame's relay stamps: reused, every frame of a path has as many.
  private long[] relayArrivalsScratch = new long[0];

  public Subscriber(Scheduler scheduler, SubscriberConfig config, SubscriberEvents events) {
    this(scheduler, config, events, AuthorizationToken.NONE);
  }

  /** A subscriber whose SUBSCRIBEs carry {@code token}. */
  public Subscriber(
      Scheduler scheduler,
      SubscriberConfig config,
      SubscriberEvents events,
      AuthorizationToken token) {
    this.scheduler = scheduler;
    this.config = config;
    this.events = events;
    this.token = token;
    this.earlySubgroups = EarlySubgroups.withDefaults(scheduler);
    for (String track : config.tracks()) {
      tracks.put(track, new TrackState(new TrackReport(track, config.latencyHistograms())));
    }
  }

  /**
   * From now on a session the peer ends or loses leaves the subscriber waiting for the next one
   * (see the class comment). Call before the first session closes.
   */
  public void continueAcrossSessions() {
    acrossSessions = true;
  }

  /** Sessions lost so far (each followed by a wait for the next one). */
  public int reconnects() {
    return reconnects;
  }

  @Override
  public void onReady(MoqtSession session) {
    this.session = session;
    for (TrackState track : tracks.values()) {
      if (!track.ended) {
        subscribe(track);
      }
    }
  }

  private void subscribe(TrackState track) {
    long requestId = session.nextRequestId();
    track.requestId = requestId;
    byRequest.put(requestId, track);
    session.send(
        new Subscribe(
            requestId,
            TrackNamespace.of(config.namespace()),
            ByteString.utf8(track.report.track()),
            128,
            GroupOrder.ASCENDING,
            true,
            SubscribeFilter.nextGroupStart(),
            token.parameters()));
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
        track.resubscribeAttempts = 0;
        byAlias.put(ok.trackAlias(), track);
        onAnswered(track);
        for (EarlyDatagrams.Held early : earlyDatagrams.take(ok.trackAlias())) {
          onDatagram(track, early.datagram(), early.arrivalMicros());
        }
        for (SubgroupReader early : earlySubgroups.take(ok.trackAlias())) {
          place(track, early);
          early.resume();
        }
        forgetEarlyArrivalsOnceAnswered();
      }
    } else if (message instanceof SubscribeError error) {
      TrackState track = byRequest.get(error.requestId());
      if (track != null && track.alias < 0 && !track.ended && retryAfterReconnect(track, error)) {
        return;
      }
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
        onAnswered(track);
        forgetEarlyArrivalsOnceAnswered();
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
                    // Announced streams that never came (reset before their header, or lost
                    // before a relay on the way): counted, never silent.
                    track.report.streamsMissing +=
                        Math.max(0, track.expectedStreams - track.streamsEndedInSubscription);
                    track.ended = true;
                    finishIfDone();
                  });
        }
      }
    }
  }

  /**
   * After a reconnect the relay may not know the publisher yet (it reconnects too): a SUBSCRIBE
   * refused for that is asked again a little later, a bounded number of times.
   */
  private boolean retryAfterReconnect(TrackState track, SubscribeError error) {
    if (reconnects == 0
        || error.errorCode() != Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST
        || track.resubscribeAttempts >= MAX_RESUBSCRIBE_ATTEMPTS) {
      return false;
    }
    track.resubscribeAttempts++;
    byRequest.remove(error.requestId());
    MoqtSession asked = session;
    scheduler.scheduleAfter(
        RESUBSCRIBE_DELAY_MICROS,
        () -> {
          if (session == asked && asked.isReady() && !track.ended && !finished) {
            subscribe(track);
          }
        });
    return true;
  }

  private void onAnswered(TrackState answeredTrack) {
    if (answeredTrack.answered) {
      return; // answered again after a reconnect
    }
    answeredTrack.answered = true;
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
      // ahead of its SUBSCRIBE_OK: paused until the answer names its alias
      earlySubgroups.hold(reader, awaitsAnswer());
      return;
    }
    place(track, reader);
  }

  private static void place(TrackState track, SubgroupReader reader) {
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
            object.payloadSize(),
            object.extensions(),
            scheduler.nowMicros());
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
    if (track == null) {
      // ahead of its SUBSCRIBE_OK in the same packet: held until the answer names its alias
      earlyDatagrams.hold(datagram, scheduler.nowMicros(), awaitsAnswer());
      return;
    }
    onDatagram(track, datagram, scheduler.nowMicros());
  }

  private void onDatagram(TrackState track, ObjectDatagram datagram, long arrivalMicros) {
    if (datagram.status() != ObjectStatus.NORMAL) {
      return;
    }
    onFrame(
        track,
        datagram.groupId(),
        datagram.objectId(),
        FrameKind.AUDIO,
        datagram.payloadSize(),
        datagram.extensions(),
        arrivalMicros);
  }

  private void forgetEarlyArrivalsOnceAnswered() {
    if (!awaitsAnswer()) {
      earlyDatagrams.forget();
      earlySubgroups.forget();
    }
  }

  /** Whether a SUBSCRIBE of this session is still unanswered. */
  private boolean awaitsAnswer() {
    for (TrackState track : tracks.values()) {
      if (track.alias < 0 && !track.ended) {
        return true;
      }
    }
    return false;
  }

  private long onFrame(
      TrackState track,
      long groupId,
      long objectId,
      FrameKind kind,
      int sizeBytes,
      KeyValuePairs extensions,
      long arrivalMicros) {
    OptionalLong capture = ObjectExtension.captureTimeMicros(extensions);
    if (capture.isEmpty()) {
      return 0; // not one of ours: no capture time, no latency
    }
    long arrival = arrivalMicros - config.clockOffsetMicros();
    long latency = arrival - capture.getAsLong();
    noteFrame(track, groupId, objectId);
    relayArrivalsScratch = ObjectExtension.relayArrivalsMicros(extensions, relayArrivalsScratch);
    long[] relayArrivals = relayArrivalsScratch;
    track.report.record(kind, latency);
    track.report.recordHops(capture.getAsLong(), relayArrivals, arrival);
    events.onFrameTimed(
        track.report.track(),
        groupId,
        objectId,
        kind,
        sizeBytes,
        capture.getAsLong(),
        arrival,
        latency,
        relayArrivals);
    return latency;
  }

  /**
   * Remembers where the track is; for the first frame after a reconnect, counts the frames between
   * (the relay starts a new subscription at the next group, so the groups between were lost).
   */
  private void noteFrame(TrackState track, long groupId, long objectId) {
    TrackReport report = track.report;
    report.groupSize = Math.max(report.groupSize, objectId + 1);
    if (track.gapPending) {
      track.gapPending = false;
      if (track.lastGroup >= 0 && groupId > track.lastGroup) {
        report.gapBounds.add(new long[] {track.lastGroup, track.lastObject, groupId});
        events.onGap(
            new GapRecord(
                report.track(),
                track.lastGroup,
                track.lastObject,
                groupId,
                TrackReport.framesBetween(
                    track.lastGroup, track.lastObject, groupId, report.groupSize),
                disconnectedAtMicros,
                scheduler.nowMicros()));
      }
    }
    if (groupId > track.lastGroup || (groupId == track.lastGroup && objectId > track.lastObject)) {
      track.lastGroup = groupId;
      track.lastObject = objectId;
    }
  }

  private void onStreamEnded(TrackState track) {
    track.report.streamsEnded++;
    track.streamsEndedInSubscription++;
    checkTrackDone(track);
  }

  private boolean checkTrackDone(TrackState track) {
    if (!track.ended
        && track.expectedStreams >= 0
        && track.streamsEndedInSubscription >= track.expectedStreams) {
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
    if (session != null && !session.isClosed()) {
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
    if (!finished && acrossSessions && close.byPeer() && session == this.session) {
      disconnect(close);
      return;
    }
    if (!finished) {
      events.onLog("session with " + session.peer() + " " + close.describe());
      finish(false, close.describe());
    }
  }

  /**
   * The session is gone but the subscriber goes on: every subscription ended with it. A track whose
   * PUBLISH_DONE had come is over; the others wait for the next session, a gap pending.
   */
  private void disconnect(SessionClose close) {
    session = null;
    reconnects++;
    disconnectedAtMicros = scheduler.nowMicros();
    byAlias.clear();
    earlyDatagrams.forget();
    earlySubgroups.forget();
    byRequest.clear();
    for (TrackState track : tracks.values()) {
      if (track.graceTimer != null) {
        track.graceTimer.cancel();
        track.graceTimer = null;
      }
      if (track.expectedStreams >= 0) {
        track.ended = true;
      }
      track.alias = -1;
      track.requestId = -1;
      track.expectedStreams = -1;
      track.streamsEndedInSubscription = 0;
      track.resubscribeAttempts = 0;
      track.gapPending = !track.ended;
    }
    events.onDisconnected(close.describe());
    finishIfDone();
  }

  /** A subscribed track: its request, alias and end-of-track bookkeeping. */
  private static final class TrackState {
    final TrackReport report;
    long requestId = -1;
    long alias = -1;
    long expectedStreams = -1;
    // Streams ended in the current subscription: what PUBLISH_DONE's count refers to.
    long streamsEndedInSubscription;
    String doneReason = "";
    boolean ended;
    boolean answered;
    TimerHandle graceTimer;
    int resubscribeAttempts;
    // Where the track was: the newest frame seen.
    long lastGroup = -1;
    long lastObject = -1;
    boolean gapPending;

    TrackState(TrackReport report) {
      this.report = report;
    }
  }
}
