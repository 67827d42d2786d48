package dev.moqbed.webtransport.http3;

import java.util.Objects;

/**
 * One complete HTTP/3 frame whose type the reader was asked to deliver: its type code and payload.
 * The payload array is owned by the frame; nobody writes into it after construction.
 *
 * @param type the frame type code ({@link Http3FrameType})
 * @param payload the frame's payload, without the type and length fields
 */
public record Http3Frame(long type, byte[] payload) {
  public Http3Frame {
    Objects.requireNonNull(payload, "payload");
  }
}
