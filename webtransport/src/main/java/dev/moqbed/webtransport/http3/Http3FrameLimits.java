package dev.moqbed.webtransport.http3;

/**
 * The largest payload the frame reader buffers per frame kind. A frame that announces more is
 * refused as soon as its length is read, before its payload arrives, so a peer cannot make the
 * reader hold more than these limits whatever it claims. Unknown frame types are skipped as their
 * bytes arrive and need no limit.
 *
 * @param maxHeadersBytes HEADERS and PUSH_PROMISE payloads (an encoded field section)
 * @param maxSettingsBytes the SETTINGS payload
 * @param maxDataBytes DATA payloads (on a WebTransport CONNECT stream: capsules)
 */
public record Http3FrameLimits(int maxHeadersBytes, int maxSettingsBytes, int maxDataBytes) {
  /**
   * 16 KiB of encoded headers (Chromium's default field section limit), 4 KiB of settings (a
   * browser sends under 100 bytes), 64 KiB of DATA.
   */
  public static final Http3FrameLimits DEFAULT = new Http3FrameLimits(16_384, 4_096, 65_536);

  /** The payload of GOAWAY, MAX_PUSH_ID and CANCEL_PUSH: one varint, 8 bytes at most. */
  static final int MAX_SINGLE_VARINT_BYTES = 8;

  public Http3FrameLimits {
    if (maxHeadersBytes < 1 || maxSettingsBytes < 1 || maxDataBytes < 1) {
      throw new IllegalArgumentException(
          "frame limits must be positive: "
              + maxHeadersBytes
              + ", "
              + maxSettingsBytes
              + ", "
              + maxDataBytes);
    }
  }
}
