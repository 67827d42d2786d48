package dev.moqbed.media.moqt;

/**
 * Size limits a decoder enforces before it buffers or allocates anything a peer claims. Limits the
 * specification itself sets (1024-byte reason phrase, 8192-byte GOAWAY URI, 4096-byte full track
 * name, 32 namespace fields, 65535-byte key-value value) are always enforced on top of these.
 *
 * @param maxControlMessageBytes largest control-message payload accepted; the 16-bit length field
 *     caps it at 65535 anyway
 * @param maxObjectPayloadBytes largest object payload accepted on a stream or in a datagram
 * @param maxExtensionHeadersBytes largest extension-headers block of one object
 */
public record MoqtLimits(
    int maxControlMessageBytes, int maxObjectPayloadBytes, int maxExtensionHeadersBytes) {
  /** 65535-byte control messages, 16 MiB payloads, 16 KiB of extension headers per object. */
  public static final MoqtLimits DEFAULT = new MoqtLimits(0xFFFF, 16 << 20, 16 << 10);

  public MoqtLimits {
    if (maxControlMessageBytes < 0 || maxControlMessageBytes > 0xFFFF) {
      throw new IllegalArgumentException(
          "maxControlMessageBytes must be 0..65535: " + maxControlMessageBytes);
    }
    if (maxObjectPayloadBytes < 0 || maxExtensionHeadersBytes < 0) {
      throw new IllegalArgumentException("negative limit");
    }
  }
}
