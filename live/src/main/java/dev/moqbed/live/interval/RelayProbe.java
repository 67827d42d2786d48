package dev.moqbed.live.interval;

import dev.moqbed.relay.DropReason;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.relay.SessionSnapshot;
import dev.moqbed.relay.SubscribeRefusal;
import dev.moqbed.relay.TrackObserver;
import dev.moqbed.runtime.Scheduler;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A relay's intervals: per track the objects and bytes it handed to subscribers, the groups it
 * dropped and the STOP_SENDING it received (through its {@link RelayObserver}, which this is, in
 * front of another observer such as the metrics), and at each sample the paths and queues of its
 * subscriber sessions from {@link Relay#sessionSnapshots()}. Everything on the relay's event loop.
 */
public final class RelayProbe implements RelayObserver, IntervalProbe {
  private final RelayObserver delegate;
  // Written when a track is made, on any loop of the relay: access synchronizes on it.
  private final Map<String, TrackWindow> windows = new LinkedHashMap<>();
  private volatile List<Relay> relays = List.of();
  private volatile List<? extends Scheduler> loops = List.of();
  // Per loop after the first: its sessions as that loop read them at the previous sample.
  private volatile List<AtomicReference<List<SessionSnapshot>>> lastRead = List.of();
  // Bytes sent to each subscriber session at the previous sample, read and written by path() only
  // (the first loop); rebuilt from the open sessions at each sample, so it never outgrows them.
  private Map<String, Long> lastSentBytes = new HashMap<>();

  /**
   * @param delegate the observer that also sees every event ({@link RelayObserver#NONE}: none)
   */
  public RelayProbe(RelayObserver delegate) {
    this.delegate = delegate;
  }

  /** The relay whose sessions give the paths and queues. */
  public void attach(Relay relay) {
    this.relays = List.of(relay);
  }

  /**
   * The relays of every loop ({@code relay --loops N}), sampled on the first loop: its own sessions
   * are read at each sample, the other loops' as each read them when asked at the previous sample
   * (a loop's sessions are only read on its own thread), so they lag one interval.
   */
  public void attach(List<Relay> relays, List<? extends Scheduler> loops) {
    List<AtomicReference<List<SessionSnapshot>>> read = new ArrayList<>();
    for (int index = 0; index < relays.size(); index++) {
      read.add(new AtomicReference<>(List.of()));
    }
    this.lastRead = read;
    this.loops = List.copyOf(loops);
    this.relays = List.copyOf(relays);
  }

  /** This probe as a relay node's attachment: attached at the start, nothing to undo. */
  public dev.moqbed.live.node.RelayNode.Attachment asAttachment() {
    return (relays, loops) -> {
      attach(relays.relays(), loops);
      return null;
    };
  }

  @Override
  public void onSessionOpened(String peer) {
    delegate.onSessionOpened(peer);
  }

  @Override
  public void onSessionClosed(String peer) {
    delegate.onSessionClosed(peer);
  }

  @Override
  public void onSessionRefused(String peer) {
    delegate.onSessionRefused(peer);
  }

  @Override
  public void onReceiveCapExceeded(String cap) {
    delegate.onReceiveCapExceeded(cap);
  }

  @Override
  public void onEarlySubgroupExpired() {
    delegate.onEarlySubgroupExpired();
  }

  @Override
  public void onSubscriptionOpened(String track) {
    delegate.onSubscriptionOpened(track);
  }

  @Override
  public void onSubscriptionClosed(String track) {
    delegate.onSubscriptionClosed(track);
  }

  @Override
  public void onSubscriptionRefused(SubscribeRefusal reason) {
    delegate.onSubscriptionRefused(reason);
  }

  @Override
  public TrackObserver track(String track) {
    // Columns by track name: the same name in two namespaces shares one.
    String name = track.substring(track.lastIndexOf('/') + 1);
    TrackWindow window;
    synchronized (windows) {
      window = windows.computeIfAbsent(name, n -> new TrackWindow(n, false));
    }
    TrackObserver next = delegate.track(track);
    return new TrackObserver() {
      @Override
      public void onObjectForwarded(long payloadBytes, long addedLatencyMicros) {
        window.frame(payloadBytes);
        next.onObjectForwarded(payloadBytes, addedLatencyMicros);
      }

      @Override
      public void onGroupDropped(DropReason reason) {
        window.dropped(1);
        next.onGroupDropped(reason);
      }

      @Override
      public void onStopSendingReceived() {
        window.stopSending(1);
        next.onStopSendingReceived();
      }
    };
  }

  @Override
  public List<TrackInterval> takeTracks() {
    List<TrackInterval> intervals = new ArrayList<>();
    synchronized (windows) {
      for (TrackWindow window : windows.values()) {
        intervals.add(window.take());
      }
    }
    return intervals;
  }

  @Override
  public PathInterval path() {
    List<Relay> current = relays;
    if (current.isEmpty()) {
      return PathInterval.NONE;
    }
    List<SessionSnapshot> sessions = new ArrayList<>(current.get(0).sessionSnapshots());
    for (int index = 1; index < current.size(); index++) {
      Relay other = current.get(index);
      AtomicReference<List<SessionSnapshot>> read = lastRead.get(index);
      sessions.addAll(read.get());
      loops.get(index).execute(() -> read.set(other.sessionSnapshots()));
    }
    List<PathInterval.SessionSample> samples = new ArrayList<>();
    Map<String, Long> sentNow = new HashMap<>();
    for (SessionSnapshot session : sessions) {
      if (!session.publishes() && session.subscriptions() > 0) {
        long sent = session.path().bytesSent();
        long sentInInterval = -1;
        if (sent >= 0) {
          sentNow.put(session.peer(), sent);
          // A session new since the last sample: everything it was sent falls in this interval.
          sentInInterval = Math.max(0, sent - lastSentBytes.getOrDefault(session.peer(), 0L));
        }
        samples.add(
            new PathInterval.SessionSample(session.path(), session.queuedBytes(), sentInInterval));
      }
    }
    lastSentBytes = sentNow;
    return PathInterval.of(samples);
  }
}
