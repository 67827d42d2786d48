package dev.moqbed.transport.crypto;

/**
 * One direction's secret at one encryption level, with the cipher suite whose hash derives from it
 * (RFC 9001 §5.1): the Initial secrets of §5.2, or the handshake, 0-RTT and 1-RTT secrets TLS
 * produces. From it come the AEAD key ("quic key"), the IV ("quic iv"), the header protection key
 * ("quic hp") and, for 1-RTT, the next generation's secret ("quic ku", §6.1).
 *
 * <p>Immutable; the bytes are copied in and out.
 */
public final class TrafficSecret {
  private final CipherSuite suite;
  private final byte[] secret;

  private TrafficSecret(CipherSuite suite, byte[] secret) {
    this.suite = suite;
    this.secret = secret;
  }

  /**
   * @param secret the traffic secret, as long as the suite's hash output (RFC 8446 §7.1)
   */
  public static TrafficSecret of(CipherSuite suite, byte[] secret) {
    if (secret.length != suite.secretLength()) {
      throw new IllegalArgumentException(
          suite + " secrets are " + suite.secretLength() + " bytes, not " + secret.length);
    }
    return new TrafficSecret(suite, secret.clone());
  }

  public CipherSuite suite() {
    return suite;
  }

  /** A copy of the secret. */
  public byte[] secret() {
    return secret.clone();
  }

  /** The AEAD key: HKDF-Expand-Label(secret, "quic key", "", key length) (RFC 9001 §5.1). */
  public byte[] packetKey() {
    return expand("quic key", suite.keyLength());
  }

  /** The IV the nonce is built from: HKDF-Expand-Label(secret, "quic iv", "", 12) (§5.1, §5.3). */
  public byte[] iv() {
    return expand("quic iv", CipherSuite.IV_LENGTH);
  }

  /** The header protection key: HKDF-Expand-Label(secret, "quic hp", "", key length) (§5.4). */
  public byte[] headerProtectionKey() {
    return expand("quic hp", suite.keyLength());
  }

  /**
   * The next key phase's secret: HKDF-Expand-Label(secret, "quic ku", "", Hash.length) (RFC 9001
   * §6.1). Only 1-RTT secrets are updated; the header protection key stays the first generation's.
   */
  public TrafficSecret next() {
    return new TrafficSecret(suite, expand("quic ku", suite.secretLength()));
  }

  private byte[] expand(String label, int length) {
    return suite.hkdf().expandLabel(secret, label, new byte[0], length);
  }

  /** Never shows the secret. */
  @Override
  public String toString() {
    return "TrafficSecret[" + suite + "]";
  }
}
