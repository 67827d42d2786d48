package dev.moqbed.media.moqt.draft14;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.SessionError;
import java.util.Set;

/**
 * The codec the fuzz targets decode with, and the bounds they check. The limits are small so that
 * inputs of fuzzer size (a few KiB) reach the TOO_LARGE checks, and so that a decoder that buffers
 * past its limit shows it at once.
 */
final class FuzzCodec {
  static final MoqtLimits LIMITS = new MoqtLimits(512, 1024, 128);

  static final MoqtCodec CODEC = MoqtCodecs.create(MoqtVersion.DRAFT_14, LIMITS);

  /** Longest varint: a length or type field never takes more. */
  private static final int VARINT_BYTES = 8;

  /** A control frame at the limit: type, the 16-bit length, the payload. */
  static final int MAX_CONTROL_FRAME_BYTES = VARINT_BYTES + 2 + LIMITS.maxControlMessageBytes();

  /**
   * The longest subgroup-stream frame: an object with a delta, an extensions length, extensions at
   * the limit, a payload length and a payload at the limit (a header, 4 varints and a byte, is
   * shorter).
   */
  static final int MAX_SUBGROUP_FRAME_BYTES =
      3 * VARINT_BYTES + LIMITS.maxExtensionHeadersBytes() + LIMITS.maxObjectPayloadBytes();

  /** The session errors a decoder may ask for: nothing else is the peer's fault on the wire. */
  private static final Set<SessionError> PEER_ERRORS =
      Set.of(SessionError.PROTOCOL_VIOLATION, SessionError.VERSION_NEGOTIATION_FAILED);

  private FuzzCodec() {}

  /** A rejection must name a close code and a problem, so the session can close with them. */
  static void checkRejection(MoqtProtocolException rejected) {
    assertNotNull(rejected.problem());
    assertTrue(PEER_ERRORS.contains(rejected.sessionError()), rejected.getMessage());
  }

  /** Between frames a decoder holds less than one frame at the limit. */
  static void checkBuffered(int bufferedBytes, int maxFrameBytes) {
    assertTrue(
        bufferedBytes < maxFrameBytes,
        bufferedBytes + " bytes buffered, a frame is at most " + maxFrameBytes);
  }

  /** A record decoded from the wire must encode again (a relay forwards it) and decode equal. */
  static <T> void checkReencodes(T decoded, T reencodedAndDecoded) {
    assertEquals(decoded, reencodedAndDecoded);
  }
}
