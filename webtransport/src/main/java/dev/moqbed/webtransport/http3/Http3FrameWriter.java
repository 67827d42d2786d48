package dev.moqbed.webtransport.http3;

import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireWriter;

/** Encodes HTTP/3 frames and stream openings as byte arrays ready to be written to a stream. */
public final class Http3FrameWriter {
  private Http3FrameWriter() {}

  /** One frame: type, payload length, payload. */
  public static byte[] frame(long type, byte[] payload) {
    return new WireWriter(QuicVarint.INSTANCE, payload.length + 16)
        .writeVarint(type)
        .writeVarint(payload.length)
        .writeBytes(payload)
        .toByteArray();
  }

  /** A DATA frame. */
  public static byte[] data(byte[] payload) {
    return frame(Http3FrameType.DATA, payload);
  }

  /** A HEADERS frame around an encoded field section. */
  public static byte[] headers(byte[] fieldSection) {
    return frame(Http3FrameType.HEADERS, fieldSection);
  }

  /** A SETTINGS frame. */
  public static byte[] settings(Http3Settings settings) {
    return frame(Http3FrameType.SETTINGS, settings.encodePayload());
  }

  /** A GOAWAY frame: no request stream at or above {@code streamId} will be processed. */
  public static byte[] goaway(long streamId) {
    return frame(Http3FrameType.GOAWAY, BufferVarints.encode(streamId));
  }

  /** The opening of a control stream: its type, then the SETTINGS frame that must come first. */
  public static byte[] controlStreamOpening(Http3Settings settings) {
    return new WireWriter(QuicVarint.INSTANCE)
        .writeVarint(UnidirectionalStreamType.CONTROL)
        .writeBytes(settings(settings))
        .toByteArray();
  }
}
