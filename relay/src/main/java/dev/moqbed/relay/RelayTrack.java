package dev.moqbed.relay;

import dev.moqbed.runtime.TimerHandle;
import java.util.ArrayList;
import java.util.List;

/** A track as the relay holds it: its one upstream subscription and its subscribers. */
final class RelayTrack {
  final TrackKey key;
  final Relay.RelaySession upstream;
  final long upstreamRequestId;
  final List<Downstream> downstreams = new ArrayList<>();
  long upstreamAlias = -1;
  boolean active;
  boolean ended;
  int publisherPriority = 128;
  long upstreamStreamsStarted;
  long upstreamStreamsEnded;
  long expectedUpstreamStreams = -1;
  long doneStatus;
  String doneReason = "";
  TimerHandle doneTimer;
  TrackObserver observer = TrackObserver.NONE;

  RelayTrack(TrackKey key, Relay.RelaySession upstream, long upstreamRequestId) {
    this.key = key;
    this.upstream = upstream;
    this.upstreamRequestId = upstreamRequestId;
  }
}
