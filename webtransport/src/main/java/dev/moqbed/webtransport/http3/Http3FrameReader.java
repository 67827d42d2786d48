package dev.moqbed.webtransport.http3;

import dev.moqbed.media.moqt.wire.ByteAccumulator;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Cuts one stream's bytes into HTTP/3 frames, incrementally: bytes are appended as they arrive and
 * {@link #next()} returns each complete frame once. Frames of unknown or reserved types are skipped
 * as their bytes arrive, never buffered (RFC 9114 §9 requires ignoring them). Types HTTP/3 forbids
 * are refused. Whether a known frame is allowed on this stream is the caller's decision.
 */
public final class Http3FrameReader {
  private final Http3FrameLimits limits;
  private final ByteAccumulator pending = new ByteAccumulator();
  private long skipRemaining;
  private long currentType = -1;
  private int currentLength;

  /** A reader that refuses frames larger than {@code limits}. */
  public Http3FrameReader(Http3FrameLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  /** Appends the remaining bytes of {@code data}, advancing its position to its limit. */
  public void append(ByteBuffer data) {
    if (skipRemaining > 0) {
      int skipped = (int) Math.min(skipRemaining, data.remaining());
      data.position(data.position() + skipped);
      skipRemaining -= skipped;
    }
    pending.append(data);
  }

  /**
   * The next complete frame, or null until more bytes arrive.
   *
   * @throws Http3Exception for a forbidden type or a length above the limits
   */
  public Http3Frame next() {
    while (true) {
      if (skipRemaining > 0) {
        int skipped = (int) Math.min(skipRemaining, pending.size());
        pending.consume(skipped);
        skipRemaining -= skipped;
        if (skipRemaining > 0) {
          return null;
        }
      }
      if (currentType < 0 && !readHeader()) {
        return null;
      }
      if (currentType >= 0) {
        if (pending.size() < currentLength) {
          return null;
        }
        byte[] payload = new byte[currentLength];
        pending.view().get(payload);
        pending.consume(currentLength);
        Http3Frame frame = new Http3Frame(currentType, payload);
        currentType = -1;
        return frame;
      }
    }
  }

  /**
   * Checks that the stream ended between two frames; call at the stream's FIN.
   *
   * @throws Http3Exception H3_FRAME_ERROR when the stream ended inside a frame
   */
  public void finish() {
    if (!atFrameBoundary()) {
      throw new Http3Exception(Http3ErrorCode.H3_FRAME_ERROR, "stream ended inside a frame");
    }
  }

  /** True when no partial frame is pending: the stream may end here. */
  public boolean atFrameBoundary() {
    return pending.size() == 0 && skipRemaining == 0 && currentType < 0;
  }

  /**
   * Reads a frame's type and length once both are complete. Returns false when they are not yet;
   * sets {@link #skipRemaining} for a frame to skip, {@link #currentType} for one to deliver.
   */
  private boolean readHeader() {
    ByteBuffer view = pending.view();
    int start = view.position();
    int typeLength = BufferVarints.completeLength(view);
    if (typeLength < 0) {
      return false;
    }
    long type = BufferVarints.readComplete(view);
    if (BufferVarints.completeLength(view) < 0) {
      return false;
    }
    long length = BufferVarints.readComplete(view);
    pending.consume(view.position() - start);
    if (!isDelivered(type)) {
      refuseForbidden(type);
      skipRemaining = length;
      return true;
    }
    long limit = limitOf(type);
    if (length > limit) {
      throw new Http3Exception(
          type == Http3FrameType.GOAWAY
                  || type == Http3FrameType.MAX_PUSH_ID
                  || type == Http3FrameType.CANCEL_PUSH
              ? Http3ErrorCode.H3_FRAME_ERROR
              : Http3ErrorCode.H3_EXCESSIVE_LOAD,
          "frame 0x" + Long.toHexString(type) + " of " + length + " bytes, limit " + limit);
    }
    currentType = type;
    currentLength = (int) length;
    return true;
  }

  private static boolean isDelivered(long type) {
    return type == Http3FrameType.DATA
        || type == Http3FrameType.HEADERS
        || type == Http3FrameType.CANCEL_PUSH
        || type == Http3FrameType.SETTINGS
        || type == Http3FrameType.PUSH_PROMISE
        || type == Http3FrameType.GOAWAY
        || type == Http3FrameType.MAX_PUSH_ID;
  }

  private static void refuseForbidden(long type) {
    if (Http3FrameType.isHttp2Only(type)) {
      throw new Http3Exception(
          Http3ErrorCode.H3_FRAME_UNEXPECTED, "HTTP/2 frame type 0x" + Long.toHexString(type));
    }
    if (type == Http3FrameType.WEBTRANSPORT_STREAM) {
      // The signal is read by the stream's owner before any frame; here it is out of place.
      throw new Http3Exception(
          Http3ErrorCode.H3_FRAME_UNEXPECTED, "WEBTRANSPORT_STREAM signal after the stream start");
    }
  }

  private long limitOf(long type) {
    if (type == Http3FrameType.HEADERS || type == Http3FrameType.PUSH_PROMISE) {
      return limits.maxHeadersBytes();
    }
    if (type == Http3FrameType.SETTINGS) {
      return limits.maxSettingsBytes();
    }
    if (type == Http3FrameType.DATA) {
      return limits.maxDataBytes();
    }
    return Http3FrameLimits.MAX_SINGLE_VARINT_BYTES;
  }
}
