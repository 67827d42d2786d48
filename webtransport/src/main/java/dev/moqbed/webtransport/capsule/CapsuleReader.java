package dev.moqbed.webtransport.capsule;

import dev.moqbed.media.moqt.wire.ByteAccumulator;
import dev.moqbed.webtransport.http3.BufferVarints;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.nio.ByteBuffer;

/**
 * Cuts the capsule stream of a CONNECT stream (the concatenated payloads of its DATA frames) into
 * capsules. A capsule is refused as soon as its length exceeds the limit, before its value is
 * buffered. Capsules of types the caller does not know are delivered too: RFC 9297 §3.2 has the
 * receiver skip them, and the session does.
 */
public final class CapsuleReader {
  private final int maxCapsuleBytes;
  private final ByteAccumulator pending = new ByteAccumulator();

  /** A reader that refuses capsule values longer than {@code maxCapsuleBytes}. */
  public CapsuleReader(int maxCapsuleBytes) {
    if (maxCapsuleBytes < 1) {
      throw new IllegalArgumentException("maxCapsuleBytes must be positive: " + maxCapsuleBytes);
    }
    this.maxCapsuleBytes = maxCapsuleBytes;
  }

  /** Appends the remaining bytes of {@code data}. */
  public void append(ByteBuffer data) {
    pending.append(data);
  }

  /**
   * The next complete capsule, or null until more bytes arrive.
   *
   * @throws Http3Exception H3_EXCESSIVE_LOAD for a capsule longer than the limit
   */
  public Capsule next() {
    ByteBuffer view = pending.view();
    int start = view.position();
    if (BufferVarints.completeLength(view) < 0) {
      return null;
    }
    long type = BufferVarints.readComplete(view);
    if (BufferVarints.completeLength(view) < 0) {
      return null;
    }
    long length = BufferVarints.readComplete(view);
    if (length > maxCapsuleBytes) {
      throw new Http3Exception(
          Http3ErrorCode.H3_EXCESSIVE_LOAD,
          "capsule 0x"
              + Long.toHexString(type)
              + " of "
              + length
              + " bytes, limit "
              + maxCapsuleBytes);
    }
    if (view.remaining() < length) {
      return null;
    }
    byte[] value = new byte[(int) length];
    view.get(value);
    pending.consume(view.position() - start);
    return new Capsule(type, value);
  }

  /** Bytes received and not yet returned as capsules. */
  public int bufferedBytes() {
    return pending.size();
  }

  /**
   * Checks that the stream ended between two capsules; call at the stream's FIN.
   *
   * @throws Http3Exception H3_DATAGRAM_ERROR when it ended inside one (RFC 9297 §3.3)
   */
  public void finish() {
    if (pending.size() > 0) {
      throw new Http3Exception(Http3ErrorCode.H3_DATAGRAM_ERROR, "stream ended inside a capsule");
    }
  }
}
