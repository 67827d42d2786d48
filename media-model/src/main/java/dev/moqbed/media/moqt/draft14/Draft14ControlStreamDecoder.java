package dev.moqbed.media.moqt.draft14;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ControlStreamDecoder;
import dev.moqbed.media.moqt.wire.ByteAccumulator;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.QuicVarint;
import java.nio.ByteBuffer;

/**
 * Incremental decoder of a draft-14 control stream. A frame is {@code Type (i), Length (16),
 * Payload}: the type is checked as soon as its varint is complete and the length as soon as its two
 * bytes are, so an unknown type or an oversized length fails before the payload is awaited.
 */
final class Draft14ControlStreamDecoder implements ControlStreamDecoder {
  private static final QuicVarint VARINTS = QuicVarint.INSTANCE;

  private final Draft14ControlCodec codec;
  private final ByteAccumulator pending = new ByteAccumulator();

  Draft14ControlStreamDecoder(Draft14ControlCodec codec) {
    this.codec = codec;
  }

  @Override
  public void feed(ByteBuffer bytes) {
    pending.append(bytes);
  }

  @Override
  public ControlMessage next() {
    ByteBuffer view = pending.view();
    int start = view.position();
    int typeLength = VARINTS.lengthAt(view, start);
    if (typeLength < 0 || start + typeLength > view.limit()) {
      return null;
    }
    Draft14MessageType type = Draft14ControlCodec.checkType(VARINTS.decodeAt(view, start));
    int lengthIndex = start + typeLength;
    if (lengthIndex + 2 > view.limit()) {
      return null;
    }
    int length = ((view.get(lengthIndex) & 0xFF) << 8) | (view.get(lengthIndex + 1) & 0xFF);
    codec.checkLength(type, length);
    int frameLength = typeLength + 2 + length;
    if (view.remaining() < frameLength) {
      return null;
    }
    ControlMessage message = codec.decode(view);
    pending.consume(frameLength);
    return message;
  }

  @Override
  public int bufferedBytes() {
    return pending.size();
  }

  @Override
  public void onEndOfStream() {
    if (pending.size() > 0) {
      throw MoqtProtocolException.violation(
          Problem.INCOMPLETE_AT_END_OF_STREAM,
          "control stream ended inside a message (" + pending.size() + " bytes pending)");
    }
  }
}
