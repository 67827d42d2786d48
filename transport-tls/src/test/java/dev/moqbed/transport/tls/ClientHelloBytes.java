package dev.moqbed.transport.tls;

/** Finds an extension inside an encoded ClientHello, so tests can damage exactly it. */
final class ClientHelloBytes {
  private ClientHelloBytes() {}

  /** The offset of extension {@code type}'s two type bytes in {@code clientHello}, or -1. */
  static int extensionOffset(byte[] clientHello, int type) {
    int at = 4 + 2 + 32; // handshake header, legacy_version, random
    at += 1 + (clientHello[at] & 0xff); // legacy_session_id
    at += 2 + uint16(clientHello, at); // cipher_suites
    at += 1 + (clientHello[at] & 0xff); // legacy_compression_methods
    int end = at + 2 + uint16(clientHello, at);
    at += 2;
    while (at + 4 <= end) {
      if (uint16(clientHello, at) == type) {
        return at;
      }
      at += 4 + uint16(clientHello, at + 2);
    }
    return -1;
  }

  static int uint16(byte[] bytes, int at) {
    return ((bytes[at] & 0xff) << 8) | (bytes[at + 1] & 0xff);
  }
}
