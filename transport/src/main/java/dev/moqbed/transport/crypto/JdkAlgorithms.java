package dev.moqbed.transport.crypto;

import java.security.GeneralSecurityException;

/**
 * The one failure the JCA's checked exceptions mean here: an algorithm every Java SE 17 runtime
 * provides (RFC 9001's AEADs, AES-ECB, ChaCha20, HMAC-SHA256/384) is missing or refuses a key of
 * the right size. That is a broken runtime, not a condition a caller can handle.
 */
final class JdkAlgorithms {
  private JdkAlgorithms() {}

  static IllegalStateException unavailable(String algorithm, GeneralSecurityException cause) {
    return new IllegalStateException(algorithm + " unavailable in this JDK", cause);
  }
}
