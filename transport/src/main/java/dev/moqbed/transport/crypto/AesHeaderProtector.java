package dev.moqbed.transport.crypto;

import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-based header protection (RFC 9001 §5.4.3): mask = AES-ECB(hp_key, sample), 128-bit AES for
 * AEAD_AES_128_GCM, 256-bit for AEAD_AES_256_GCM. The cipher is keyed once; encrypting one block
 * allocates nothing.
 */
final class AesHeaderProtector extends HeaderProtector {
  private final Cipher aesEcb;

  AesHeaderProtector(byte[] headerProtectionKey) {
    try {
      aesEcb = Cipher.getInstance("AES/ECB/NoPadding");
      aesEcb.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(headerProtectionKey, "AES"));
    } catch (GeneralSecurityException e) {
      throw JdkAlgorithms.unavailable("AES/ECB/NoPadding", e);
    }
  }

  @Override
  void computeMask(byte[] sample, byte[] mask) {
    try {
      aesEcb.doFinal(sample, 0, SAMPLE_LENGTH, mask, 0);
    } catch (GeneralSecurityException e) {
      // One whole block into a block-sized buffer: no padding or size error is possible.
      throw new IllegalStateException("AES-ECB on one block failed", e);
    }
  }
}
