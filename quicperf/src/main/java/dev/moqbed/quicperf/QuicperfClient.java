package dev.moqbed.quicperf;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.spec.BatchTransfer;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaItem;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.media.spec.MediaTransport;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.QuicConnection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

/**
 * The client side of picoquic's quicperf ({@code picohttp/quicperf.c}): runs a {@link MediaSpec}
 * against a {@link QuicperfServer} and measures every media frame.
 *
 * <p>When the connection is ready, every item that waits for no other starts: each of its {@code
 * *N} copies opens its own streams.
 *
 * <ul>
 *   <li>Batch: one stream; the client posts the 8-byte response size (all ones for "unlimited") and
 *       filler up to the post size, with FIN, and reads the response to its FIN (an unlimited one
 *       until the response size, then STOP_SENDING).
 *   <li>Media on streams: one stream per group, carrying a 16-byte {@link MediaRequest} and FIN.
 *       Group k is requested at its scheduled time t0 + k·⌊g·10⁶/F⌋ µs (t0: when group 0 was
 *       requested), whatever became of earlier groups; its frames are expected at that time +
 *       ⌊i·10⁶/F⌋ µs.
 *   <li>Media on datagrams: one request stream; datagram n is expected at the request time +
 *       ⌊n·10⁶/F⌋ µs.
 * </ul>
 *
 * <p>Latency of a frame = when its last byte arrived − when it was expected, at least 0. Stream
 * frames expected before {@code media_stats_start} are not counted; datagrams always are. A
 * description with a reset delay D abandons a group when a frame other than its last completes
 * later than group start + D + (index + 1)/F: STOP_SENDING (error {@value #DELAY_TOO_HIGH}); the
 * frames already received stay counted, the next group comes at its usual time.
 *
 * <p>An item waiting for another ({@code =b:=a:...}) starts when the last copy of {@code a} has
 * completed (for media on streams: its last group), as in the reference. When no stream is open and
 * no group remains to be requested, the client closes the connection with application error 0.
 */
public final class QuicperfClient implements ConnectionHandler {
  public static final long NO_ERROR = 0;
  public static final long INTERNAL_ERROR = 2;
  public static final long NOT_ENOUGH_DATA_SENT = 3;
  public static final long TOO_MUCH_DATA_SENT = 4;
  public static final long DELAY_TOO_HIGH = 5;

  private static final int WRITE_CHUNK_BYTES = 1 << 30;

  private final MediaSpec spec;
  private final List<MediaItem> items;
  private final Scheduler scheduler;
  private final long mediaStatsStartMicros;
  private final LatencyStats[] stats;
  private final long[] itemCompletedMicros;

  // quicperf's per-description group schedule (its "report" structure).
  private final boolean[] groupsPending;
  private final long[] nextGroup;
  private final long[] nextGroupStartMicros;

  private final TreeMap<Long, ClientStream> openStreams = new TreeMap<>();
  private final TreeMap<Long, ClientStream> streamsById = new TreeMap<>();
  private final List<ClientStream> streams = new ArrayList<>();
  private final FrameLog frames;
  private long lateStopSendingSent;

  private QuicConnection connection;
  private TimerHandle groupTimer;
  private boolean started;
  private long batchBytesReceived;
  private long closedMicros = -1;
  private long closeErrorCode = -1;

  /** A client that counts every frame ({@code media_stats_start} 0). */
  public QuicperfClient(MediaSpec spec, Scheduler scheduler) {
    this(spec, scheduler, 0);
  }

  /**
   * @param scheduler runs the timers that request groups at their scheduled times
   * @param mediaStatsStartMicros stream frames expected before this time are not counted
   * @throws IllegalArgumentException for items the reference cannot run: client media ({@code C}),
   *     a post of less than 8 bytes (the server never learns the response size), stream frames of 0
   *     bytes, or values that do not fit the 3-byte fields of the media request
   */
  public QuicperfClient(MediaSpec spec, Scheduler scheduler, long mediaStatsStartMicros) {
    this.spec = spec;
    this.items = spec.items();
    this.scheduler = scheduler;
    this.mediaStatsStartMicros = mediaStatsStartMicros;
    int count = items.size();
    stats = new LatencyStats[count];
    itemCompletedMicros = new long[count];
    groupsPending = new boolean[count];
    nextGroup = new long[count];
    nextGroupStartMicros = new long[count];
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      validate(items.get(i));
      stats[i] = new LatencyStats();
      ids.add(items.get(i).id());
    }
    Arrays.fill(itemCompletedMicros, -1);
    frames = new FrameLog(ids);
  }

  private static void validate(MediaItem item) {
    String name = "item '" + item.id() + "': ";
    if (item instanceof BatchTransfer batch) {
      if (batch.postBytes() < BatchRequest.HEADER_BYTES) {
        throw new IllegalArgumentException(name + "a batch post needs at least 8 bytes");
      }
      return;
    }
    MediaFlow flow = (MediaFlow) item;
    if (flow.clientMedia()) {
      throw new IllegalArgumentException(name + "client media ('C') is not run by quicperf");
    }
    if (flow.transport() == MediaTransport.STREAM
        && (flow.frameSizeBytes() < 1 || flow.keyframeSizeBytes() < 1)) {
      throw new IllegalArgumentException(name + "stream frames need at least 1 byte");
    }
    if (flow.keyframeSizeBytes() > MediaRequest.MAX_THREE_BYTE_VALUE
        || flow.framesPerGroup() > MediaRequest.MAX_THREE_BYTE_VALUE) {
      throw new IllegalArgumentException(
          name + "I-frame size and frames per request must fit the request's 3-byte fields");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Starting items and requesting groups

  @Override
  public void onReady(QuicConnection connection, long nowMicros) {
    if (started) {
      return;
    }
    started = true;
    this.connection = connection;
    startItemsAfter("", nowMicros);
    if (openStreams.isEmpty()) {
      connection.close(INTERNAL_ERROR, true); // nothing could start, as the reference does
      return;
    }
    armGroupTimer();
  }

  /** Starts every item that waits for {@code previousId} (the empty id: the connection). */
  private void startItemsAfter(String previousId, long nowMicros) {
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i).previousId().equals(previousId)) {
        startItem(i, nowMicros);
      }
    }
  }

  private void startItem(int index, long nowMicros) {
    MediaItem item = items.get(index);
    for (int copy = 0; copy < item.repeatCount(); copy++) {
      if (item instanceof BatchTransfer batch) {
        requestBatch(index, copy, batch, nowMicros);
        continue;
      }
      MediaFlow flow = (MediaFlow) item;
      if (flow.transport() == MediaTransport.DATAGRAM) {
        requestMedia(index, copy, 0, nowMicros, nowMicros);
        continue;
      }
      requestMedia(index, copy, 0, nowMicros, nowMicros);
      long groupSize = flow.groupSize();
      if (copy == 0 && groupSize >= 1 && groupSize < flow.frameCount()) {
        groupsPending[index] = true;
        nextGroup[index] = 1;
        nextGroupStartMicros[index] = nowMicros + groupDurationMicros(flow);
      }
    }
  }

  private void requestBatch(int index, int copy, BatchTransfer batch, long nowMicros) {
    long streamId = connection.openBidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
    ByteSlice header = BatchRequest.header(batch.unlimitedResponse() ? -1 : batch.responseBytes());
    connection.write(streamId, header);
    long remaining = batch.postBytes() - header.length();
    while (remaining > 0) {
      int chunk = (int) Math.min(remaining, WRITE_CHUNK_BYTES);
      connection.writeCount(streamId, chunk);
      remaining -= chunk;
    }
    connection.finish(streamId);
    register(
        ClientStream.batch(
            index,
            batch.id(),
            copy,
            streamId,
            nowMicros,
            batch.responseBytes(),
            batch.unlimitedResponse()));
  }

  /** Opens the stream of one group (or of a datagram flow) and sends its media request. */
  private void requestMedia(int index, int copy, long group, long startMicros, long nowMicros) {
    MediaFlow flow = (MediaFlow) items.get(index);
    boolean datagram = flow.transport() == MediaTransport.DATAGRAM;
    long frameCount = datagram ? flow.frameCount() : framesInGroup(flow, group);
    long firstFrameSize =
        flow.firstFrameSizeBytes() == 0 ? flow.frameSizeBytes() : flow.firstFrameSizeBytes();
    long streamId = connection.openBidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
    connection.write(
        streamId,
        MediaRequest.header(
            datagram,
            flow.frameSizeBytes(),
            flow.priority(),
            flow.framesPerSecond(),
            frameCount,
            firstFrameSize));
    connection.finish(streamId);
    register(
        ClientStream.media(
            index,
            flow.id(),
            copy,
            group,
            streamId,
            datagram,
            startMicros,
            nowMicros,
            frameCount,
            flow.frameSizeBytes(),
            firstFrameSize,
            flow.framesPerSecond(),
            flow.resetDelayMicros()));
  }

  private void register(ClientStream stream) {
    openStreams.put(stream.streamId(), stream);
    streamsById.put(stream.streamId(), stream);
    streams.add(stream);
  }

  /** Frames in group {@code group}: the group size, less for a last partial group. */
  private static long framesInGroup(MediaFlow flow, long group) {
    long size = flow.groupSize();
    if (size == 0) {
      return flow.frameCount();
    }
    return size * (group + 1) > flow.frameCount() ? flow.frameCount() - size * group : size;
  }

  /** ⌊g·10⁶/F⌋: the step between group start times, truncated once per group as quicperf does. */
  private static long groupDurationMicros(MediaFlow flow) {
    return flow.groupSize() * 1_000_000L / flow.framesPerSecond();
  }

  /** quicperf_client_timer: requests every group whose time has come, for every copy. */
  private void onGroupTimer() {
    groupTimer = null;
    if (closedMicros >= 0) {
      return;
    }
    long now = scheduler.nowMicros();
    for (int i = 0; i < items.size(); i++) {
      while (groupsPending[i] && now >= nextGroupStartMicros[i]) {
        MediaFlow flow = (MediaFlow) items.get(i);
        for (int copy = 0; copy < flow.repeatCount(); copy++) {
          requestMedia(i, copy, nextGroup[i], nextGroupStartMicros[i], now);
        }
        nextGroup[i]++;
        if (flow.groupSize() * nextGroup[i] >= flow.frameCount()) {
          groupsPending[i] = false;
        }
        nextGroupStartMicros[i] += groupDurationMicros(flow);
      }
    }
    armGroupTimer();
  }

  private void armGroupTimer() {
    long earliest = Long.MAX_VALUE;
    for (int i = 0; i < items.size(); i++) {
      if (groupsPending[i]) {
        earliest = Math.min(earliest, nextGroupStartMicros[i]);
      }
    }
    if (groupTimer != null) {
      if (groupTimer.isPending() && groupTimer.deadlineMicros() == earliest) {
        return;
      }
      groupTimer.cancel();
      groupTimer = null;
    }
    if (earliest != Long.MAX_VALUE) {
      groupTimer = scheduler.scheduleAt(earliest, this::onGroupTimer);
    }
  }

  private boolean anyGroupPending() {
    for (boolean pending : groupsPending) {
      if (pending) {
        return true;
      }
    }
    return false;
  }

  // ---------------------------------------------------------------------------------------------
  // Receiving

  @Override
  public void onStreamData(
      QuicConnection connection,
      long nowMicros,
      long streamId,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {
    ClientStream stream = openStreams.get(streamId);
    if (stream == null) {
      return; // a stream already done with (completed, or abandoned by STOP_SENDING)
    }
    switch (stream.kind()) {
      case BATCH -> receiveBatch(nowMicros, stream, length, fin);
      case MEDIA_GROUP -> receiveFrames(nowMicros, stream, length, fin);
      case DATAGRAM_REQUEST -> stream.closed |= fin;
    }
    if (stream.closed) {
      complete(nowMicros, stream);
    }
  }

  private void receiveBatch(long nowMicros, ClientStream stream, int length, boolean fin) {
    stream.receivedBytes += length;
    batchBytesReceived += length;
    if (stream.unlimitedResponse) {
      if (stream.receivedBytes >= stream.responseBytes) {
        stopSending(nowMicros, stream, NO_ERROR);
      } else if (fin) {
        connection.close(NOT_ENOUGH_DATA_SENT, true);
      }
    } else if (fin) {
      stream.closed = true;
      if (stream.receivedBytes != stream.responseBytes) {
        connection.close(NOT_ENOUGH_DATA_SENT, true);
      }
    } else if (stream.receivedBytes > stream.responseBytes) {
      connection.close(TOO_MUCH_DATA_SENT, true);
    }
  }

  /**
   * Cuts the stream into frames (the first of the group is the I-frame); a frame is received when
   * its last byte is. After the STOP_SENDING rule fires, the rest of the bytes are ignored (the
   * reference branch's fix).
   */
  private void receiveFrames(long nowMicros, ClientStream stream, int length, boolean fin) {
    long remaining = length;
    while (remaining > 0 && !stream.closed) {
      long frameSize = stream.frameSizeBytes(stream.framesReceived);
      long taken = Math.min(frameSize - stream.bytesInFrame, remaining);
      stream.bytesInFrame += taken;
      remaining -= taken;
      if (stream.bytesInFrame >= frameSize) {
        onFrameReceived(nowMicros, stream, fin);
      }
    }
    if (fin) {
      stream.closed = true;
    }
  }

  private void onFrameReceived(long nowMicros, ClientStream stream, boolean fin) {
    long index = stream.framesReceived;
    long expected = stream.expectedMicros(index);
    boolean counted = expected >= mediaStatsStartMicros;
    if (counted) {
      stats[stream.itemIndex()].add(Math.max(0, nowMicros - expected));
    }
    frames.add(
        stream.itemIndex(),
        stream.copy(),
        stream.group(),
        index,
        index == 0 ? FrameKind.I : FrameKind.P,
        stream.frameSizeBytes(index),
        expected,
        nowMicros,
        counted);
    stream.framesReceived++;
    stream.bytesInFrame = 0;
    if (stream.framesReceived >= stream.frameCount) {
      stream.closed = true;
    } else if (stream.resetDelayMicros > 0 && stream.framesPerSecond > 0) {
      // quicperf: reset time = start + D + (index + 1)/F; a frame completing later than that
      // abandons the group, unless this very callback carries the FIN.
      long resetMicros = stream.expectedMicros(stream.framesReceived) + stream.resetDelayMicros;
      if (nowMicros > resetMicros && !fin) {
        stopSending(nowMicros, stream, DELAY_TOO_HIGH);
      }
    }
  }

  private void stopSending(long nowMicros, ClientStream stream, long errorCode) {
    if (stream.stopSentMicros < 0) {
      connection.stopSending(stream.streamId(), errorCode);
      stream.stopSentMicros = nowMicros;
      if (errorCode == DELAY_TOO_HIGH) {
        lateStopSendingSent++;
      }
      cancelRemainingFrames(stream);
    }
    stream.closed = true;
  }

  /** Logs the frames of an abandoned group that will never arrive. */
  private void cancelRemainingFrames(ClientStream stream) {
    if (stream.kind() != ClientStream.Kind.MEDIA_GROUP) {
      return;
    }
    for (long index = stream.framesReceived; index < stream.frameCount; index++) {
      frames.add(
          stream.itemIndex(),
          stream.copy(),
          stream.group(),
          index,
          index == 0 ? FrameKind.I : FrameKind.P,
          stream.frameSizeBytes(index),
          stream.expectedMicros(index),
          -1,
          false);
    }
  }

  /** quicperf_terminate_and_delete_stream: chaining and, when all is done, the close. */
  private void complete(long nowMicros, ClientStream stream) {
    openStreams.remove(stream.streamId());
    stream.completedMicros = nowMicros;
    int index = stream.itemIndex();
    MediaItem item = items.get(index);
    boolean moreGroups =
        stream.kind() == ClientStream.Kind.MEDIA_GROUP
            && ((MediaFlow) item).groupSize() >= 1
            && ((MediaFlow) item).groupSize() * (stream.group() + 1)
                < ((MediaFlow) item).frameCount();
    if (!moreGroups && stream.copy() + 1 >= item.repeatCount()) {
      itemCompletedMicros[index] = nowMicros;
      if (!item.id().isEmpty()) {
        startItemsAfter(item.id(), nowMicros);
        armGroupTimer();
      }
    }
    if (openStreams.isEmpty() && !anyGroupPending() && closedMicros < 0) {
      connection.close(NO_ERROR, true);
    }
  }

  @Override
  public void onStreamReset(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {
    ClientStream stream = streamsById.get(streamId);
    if (stream == null) {
      return;
    }
    if (stream.resetReceivedMicros < 0) {
      stream.resetReceivedMicros = nowMicros;
    }
    if (openStreams.containsKey(streamId)) {
      cancelRemainingFrames(stream);
      stream.closed = true;
      complete(nowMicros, stream);
    }
  }

  @Override
  public void onDatagram(QuicConnection connection, long nowMicros, DatagramPayload payload) {
    if (!(payload instanceof QuicperfDatagram datagram)) {
      return;
    }
    ClientStream stream = openStreams.get(datagram.requestStreamId());
    if (stream == null || stream.kind() != ClientStream.Kind.DATAGRAM_REQUEST) {
      return; // quicperf forgets the flow once its request stream has ended
    }
    long expected = stream.expectedMicros(datagram.frameNumber());
    stats[stream.itemIndex()].add(Math.max(0, nowMicros - expected));
    frames.add(
        stream.itemIndex(),
        stream.copy(),
        0,
        datagram.frameNumber(),
        FrameKind.AUDIO,
        datagram.length(),
        expected,
        nowMicros,
        true);
    stream.framesReceived++;
  }

  @Override
  public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
    closedMicros = nowMicros;
    closeErrorCode = errorCode;
    if (groupTimer != null) {
      groupTimer.cancel();
      groupTimer = null;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Results

  public MediaSpec spec() {
    return spec;
  }

  public long mediaStatsStartMicros() {
    return mediaStatsStartMicros;
  }

  /** Latency statistics per description, in the scenario's order (empty for batch items). */
  public List<LatencyStats> stats() {
    return Collections.unmodifiableList(Arrays.asList(stats));
  }

  /** The statistics of the description called {@code id}. */
  public LatencyStats stats(String id) {
    return stats[indexOf(id)];
  }

  /** Every media frame received or abandoned. */
  /** STOP_SENDING frames sent because a group's frame came too late (the layer's reset rule). */
  public long lateStopSendingSent() {
    return lateStopSendingSent;
  }

  public FrameLog frames() {
    return frames;
  }

  /** Every stream the client opened, in the order it opened them. */
  public List<ClientStream> streams() {
    return Collections.unmodifiableList(streams);
  }

  /**
   * When the last copy of the description called {@code id} completed (its last stream: FIN,
   * STOP_SENDING or RESET_STREAM); -1 before.
   */
  public long completedMicros(String id) {
    return itemCompletedMicros[indexOf(id)];
  }

  /** Response bytes of all batch streams. */
  public long batchBytesReceived() {
    return batchBytesReceived;
  }

  /** When the connection closed ("disconnected": the draft's completion time), -1 before. */
  public long closedMicros() {
    return closedMicros;
  }

  /** The error code the connection closed with, -1 before. */
  public long closeErrorCode() {
    return closeErrorCode;
  }

  /**
   * The simulator's media verdict for this client (see {@link MediaCheck#evaluate}).
   *
   * @param mediaExcluded the spec's {@code media_excluded} list (comma separated)
   * @param averageLimitMicros {@code media_latency_average}, 0 for none
   * @param maxLimitMicros {@code media_latency_max}, 0 for none
   */
  public MediaCheck check(String mediaExcluded, long averageLimitMicros, long maxLimitMicros) {
    return MediaCheck.evaluate(spec, stats(), mediaExcluded, averageLimitMicros, maxLimitMicros);
  }

  private int indexOf(String id) {
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i).id().equals(id)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no item '" + id + "' in " + spec);
  }
}
