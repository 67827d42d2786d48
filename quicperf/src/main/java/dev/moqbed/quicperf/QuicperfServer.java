package dev.moqbed.quicperf;

import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;

/**
 * The server side of picoquic's quicperf ({@code picohttp/quicperf.c}): answers each client stream
 * according to its request (see {@link RequestReader}).
 *
 * <ul>
 *   <li>Batch: once the request is complete (FIN), the requested number of bytes and a FIN; an
 *       "unlimited" request gets bytes until the client sends STOP_SENDING.
 *   <li>Media on a stream: the request's first byte sets the server's start time; the stream gets
 *       the request's priority (0 keeps the default 9); frame 0 goes at once, frame n not before
 *       start + n/F (each frame counts its 8-byte timestamp inside its size); FIN with the last
 *       frame.
 *   <li>Media on datagrams: the connection's datagram priority is set from the request; datagram n
 *       goes at start + n/F, padded to the frame size (at most 1024 bytes); the request stream gets
 *       a FIN one frame interval after the last datagram.
 * </ul>
 *
 * <p>STOP_SENDING on a stream the server still feeds is answered with RESET_STREAM (error {@value
 * #STOPPED_BY_PEER}) and nothing more is sent on it.
 *
 * <p>The timing is quicperf's, which is what makes media connections app-limited. A media stream is
 * "active" while it has a frame to give. When the last byte of a frame goes into a packet ({@link
 * #onStreamBytesSent}) before the next frame is due, the stream sleeps and the server keeps one
 * wake-up time for the connection: a sleeping stream lowers it to its next frame time; when it
 * fires, every sleeping stream whose frame is due is woken, due datagrams are sent, and the next
 * wake-up is chosen among the streams still asleep, by {@link ServerWakeup}. The wake-up runs on
 * the {@link Scheduler}; it replaces the previous one, as picoquic's application wake time does.
 */
public final class QuicperfServer implements ConnectionHandler {
  /** quicperf's error code for RESET_STREAM after the peer's STOP_SENDING. */
  public static final long STOPPED_BY_PEER = 6;

  /** What "unlimited" means here: more than any simulation sends. */
  private static final long UNLIMITED_RESPONSE_BYTES = 1L << 40;

  private static final int WRITE_CHUNK_BYTES = 1 << 30;

  private final Scheduler scheduler;
  private final ServerWakeup wakeup;

  /** quicperf's stream tree: the streams being answered, in stream-id order. */
  private final TreeMap<Long, ServerStream> streams = new TreeMap<>();

  private final List<ServedRequest> requests = new ArrayList<>();
  private QuicConnection connection;

  /** quicperf's {@code stream_wakeup_time}; 0 before any stream slept. */
  private long streamWakeupMicros;

  private TimerHandle wakeTimer;
  private long receivedBytes;
  private long resetStreams;

  /** A server with the fixed wake-up of picoquic's reference branch. */
  public QuicperfServer(Scheduler scheduler) {
    this(scheduler, ServerWakeup.EARLIEST_FRAME);
  }

  public QuicperfServer(Scheduler scheduler, ServerWakeup wakeup) {
    this.scheduler = scheduler;
    this.wakeup = wakeup;
  }

  @Override
  public void onStreamData(
      QuicConnection connection,
      long nowMicros,
      long streamId,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {
    this.connection = connection;
    receivedBytes += length;
    ServerStream stream = streams.get(streamId);
    if (stream == null) {
      if (offset > 0) {
        return; // bytes of a stream quicperf already forgot
      }
      stream = new ServerStream(streamId, nowMicros);
      streams.put(streamId, stream);
    }
    if (stream.requestComplete) {
      return;
    }
    stream.request.accept(offset, length, data);
    if (fin) {
      stream.requestComplete = true;
      answer(nowMicros, stream);
    }
  }

  private void answer(long nowMicros, ServerStream stream) {
    RequestReader request = stream.request;
    if (!request.isComplete() || !request.isMedia()) {
      // A request cut short of its header asks for nothing: quicperf answers with a bare FIN.
      long response = request.isComplete() ? request.responseBytes() : 0;
      stream.kind = ServedRequest.Kind.BATCH;
      record(stream, 0, 0, 0, response);
      writeCount(stream, response < 0 ? UNLIMITED_RESPONSE_BYTES : response);
      if (response >= 0) {
        connection.finish(stream.id);
        stream.finWritten = true;
      }
      return;
    }
    stream.frameSizeBytes = request.frameSizeBytes();
    stream.firstFrameSizeBytes = request.firstFrameSizeBytes();
    stream.frameCount = request.frameCount();
    stream.framesPerSecond = request.framesPerSecond();
    int priority = request.priority();
    stream.kind =
        request.isDatagram() ? ServedRequest.Kind.MEDIA_DATAGRAM : ServedRequest.Kind.MEDIA_STREAM;
    record(stream, priority, stream.frameCount, stream.framesPerSecond, 0);
    if (request.isDatagram()) {
      if (priority != 0) {
        connection.setDatagramPriority(priority);
      }
      wakeAt(nowMicros);
      sendDueDatagrams(nowMicros, stream);
      return;
    }
    if (priority != 0) {
      connection.setStreamPriority(stream.id, priority);
    }
    stream.active = true;
    writeNextFrame(stream);
  }

  private void record(
      ServerStream stream, int priority, long frameCount, int framesPerSecond, long response) {
    requests.add(
        new ServedRequest(
            stream.id,
            stream.kind,
            stream.startMicros,
            priority,
            frameCount,
            framesPerSecond,
            response));
  }

  /** Hands the transport the frame after the last one it took, and the FIN with the last frame. */
  private void writeNextFrame(ServerStream stream) {
    long size = stream.framesSent == 0 ? stream.firstFrameSizeBytes : stream.frameSizeBytes;
    // An empty frame would never be taken from the stream; quicperf's client reads at least one
    // byte per frame, so one byte keeps both ends in step.
    writeCount(stream, Math.max(1, size));
    stream.frameEndOffset = stream.writtenBytes;
    if (stream.framesSent + 1 >= stream.frameCount) {
      connection.finish(stream.id);
      stream.finWritten = true;
    }
  }

  private void writeCount(ServerStream stream, long bytes) {
    long remaining = bytes;
    while (remaining > 0) {
      int chunk = (int) Math.min(remaining, WRITE_CHUNK_BYTES);
      connection.writeCount(stream.id, chunk);
      remaining -= chunk;
    }
    stream.writtenBytes += bytes;
  }

  @Override
  public void onStreamBytesSent(
      QuicConnection connection, long nowMicros, long streamId, long sentBytes) {
    runDueWake(nowMicros);
    ServerStream stream = streams.get(streamId);
    if (stream == null || !stream.requestComplete) {
      return;
    }
    if (stream.kind == ServedRequest.Kind.BATCH) {
      if (stream.finWritten && sentBytes >= stream.writtenBytes) {
        streams.remove(streamId); // quicperf forgets a stream once its FIN is handed over
      }
      return;
    }
    if (stream.kind != ServedRequest.Kind.MEDIA_STREAM || sentBytes < stream.frameEndOffset) {
      return;
    }
    // The frame's last byte left: quicperf's prepare_to_send_media decides what the stream does.
    stream.framesSent++;
    if (stream.framesSent >= stream.frameCount) {
      streams.remove(streamId);
      return;
    }
    stream.nextFrameMicros = stream.frameDueMicros(stream.framesSent);
    if (nowMicros < stream.nextFrameMicros) {
      stream.active = false;
      if (streamWakeupMicros == 0 || streamWakeupMicros > stream.nextFrameMicros) {
        streamWakeupMicros = stream.nextFrameMicros;
        wakeAt(streamWakeupMicros);
      }
    } else {
      writeNextFrame(stream); // already due: the stream stays active
    }
  }

  /**
   * picoquic runs a due application wake-up before it builds a packet. Here the wake-up is a
   * scheduler task that may come after the connection's own send task at the same time, so the
   * first stream bytes of a packet run it first if it is due: a stream going to sleep must see the
   * wake-up time the timer would have set.
   */
  private void runDueWake(long nowMicros) {
    if (wakeTimer != null && wakeTimer.isPending() && wakeTimer.deadlineMicros() <= nowMicros) {
      wakeTimer.cancel();
      onWake();
    }
  }

  /** picoquic's application wake time: one per connection, each setting replaces the last. */
  private void wakeAt(long atMicros) {
    if (wakeTimer != null) {
      wakeTimer.cancel();
      wakeTimer = null;
    }
    if (atMicros != 0 && atMicros != Long.MAX_VALUE) {
      wakeTimer = scheduler.scheduleAt(atMicros, this::onWake);
    }
  }

  /** quicperf_server_timer. */
  private void onWake() {
    wakeTimer = null;
    long now = scheduler.nowMicros();
    if (connection == null || !connection.isReady()) {
      return;
    }
    if (now >= streamWakeupMicros) {
      long next = Long.MAX_VALUE;
      boolean anyStream = false;
      Iterator<ServerStream> iterator = streams.values().iterator();
      while (iterator.hasNext()) {
        ServerStream stream = iterator.next();
        anyStream = true;
        if (stream.kind == ServedRequest.Kind.MEDIA_DATAGRAM) {
          sendDueDatagrams(now, stream);
          if (stream.framesSent >= stream.frameCount && now >= stream.nextFrameMicros) {
            connection.finish(stream.id); // the datagram flow is over: end its request stream
            iterator.remove();
          } else if (stream.nextFrameMicros < next) {
            next = stream.nextFrameMicros;
          }
        } else if (stream.kind == ServedRequest.Kind.MEDIA_STREAM && !stream.active) {
          if (stream.nextFrameMicros <= now) {
            stream.active = true;
            writeNextFrame(stream);
          } else if (wakeup == ServerWakeup.LAST_SLEEPING_STREAM || stream.nextFrameMicros < next) {
            next = stream.nextFrameMicros;
          }
        }
      }
      if (anyStream) {
        streamWakeupMicros = next;
      }
    }
    wakeAt(streamWakeupMicros);
  }

  /** quicperf_send_datagrams: every datagram due by now. */
  private void sendDueDatagrams(long nowMicros, ServerStream stream) {
    while (nowMicros >= stream.nextFrameMicros && stream.framesSent < stream.frameCount) {
      connection.sendDatagram(
          QuicperfDatagram.of(stream.id, stream.framesSent, nowMicros, stream.frameSizeBytes));
      stream.framesSent++;
      stream.nextFrameMicros = stream.frameDueMicros(stream.framesSent);
    }
  }

  @Override
  public void onStopSending(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {
    ServerStream stream = streams.remove(streamId);
    if (stream != null) {
      connection.resetStream(streamId, STOPPED_BY_PEER);
      resetStreams++;
    }
  }

  @Override
  public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
    if (wakeTimer != null) {
      wakeTimer.cancel();
      wakeTimer = null;
    }
  }

  /** Request bytes received, all streams together. */
  public long receivedBytes() {
    return receivedBytes;
  }

  /** The requests answered so far, in arrival order. */
  public List<ServedRequest> requests() {
    return List.copyOf(requests);
  }

  /** Streams reset after the client's STOP_SENDING. */
  public long resetStreams() {
    return resetStreams;
  }

  /** One stream being answered: quicperf's stream context on the server. */
  private static final class ServerStream {
    final long id;
    final long startMicros;
    final RequestReader request = new RequestReader();
    boolean requestComplete;
    ServedRequest.Kind kind;
    long frameSizeBytes;
    long firstFrameSizeBytes;
    long frameCount;
    int framesPerSecond;

    /** Frames the transport took whole (streams) or datagrams queued. */
    long framesSent;

    /** When the next frame is due (sleeping streams, datagram flows). */
    long nextFrameMicros;

    /** The stream has a frame for the transport (it is not asleep). */
    boolean active;

    long writtenBytes;
    long frameEndOffset;
    boolean finWritten;

    ServerStream(long id, long startMicros) {
      this.id = id;
      this.startMicros = startMicros;
    }

    /** start + n/F, truncated to the microsecond for each n, as quicperf computes it. */
    long frameDueMicros(long frameNumber) {
      return framesPerSecond == 0
          ? startMicros
          : startMicros + frameNumber * 1_000_000L / framesPerSecond;
    }
  }
}
