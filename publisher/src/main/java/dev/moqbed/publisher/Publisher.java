package dev.moqbed.publisher;

import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceDone;
import dev.moqbed.media.moqt.PublishNamespaceError;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.UnsupportedControlMessage;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.source.FlowSource;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaTransport;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.SubgroupWriterListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The publisher: announces its namespace, answers SUBSCRIBE for its tracks, and sends each frame of
 * each flow at its capture time — audio as an object datagram, video as objects of one subgroup
 * stream per group (urgency = the flow's priority) — with the capture time in the object's
 * extension headers ({@link ObjectExtension#CAPTURE_TIMESTAMP_MICROS}).
 *
 * <p>A subscription that starts in the middle of a group gets video from the next group on. A
 * subgroup stream the subscriber stopped (STOP_SENDING) is not written again; the track resumes
 * with the next group. When every flow is exhausted, each subscription gets PUBLISH_DONE with the
 * number of streams it was sent, the namespace is withdrawn, and the session closes after {@link
 * PublisherConfig#lingerMicros()}.
 *
 * <p>PUBLISH_NAMESPACE carries the {@link AuthorizationToken} the publisher was given (none by
 * default). With {@link #continueAcrossSessions()}, a session the relay ends or loses does not end
 * the publisher: its media clock keeps running (frames captured meanwhile reach nobody), and the
 * next session the runner hands it announces the namespace again; the relay's new SUBSCRIBEs start
 * at the next group.
 */
public final class Publisher implements MoqtSessionListener {
  /** Largest urgency Netty's QUIC codec accepts; priorities above it share it. */
  static final int MAX_URGENCY = 127;

  private final Scheduler scheduler;
  private final PublisherConfig config;
  private final PublisherEvents events;
  private final TrackNamespace namespace;
  private final Map<String, Track> tracks = new LinkedHashMap<>();
  private final Map<Long, Subscription> subscriptionsByRequest = new HashMap<>();
  private final Map<Integer, ByteString> payloads = new HashMap<>();
  private final AuthorizationToken token;
  private MoqtSession session;
  private boolean acrossSessions;
  private SessionClose lastClose;
  private long announceRequestId = -1;
  private long announceRefusedSinceMicros = -1;
  private long announceRetryMicros;
  private long nextAlias;
  private boolean mediaStarted;
  private boolean mediaFinished;
  private boolean closed;

  public Publisher(Scheduler scheduler, PublisherConfig config, PublisherEvents events) {
    this(scheduler, config, events, AuthorizationToken.NONE);
  }

  /** A publisher whose PUBLISH_NAMESPACE carries {@code token}. */
  public Publisher(
      Scheduler scheduler,
      PublisherConfig config,
      PublisherEvents events,
      AuthorizationToken token) {
    this.token = token;
    this.scheduler = scheduler;
    this.config = config;
    this.events = events;
    this.namespace = TrackNamespace.of(config.namespace());
    for (MediaFlow flow : config.media().flows()) {
      tracks.put(flow.id(), new Track(fitToDuration(flow, config.durationMicros())));
    }
  }

  /** The flow with its frame count set to cover {@code durationMicros} (0 = unchanged). */
  static MediaFlow fitToDuration(MediaFlow flow, long durationMicros) {
    if (durationMicros == 0) {
      return flow;
    }
    long frames = Math.max(1, durationMicros * flow.framesPerSecond() / 1_000_000L);
    return new MediaFlow(
        flow.id(),
        flow.previousId(),
        flow.repeatCount(),
        flow.transport(),
        flow.framesPerSecond(),
        flow.priority(),
        flow.clientMedia(),
        frames,
        flow.frameSizeBytes(),
        flow.groupSize(),
        flow.firstFrameSizeBytes(),
        flow.resetDelayMicros());
  }

  /** The flows this publisher sends, after fitting them to the duration. */
  public List<MediaFlow> flows() {
    List<MediaFlow> flows = new ArrayList<>();
    for (Track track : tracks.values()) {
      flows.add(track.flow);
    }
    return flows;
  }

  /**
   * From now on a session the peer ends or loses leaves the publisher waiting for the next one (see
   * the class comment). Call before the first session closes.
   */
  public void continueAcrossSessions() {
    acrossSessions = true;
  }

  @Override
  public void onReady(MoqtSession session) {
    this.session = session;
    announceRefusedSinceMicros = -1;
    announce(session);
  }

  private void announce(MoqtSession session) {
    announceRequestId = session.nextRequestId();
    session.send(new PublishNamespace(announceRequestId, namespace, token.parameters()));
  }

  /**
   * How long a publisher that continues across sessions asks again for a namespace the relay says
   * another session holds: after a stall of the relay, that other session is usually this
   * publisher's own previous one, which the relay drops within its idle timeout (10 s at most).
   */
  static final long ANNOUNCE_RETRY_MICROS = 15_000_000;

  /**
   * The start of the close reason when the relay refused the namespace for good; the relay's own
   * reason follows.
   */
  public static final String NAMESPACE_REFUSED = "namespace refused: ";

  /** The first and the longest wait between two asks. */
  static final long ANNOUNCE_RETRY_FIRST_MICROS = 250_000;

  static final long ANNOUNCE_RETRY_MAX_MICROS = 2_000_000;

  /**
   * A refused PUBLISH_NAMESPACE: asked again later when the refusal can pass (the namespace held by
   * another session, the relay's INTERNAL_ERROR) and the publisher continues across sessions;
   * otherwise (unauthorized, or a single-session publisher) the session ends.
   */
  private void onNamespaceRefused(MoqtSession session, PublishNamespaceError error) {
    long now = scheduler.nowMicros();
    boolean transientRefusal = error.errorCode() == Draft14Codes.NAMESPACE_INTERNAL_ERROR;
    if (announceRefusedSinceMicros < 0) {
      announceRefusedSinceMicros = now;
      announceRetryMicros = ANNOUNCE_RETRY_FIRST_MICROS;
    }
    if (!acrossSessions
        || !transientRefusal
        || now - announceRefusedSinceMicros + announceRetryMicros > ANNOUNCE_RETRY_MICROS) {
      events.onLog("namespace refused: " + error.reason() + " (code " + error.errorCode() + ")");
      // The relay's reason goes into the close, so the program can say why it ended.
      session.close(SessionError.NO_ERROR, NAMESPACE_REFUSED + error.reason());
      return;
    }
    events.onLog(
        "namespace refused: "
            + error.reason()
            + "; asking again in "
            + announceRetryMicros / 1000
            + " ms");
    long wait = announceRetryMicros;
    announceRetryMicros = Math.min(ANNOUNCE_RETRY_MAX_MICROS, 2 * announceRetryMicros);
    scheduler.scheduleAfter(
        wait,
        () -> {
          if (this.session == session && !closed) {
            announce(session);
          }
        });
  }

  /** Starts the media clock: frame 0 of every flow is captured now. Idempotent. */
  public void startMedia() {
    if (mediaStarted || closed) {
      return;
    }
    mediaStarted = true;
    long start = scheduler.nowMicros();
    for (Track track : tracks.values()) {
      track.source =
          new FlowSource(track.flow, new TrackName(config.namespace(), track.name()), start);
      scheduleNext(track);
    }
  }

  /** What was sent so far. */
  public PublisherReport report() {
    List<PublisherReport.TrackSent> sent = new ArrayList<>();
    for (Track track : tracks.values()) {
      sent.add(
          new PublisherReport.TrackSent(
              track.name(),
              track.objectsSent,
              track.bytesSent,
              track.streamsOpened,
              track.stopSendingReceived));
    }
    return new PublisherReport(sent);
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
    if (message instanceof PublishNamespaceOk ok && ok.requestId() == announceRequestId) {
      events.onLog("namespace " + config.namespace() + " accepted by " + session.peer());
      announceRefusedSinceMicros = -1;
      events.onAnnounced();
      if (config.startOnAnnounce()) {
        startMedia();
      }
    } else if (message instanceof PublishNamespaceError error
        && error.requestId() == announceRequestId) {
      onNamespaceRefused(session, error);
    } else if (message instanceof Subscribe subscribe) {
      onSubscribe(subscribe);
    } else if (message instanceof Unsubscribe unsubscribe) {
      Subscription subscription = subscriptionsByRequest.remove(unsubscribe.requestId());
      if (subscription != null) {
        subscription.end(Draft14Codes.DONE_SUBSCRIPTION_ENDED, "unsubscribed");
      }
    } else if (message instanceof UnsupportedControlMessage unsupported) {
      events.onLog(
          "ignoring unsupported control message type 0x" + Long.toHexString(unsupported.type()));
    }
  }

  private void onSubscribe(Subscribe subscribe) {
    Track track = tracks.get(subscribe.trackName().asUtf8());
    if (!subscribe.namespace().equals(namespace) || track == null || mediaFinished) {
      session.send(
          new SubscribeError(
              subscribe.requestId(),
              Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST,
              "no track " + subscribe.namespace() + "/" + subscribe.trackName()));
      return;
    }
    Subscription subscription = new Subscription(subscribe.requestId(), nextAlias++, track);
    subscriptionsByRequest.put(subscribe.requestId(), subscription);
    track.subscriptions.add(subscription);
    session.send(
        new SubscribeOk(
            subscribe.requestId(),
            subscription.alias,
            0,
            GroupOrder.ASCENDING,
            null,
            KeyValuePairs.NONE));
  }

  private void scheduleNext(Track track) {
    long next = track.source.nextCaptureTimeMicros();
    if (next == Long.MAX_VALUE) {
      track.exhausted = true;
      finishIfAllExhausted();
      return;
    }
    scheduler.scheduleAt(next, () -> capture(track));
  }

  private void capture(Track track) {
    if (closed) {
      return;
    }
    MediaObject object = track.source.capture();
    if (!track.subscriptions.isEmpty()) {
      boolean sentToAny = false;
      for (Subscription subscription : track.subscriptions) {
        sentToAny |= subscription.send(object);
      }
      if (sentToAny) {
        track.objectsSent++;
        track.bytesSent += object.sizeBytes();
        events.onObjectSent(object);
      }
    }
    scheduleNext(track);
  }

  private void finishIfAllExhausted() {
    for (Track track : tracks.values()) {
      if (!track.exhausted) {
        return;
      }
    }
    if (mediaFinished) {
      return;
    }
    mediaFinished = true;
    if (session == null) {
      // Between sessions: nobody to tell; the run is over.
      closed = true;
      events.onMediaFinished(report());
      events.onClosed(lastClose, report());
      return;
    }
    for (Subscription subscription : new ArrayList<>(subscriptionsByRequest.values())) {
      subscription.end(Draft14Codes.DONE_TRACK_ENDED, "track ended");
    }
    subscriptionsByRequest.clear();
    session.send(new PublishNamespaceDone(namespace));
    events.onMediaFinished(report());
    scheduler.scheduleAfter(
        config.lingerMicros(), () -> session.close(SessionError.NO_ERROR, "media finished"));
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    if (acrossSessions && !closed && !mediaFinished && close.byPeer() && session == this.session) {
      disconnect(session, close);
      return;
    }
    closed = true;
    if (close.protocolViolation() || (!mediaFinished && close.byPeer())) {
      events.onLog("session with " + session.peer() + " " + close.describe());
    }
    events.onClosed(close, report());
  }

  /**
   * The session is gone but the media goes on: its subscriptions ended with it (their streams are
   * gone), and the next session's SUBSCRIBEs make new ones.
   */
  private void disconnect(MoqtSession session, SessionClose close) {
    this.session = null;
    lastClose = close;
    for (Subscription subscription : subscriptionsByRequest.values()) {
      subscription.track.subscriptions.remove(subscription);
      subscription.current = null;
    }
    subscriptionsByRequest.clear();
    events.onDisconnected(session.peer(), close);
  }

  /** Stops the publisher between sessions (the runner gave up reconnecting): reports and ends. */
  public void stop(String reason) {
    if (closed) {
      return;
    }
    closed = true;
    if (session != null && !session.isClosed()) {
      session.close(SessionError.NO_ERROR, reason);
      return; // onClosed reports
    }
    events.onClosed(
        lastClose == null ? new SessionClose(0, reason, false, false) : lastClose, report());
  }

  private ByteString payload(int sizeBytes) {
    return payloads.computeIfAbsent(sizeBytes, size -> ByteString.wrapOwned(new byte[size]));
  }

  /** One flow, published as one track. */
  private static final class Track {
    final MediaFlow flow;
    final List<Subscription> subscriptions = new ArrayList<>();
    FlowSource source;
    boolean exhausted;
    long objectsSent;
    long bytesSent;
    long streamsOpened;
    long stopSendingReceived;

    Track(MediaFlow flow) {
      this.flow = flow;
    }

    String name() {
      return flow.id();
    }
  }

  /** One subscriber's view of a track: its alias and the stream of the current group. */
  private final class Subscription implements SubgroupWriterListener {
    final long requestId;
    final long alias;
    final Track track;
    SubgroupWriter current;
    long streamsOpened;

    Subscription(long requestId, long alias, Track track) {
      this.requestId = requestId;
      this.alias = alias;
      this.track = track;
    }

    /** Sends one object; false when this subscription skips it (mid-group start, stopped). */
    boolean send(MediaObject object) {
      KeyValuePairs extensions =
          KeyValuePairs.of(ObjectExtension.captureTimestamp(object.captureTimeMicros()));
      ByteString bytes = payload(object.sizeBytes());
      if (track.flow.transport() == MediaTransport.DATAGRAM) {
        return session.sendDatagram(
            new ObjectDatagram(
                alias,
                object.groupId(),
                object.objectId(),
                object.publisherPriority(),
                false,
                ObjectStatus.NORMAL,
                extensions,
                bytes));
      }
      if (object.objectId() == 0) {
        if (current != null) {
          current.finish();
        }
        SubgroupHeader header =
            SubgroupHeader.of(alias, object.groupId(), 0, object.publisherPriority())
                .withExtensions(true)
                .withEndOfGroup(true);
        current = session.openSubgroup(header, Math.min(object.publisherPriority(), MAX_URGENCY));
        if (current == null) {
          return false;
        }
        current.setListener(this);
        streamsOpened++;
        track.streamsOpened++;
      }
      if (current == null || current.isClosed() || current.header().groupId() != object.groupId()) {
        return false;
      }
      current.write(new SubgroupObject(object.objectId(), ObjectStatus.NORMAL, extensions, bytes));
      if (object.endOfGroup()) {
        current.finish();
      }
      return true;
    }

    @Override
    public void onStopSending(SubgroupWriter writer, long errorCode) {
      track.stopSendingReceived++;
    }

    void end(long statusCode, String reason) {
      if (current != null) {
        current.finish();
        current = null;
      }
      track.subscriptions.remove(this);
      session.send(new PublishDone(requestId, statusCode, streamsOpened, reason));
    }
  }
}
