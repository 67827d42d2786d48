package dev.moqbed.webtransport.session;

import dev.moqbed.media.moqt.wire.ByteAccumulator;
import dev.moqbed.webtransport.http3.BufferVarints;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import dev.moqbed.webtransport.http3.Http3FrameType;
import dev.moqbed.webtransport.http3.UnidirectionalStreamType;
import java.nio.ByteBuffer;

/**
 * The first bytes of a stream the peer opened, until they say what the stream is: a unidirectional
 * stream's type (and, for WebTransport, its session id), or on a bidirectional stream the
 * WEBTRANSPORT_STREAM signal and session id, or else the first frame of a request. It then hands
 * the stream, and every byte after the ones it read, to the stream's real handler. At most two
 * varints (16 bytes) are read here, so it holds little whatever the peer sends.
 */
final class StreamStart implements StreamHandler {
  private final Http3Connection connection;
  private final long streamId;
  private final boolean unidirectional;
  private final ByteAccumulator pending = new ByteAccumulator();

  StreamStart(Http3Connection connection, long streamId) {
    this.connection = connection;
    this.streamId = streamId;
    this.unidirectional = StreamIds.isUnidirectional(streamId);
  }

  @Override
  public void onData(ByteBuffer data, boolean fin) {
    pending.append(data);
    ByteBuffer view = pending.view();
    if (BufferVarints.completeLength(view) < 0) {
      if (fin) {
        // A stream that ended before saying what it is carries nothing to act on.
        connection.removeHandler(streamId);
      }
      return;
    }
    long first = BufferVarints.readComplete(view);
    boolean webTransport =
        unidirectional
            ? first == UnidirectionalStreamType.WEBTRANSPORT
            : first == Http3FrameType.WEBTRANSPORT_STREAM;
    StreamHandler next;
    if (webTransport) {
      if (BufferVarints.completeLength(view) < 0) {
        if (fin) {
          connection.removeHandler(streamId);
        }
        return;
      }
      long sessionId = BufferVarints.readComplete(view);
      next = connection.sessions().acceptIncoming(streamId, sessionId, !unidirectional);
    } else if (unidirectional) {
      next = connection.unidirectionalStream(streamId, first);
    } else {
      next = requestStream(first);
      // The request's first frame starts with the varint just read: hand it over too.
      view = pending.view();
    }
    connection.replaceHandler(streamId, next);
    next.onData(view, fin);
  }

  private StreamHandler requestStream(long firstFrameType) {
    if (!connection.isServer()) {
      // A server opens bidirectional streams only for WebTransport (RFC 9114 §6.1).
      throw new Http3Exception(
          Http3ErrorCode.H3_STREAM_CREATION_ERROR,
          "server-initiated bidirectional stream began with 0x" + Long.toHexString(firstFrameType));
    }
    return new ConnectStream(connection, streamId, null);
  }

  @Override
  public void onReset(long errorCode) {
    connection.removeHandler(streamId);
  }
}
