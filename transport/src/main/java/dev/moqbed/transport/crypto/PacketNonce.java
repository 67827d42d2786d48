package dev.moqbed.transport.crypto;

/**
 * The AEAD nonce (RFC 9001 §5.3): the 62-bit packet number in network byte order, left-padded with
 * zeros to the IV's length, XOR the IV.
 */
final class PacketNonce {
  private PacketNonce() {}

  /** Writes iv XOR packetNumber into {@code nonce}, which has the IV's length. */
  static void compute(byte[] iv, long packetNumber, byte[] nonce) {
    System.arraycopy(iv, 0, nonce, 0, iv.length);
    int last = nonce.length - 1;
    for (int i = 0; i < Long.BYTES; i++) {
      nonce[last - i] ^= (byte) (packetNumber >>> (8 * i));
    }
  }
}
