package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.Draft14SubgroupFraming.INCOMPLETE;
import static dev.moqbed.media.moqt.draft14.Draft14SubgroupFraming.VARINTS;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ObjectPayloads;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.wire.ByteAccumulator;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.WireReader;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * Incremental decoder of one draft-14 subgroup stream for {@link ObjectPayloads#SIZE_ONLY}: it
 * decodes the header and each object's head (everything but the payload) with the same scanners and
 * strict reader as {@link Draft14SubgroupStreamDecoder}, then counts the payload's bytes off as
 * they arrive without copying them. An object is ready once its last payload byte has arrived.
 *
 * <p>It decodes in {@link #feed}, because a payload can only be skipped while its bytes are there:
 * finished objects wait in a small queue for {@link #nextObject}. Only a header or a head cut by a
 * chunk's end is copied (into the accumulator, an array of the connection's pool). A protocol error
 * found in {@code feed} is thrown by {@link #nextObject} once the objects before it have been
 * taken, so objects reach the session in the same order and with the same errors as with the
 * decoder that keeps payloads.
 */
final class Draft14SubgroupSizeDecoder implements SubgroupStreamDecoder {
  /** Bytes copied at a time towards a header or head that a chunk's end cut. */
  private static final int HEAD_STEP = 64;

  private final Draft14SubgroupFraming framing;
  private final ByteAccumulator partial;
  private final ArrayDeque<SubgroupObject> ready = new ArrayDeque<>(4);
  private boolean inPayload;
  private int payloadLeft;
  // The current object's bytes so far (head and payload), for the message of a cut object.
  private int objectBytesSeen;
  private MoqtProtocolException failure;

  Draft14SubgroupSizeDecoder(Draft14DataCodec data, ByteAccumulator partial) {
    this.framing = new Draft14SubgroupFraming(data);
    this.partial = partial;
  }

  @Override
  public void feed(ByteBuffer bytes) {
    if (failure != null) {
      bytes.position(bytes.limit());
      return;
    }
    try {
      while (bytes.hasRemaining()) {
        if (inPayload) {
          skipPayload(bytes);
        } else if (!nextFrame(bytes)) {
          return;
        }
      }
    } catch (MoqtProtocolException error) {
      failure = error;
      partial.clear();
      bytes.position(bytes.limit());
    }
  }

  @Override
  public SubgroupHeader header() {
    return framing.header();
  }

  @Override
  public SubgroupObject nextObject() {
    SubgroupObject object = ready.poll();
    if (object == null && failure != null) {
      throw failure;
    }
    return object;
  }

  /** Bytes of a cut header or head held; skipped payload bytes are not held. */
  @Override
  public int bufferedBytes() {
    return partial.size();
  }

  @Override
  public void onEndOfStream() {
    if (failure != null) {
      throw failure;
    }
    if (framing.header() == null || partial.size() > 0 || inPayload) {
      throw MoqtProtocolException.violation(
          Problem.INCOMPLETE_AT_END_OF_STREAM,
          "subgroup stream ended inside "
              + (framing.header() == null ? "its header" : "an object")
              + " ("
              + (partial.size() + (inPayload ? objectBytesSeen : 0))
              + " bytes pending)");
    }
  }

  @Override
  public void release() {
    partial.clear();
  }

  private void skipPayload(ByteBuffer bytes) {
    int skipped = Math.min(payloadLeft, bytes.remaining());
    bytes.position(bytes.position() + skipped);
    payloadLeft -= skipped;
    objectBytesSeen += skipped;
    if (payloadLeft == 0) {
      inPayload = false;
      ready.add(framing.finish(ByteString.EMPTY));
    }
  }

  /**
   * Decodes the header or the next object's head from {@code bytes} (after what a previous chunk
   * left cut); false when the chunk ended inside it (its bytes are then held).
   */
  private boolean nextFrame(ByteBuffer bytes) {
    boolean header = framing.header() == null;
    if (partial.size() == 0) {
      int length = frameLength(bytes, header);
      if (length == INCOMPLETE) {
        // Every byte left belongs to the cut frame: nothing of a payload is copied here.
        partial.append(bytes);
        return false;
      }
      // Decoded where it lies, the chunk's limit moved to the frame's end and back: no slice.
      int limit = bytes.limit();
      bytes.limit(bytes.position() + length);
      try {
        decode(bytes, header);
      } finally {
        bytes.limit(limit);
      }
      return true;
    }
    while (true) {
      int held = partial.size();
      partial.appendUpTo(bytes, Math.max(HEAD_STEP, held));
      ByteBuffer view = partial.view();
      int length = frameLength(view, header);
      if (length != INCOMPLETE) {
        // Give back what was copied beyond the frame: it is the next frame's (or payload).
        bytes.position(bytes.position() - (partial.size() - length));
        ByteBuffer frame = view.slice();
        frame.limit(length);
        decode(frame, header);
        partial.clear();
        return true;
      }
      if (!bytes.hasRemaining()) {
        return false;
      }
    }
  }

  private int frameLength(ByteBuffer view, boolean header) {
    return header ? Draft14SubgroupFraming.headerLength(view) : framing.objectHeadLength(view);
  }

  private void decode(ByteBuffer frame, boolean header) {
    if (header) {
      framing.decodeHeader(frame);
      return;
    }
    int start = frame.position();
    WireReader in = new WireReader(frame, VARINTS, "subgroup object");
    framing.readHead(in);
    in.expectEnd();
    payloadLeft = framing.headPayloadLength();
    objectBytesSeen = frame.position() - start;
    if (payloadLeft == 0) {
      ready.add(framing.finish(ByteString.EMPTY));
    } else {
      inPayload = true;
    }
  }
}
