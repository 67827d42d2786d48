package dev.moqbed.webtransport.capsule;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The value of a CLOSE_WEBTRANSPORT_SESSION capsule (draft-ietf-webtrans-http3): a 32-bit
 * application error code and a reason of at most 1024 bytes of UTF-8.
 *
 * @param errorCode the application's error code, 0 to 2^32 - 1
 * @param reason why, for people; at most {@link #MAX_REASON_BYTES} bytes of UTF-8
 */
public record CloseSessionCapsule(long errorCode, String reason) {
  /** The draft's limit on the reason. */
  public static final int MAX_REASON_BYTES = 1024;

  public CloseSessionCapsule {
    Objects.requireNonNull(reason, "reason");
    if (errorCode < 0 || errorCode > 0xffff_ffffL) {
      throw new IllegalArgumentException("error code is not 32 bits: " + errorCode);
    }
    if (reason.getBytes(StandardCharsets.UTF_8).length > MAX_REASON_BYTES) {
      throw new IllegalArgumentException("reason longer than " + MAX_REASON_BYTES + " bytes");
    }
  }

  /** The capsule carrying this close. */
  public Capsule toCapsule() {
    byte[] text = reason.getBytes(StandardCharsets.UTF_8);
    ByteBuffer value = ByteBuffer.allocate(4 + text.length);
    value.putInt((int) errorCode).put(text);
    return new Capsule(CapsuleType.CLOSE_WEBTRANSPORT_SESSION, value.array());
  }

  /**
   * Decodes a CLOSE_WEBTRANSPORT_SESSION capsule's value.
   *
   * @throws Http3Exception H3_DATAGRAM_ERROR for a value shorter than the error code, a reason over
   *     1024 bytes or not UTF-8
   */
  public static CloseSessionCapsule decode(byte[] value) {
    if (value.length < 4 || value.length - 4 > MAX_REASON_BYTES) {
      throw new Http3Exception(
          Http3ErrorCode.H3_DATAGRAM_ERROR,
          "CLOSE_WEBTRANSPORT_SESSION of " + value.length + " bytes");
    }
    ByteBuffer buffer = ByteBuffer.wrap(value);
    long code = buffer.getInt() & 0xffff_ffffL;
    try {
      String reason =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(buffer)
              .toString();
      return new CloseSessionCapsule(code, reason);
    } catch (CharacterCodingException e) {
      throw new Http3Exception(
          Http3ErrorCode.H3_DATAGRAM_ERROR, "CLOSE_WEBTRANSPORT_SESSION reason is not UTF-8");
    }
  }
}
