package dev.moqbed.relay;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts everything the relay reports, per track and reason. */
final class RecordingObserver implements RelayObserver {
  final List<String> opened = new ArrayList<>();
  final List<String> closed = new ArrayList<>();
  final List<String> refusedSessions = new ArrayList<>();
  final List<String> unauthorized = new ArrayList<>();
  final List<String> receiveCapsExceeded = new ArrayList<>();
  int earlySubgroupsExpired;
  final Map<SubscribeRefusal, Integer> refusedSubscriptions = new EnumMap<>(SubscribeRefusal.class);
  final Map<String, Track> tracks = new TreeMap<>();

  static final class Track implements TrackObserver {
    long objects;
    long bytes;
    long maxAddedLatencyMicros = -1;
    long latencySumMicros;
    long stopSending;
    final Map<DropReason, Integer> drops = new EnumMap<>(DropReason.class);

    @Override
    public void onObjectForwarded(long payloadBytes, long addedLatencyMicros) {
      objects++;
      bytes += payloadBytes;
      latencySumMicros += addedLatencyMicros;
      maxAddedLatencyMicros = Math.max(maxAddedLatencyMicros, addedLatencyMicros);
    }

    @Override
    public void onGroupDropped(DropReason reason) {
      drops.merge(reason, 1, Integer::sum);
    }

    @Override
    public void onStopSendingReceived() {
      stopSending++;
    }

    int drops(DropReason reason) {
      return drops.getOrDefault(reason, 0);
    }
  }

  @Override
  public void onSessionOpened(String peer) {
    opened.add(peer);
  }

  @Override
  public void onSessionClosed(String peer) {
    closed.add(peer);
  }

  @Override
  public void onSessionRefused(String peer) {
    refusedSessions.add(peer);
  }

  @Override
  public void onEarlySubgroupExpired() {
    earlySubgroupsExpired++;
  }

  @Override
  public void onReceiveCapExceeded(String cap) {
    receiveCapsExceeded.add(cap);
  }

  @Override
  public void onSubscriptionRefused(SubscribeRefusal reason) {
    refusedSubscriptions.merge(reason, 1, Integer::sum);
  }

  @Override
  public void onUnauthorized(String request, dev.moqbed.relay.auth.AuthRefusal reason) {
    unauthorized.add(request + ":" + reason.label());
  }

  @Override
  public TrackObserver track(String track) {
    return tracks.computeIfAbsent(track, name -> new Track());
  }

  Track track(String track, boolean mustExist) {
    Track found = tracks.get(track);
    if (found == null && mustExist) {
      throw new AssertionError("no track " + track + " in " + tracks.keySet());
    }
    return found;
  }
}
