package dev.moqbed.transport.crypto;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * ChaCha20-based header protection (RFC 9001 §5.4.4): the raw ChaCha20 function (RFC 8439 §2.4)
 * with the sample's first 4 bytes as the little-endian block counter and the other 12 as the nonce,
 * applied to 5 zero bytes.
 *
 * <p>The JDK's ChaCha20 refuses to be initialised twice in a row with the same key and nonce, in
 * either mode, to stop keystream reuse. Here the "nonce" is ciphertext and repeats legitimately (a
 * duplicated packet, or a forged one with a copied sample), so a repeat first initialises the
 * cipher with a decoy nonce; the mask is public output, and computing it twice reveals nothing.
 */
final class ChaCha20HeaderProtector extends HeaderProtector {
  private static final int NONCE_LENGTH = 12;
  private static final byte[] FIVE_ZEROS = new byte[5];

  private final Cipher chaCha20;
  private final SecretKeySpec key;
  private final byte[] nonce = new byte[NONCE_LENGTH];
  private final byte[] lastNonce = new byte[NONCE_LENGTH];
  private boolean initialisedBefore;

  ChaCha20HeaderProtector(byte[] headerProtectionKey) {
    key = new SecretKeySpec(headerProtectionKey, "ChaCha20");
    try {
      chaCha20 = Cipher.getInstance("ChaCha20");
    } catch (GeneralSecurityException e) {
      throw JdkAlgorithms.unavailable("ChaCha20", e);
    }
  }

  @Override
  void computeMask(byte[] sample, byte[] mask) {
    int counter =
        (sample[0] & 0xff)
            | (sample[1] & 0xff) << 8
            | (sample[2] & 0xff) << 16
            | (sample[3] & 0xff) << 24;
    System.arraycopy(sample, 4, nonce, 0, NONCE_LENGTH);
    try {
      if (initialisedBefore && Arrays.equals(nonce, lastNonce)) {
        lastNonce[0] ^= 1;
        chaCha20.init(Cipher.ENCRYPT_MODE, key, new ChaCha20ParameterSpec(lastNonce, 0));
      }
      // The counter is unsigned 32-bit; ChaCha20ParameterSpec takes its bits as an int.
      chaCha20.init(Cipher.ENCRYPT_MODE, key, new ChaCha20ParameterSpec(nonce, counter));
      chaCha20.doFinal(FIVE_ZEROS, 0, FIVE_ZEROS.length, mask, 0);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("ChaCha20 header protection failed", e);
    }
    System.arraycopy(nonce, 0, lastNonce, 0, NONCE_LENGTH);
    initialisedBefore = true;
  }
}
