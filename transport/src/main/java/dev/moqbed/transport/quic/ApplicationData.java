package dev.moqbed.transport.quic;

import java.util.List;

/**
 * The application's share of a 1-RTT packet, as picoquic fills it ({@code
 * picoquic_prepare_stream_and_datagrams}, streams.c): datagrams and stream data by priority, lower
 * value first. At each level datagrams go first, then lost stream data in the order of {@link
 * StreamRepeats}, then new data of the first ready stream; equal even priorities round-robin (least
 * recently served first), equal odd priorities in stream order.
 */
final class ApplicationData {
  private final QuicConnection connection;
  private final PathState path;
  private final StreamTable streams;
  private final PendingFrames pending;
  private final OutputRecycling output;

  ApplicationData(
      QuicConnection connection,
      PathState path,
      StreamTable streams,
      PendingFrames pending,
      OutputRecycling output) {
    this.connection = connection;
    this.path = path;
    this.streams = streams;
    this.pending = pending;
    this.output = output;
  }

  /** Adds datagrams and stream data within {@code capacity} bytes; returns the bytes added. */
  int add(long nowMicros, List<Frame> frames, int capacity) {
    StreamRepeats repeats = streams.repeats;
    int used = 0;
    while (capacity - used > 4) {
      StreamSendState fresh = firstReadyStream();
      int level =
          Math.min(fresh == null ? Integer.MAX_VALUE : fresh.priority, repeats.firstPriority());
      boolean streamData = fresh != null || !repeats.isEmpty();
      if (!pending.datagrams.isEmpty() && (!streamData || pending.datagramPriority <= level)) {
        Frame.Datagram datagram = pending.datagrams.peekFirst();
        if (datagram.sizeBytes() <= capacity - used) {
          pending.datagrams.pollFirst();
          frames.add(datagram);
          used += datagram.sizeBytes();
          continue;
        }
        if (frames.isEmpty() || datagram.sizeBytes() > path.mtu().mtuBytes() - 30) {
          pending.datagrams.pollFirst(); // does not fit an empty packet: deleted, as in picoquic
          continue;
        }
      }
      if (!streamData) {
        break; // a datagram that does not fit waits for the next packet
      }
      int before = used;
      if (!repeats.isEmpty() && repeats.firstPriority() == level) {
        used += repeats.addFrames(frames, capacity - used, output);
      }
      if (fresh != null && fresh.priority == level && capacity - used > 4) {
        Frame.Stream frame = takeNewData(fresh, capacity - used);
        if (frame != null) {
          frames.add(frame);
          used += frame.sizeBytes();
          fresh.lastSentMicros = nowMicros;
          connection
              .handler()
              .onStreamBytesSent(connection, nowMicros, fresh.id, fresh.nextNewOffset());
        }
      }
      if (used == before) {
        break;
      }
    }
    return used;
  }

  /** The stream whose new data goes first: lowest priority value, then round-robin or id. */
  private StreamSendState firstReadyStream() {
    StreamSendState best = null;
    List<StreamSendState> sendStreams = streams.sendStreams();
    for (int i = 0; i < sendStreams.size(); i++) { // indexed: no iterator per frame
      StreamSendState stream = sendStreams.get(i);
      if (streams.mayTakeNewData(stream) && (best == null || servesBefore(stream, best))) {
        best = stream;
      }
    }
    return best;
  }

  private static boolean servesBefore(StreamSendState candidate, StreamSendState best) {
    if (candidate.priority != best.priority) {
      return candidate.priority < best.priority;
    }
    if ((candidate.priority & 1) == 0 && candidate.lastSentMicros != best.lastSentMicros) {
      return candidate.lastSentMicros < best.lastSentMicros;
    }
    return candidate.id < best.id;
  }

  /** New data for {@code room} bytes; it may fill the packet (quicperf offers it all). */
  private Frame.Stream takeNewData(StreamSendState stream, int room) {
    int header = Frame.Stream.headerSize(stream.id, stream.nextNewOffset(), 0, false);
    int maxPayload = room - header;
    if (maxPayload <= 2) {
      return null;
    }
    int length = (int) Math.min(maxPayload, streams.connectionAllowanceBytes());
    Frame.Stream frame = stream.takeNew(length, room, output);
    if (frame == null) {
      return null;
    }
    streams.onNewDataSent(frame.length());
    return frame;
  }
}
