package dev.moqbed.transport.crypto;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Payload protection with one key and IV (RFC 9001 §5.3): AEAD_AES_128_GCM, AEAD_AES_256_GCM or
 * AEAD_CHACHA20_POLY1305 over the packet payload, with the header up to and including the
 * unprotected packet number as associated data and the IV XOR the packet number as nonce.
 *
 * <p>One {@link Cipher} is reused; the JDK offers no way to change the nonce but {@code init}, so
 * each packet pays for one init and one {@code GCMParameterSpec} or {@code IvParameterSpec}, and
 * the JDK's GCM and ChaCha20-Poly1305 allocate their per-operation engine state inside {@code
 * doFinal} (see docs/transport/protection.md for the measured bytes). Heap buffers are processed in
 * their backing array, in place; direct buffers through a copy in a reusable heap array.
 *
 * <p>The JDK refuses an init with the nonce of the previous init (ChaCha20-Poly1305, both modes) or
 * of the previous encryption (GCM). Sealing never repeats a nonce here, because sealed packet
 * numbers must increase; opening may (a duplicated packet), so a repeat there first initialises a
 * decoy nonce. Not thread-safe.
 */
final class AeadCipher {
  private static final int TAG_BITS = CipherSuite.TAG_LENGTH * 8;

  /** Room for a packet of the largest common UDP payload, ciphertext and tag. */
  private static final int MIN_SCRATCH_LENGTH = 1500;

  private final CipherSuite suite;
  private final Cipher cipher;
  private final SecretKeySpec key;
  private final byte[] iv;
  private final byte[] nonce = new byte[CipherSuite.IV_LENGTH];
  private final byte[] lastNonce = new byte[CipherSuite.IV_LENGTH];
  private boolean initialisedBefore;
  private long largestSealed = -1;
  private byte[] scratch = new byte[0];
  private byte[] cipherTextScratch = new byte[0];

  AeadCipher(CipherSuite suite, byte[] packetKey, byte[] iv) {
    if (packetKey.length != suite.keyLength() || iv.length != CipherSuite.IV_LENGTH) {
      throw new IllegalArgumentException(
          suite + " needs a " + suite.keyLength() + "-byte key and a 12-byte IV");
    }
    this.suite = suite;
    this.iv = iv.clone();
    String transformation = suite.usesChaCha20() ? "ChaCha20-Poly1305" : "AES/GCM/NoPadding";
    key = new SecretKeySpec(packetKey, suite.usesChaCha20() ? "ChaCha20" : "AES");
    try {
      cipher = Cipher.getInstance(transformation);
    } catch (GeneralSecurityException e) {
      throw JdkAlgorithms.unavailable(transformation, e);
    }
  }

  /**
   * Encrypts {@code [payloadOffset, payloadEnd)} in place and writes the tag after it.
   *
   * @return the end of the tag
   * @throws IllegalArgumentException if {@code packetNumber} is not above every packet number this
   *     cipher sealed before: a repeat would reuse the nonce (RFC 9001 §5.3, RFC 9000 §12.3)
   */
  int seal(
      ByteBuffer packet, int packetStart, int payloadOffset, int payloadEnd, long packetNumber) {
    if (packetNumber <= largestSealed) {
      throw new IllegalArgumentException(
          "packet number " + packetNumber + " after " + largestSealed + ": the nonce would repeat");
    }
    largestSealed = packetNumber;
    try {
      init(Cipher.ENCRYPT_MODE, packetNumber);
      if (packet.hasArray()) {
        return payloadOffset
            + sealInArray(
                packet.array(),
                packet.arrayOffset() + packetStart,
                payloadOffset - packetStart,
                payloadEnd - payloadOffset);
      }
      // A direct buffer goes through a heap copy: the JDK's GCM on a direct buffer takes a slow
      // path (GHASH in Java, GHASH.processBlocksDirect, not the CLMUL intrinsic) and allocates a
      // view per call; two copies of one packet cost far less.
      int headerLength = payloadOffset - packetStart;
      int payloadLength = payloadEnd - payloadOffset;
      byte[] copy = scratch(headerLength + payloadLength + CipherSuite.TAG_LENGTH);
      packet.get(packetStart, copy, 0, headerLength + payloadLength);
      int sealed = sealInArray(copy, 0, headerLength, payloadLength);
      packet.put(payloadOffset, copy, headerLength, sealed);
      return payloadOffset + sealed;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(suite + " sealing failed", e);
    }
  }

  /** Seals the payload after {@code headerLength} bytes of header at {@code start}; its length. */
  private int sealInArray(byte[] array, int start, int headerLength, int payloadLength)
      throws GeneralSecurityException {
    cipher.updateAAD(array, start, headerLength);
    return cipher.doFinal(array, start + headerLength, payloadLength, array, start + headerLength);
  }

  /**
   * Authenticates and decrypts {@code [payloadOffset, packetEnd)} (ciphertext and tag) in place. On
   * failure the ciphertext is left as it was: the JDK checks the tag before it writes plaintext.
   *
   * @return whether the packet authenticated
   */
  boolean open(
      ByteBuffer packet, int packetStart, int payloadOffset, int packetEnd, long packetNumber) {
    try {
      init(Cipher.DECRYPT_MODE, packetNumber);
      int headerLength = payloadOffset - packetStart;
      int length = packetEnd - payloadOffset;
      if (packet.hasArray()) {
        openInArray(packet.array(), packet.arrayOffset() + packetStart, headerLength, length);
      } else {
        // through a heap copy, as seal, and for the same reason
        byte[] copy = scratch(headerLength + length);
        packet.get(packetStart, copy, 0, headerLength + length);
        openInArray(copy, 0, headerLength, length);
        packet.put(payloadOffset, copy, headerLength, length - CipherSuite.TAG_LENGTH);
      }
      return true;
    } catch (AEADBadTagException e) {
      return false;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(suite + " opening failed", e);
    }
  }

  /**
   * Opens the ciphertext and tag of {@code length} bytes after {@code headerLength} bytes of header
   * at {@code start}, the plaintext in place.
   */
  private void openInArray(byte[] array, int start, int headerLength, int length)
      throws GeneralSecurityException {
    cipher.updateAAD(array, start, headerLength);
    int payload = start + headerLength;
    if (suite.usesChaCha20()) {
      // The JDK's ChaCha20-Poly1305 decryption copies its input twice unless it starts at index 0
      // of its array (2.4 KiB instead of 5.7 KiB per 1200-byte packet): give it that.
      byte[] ciphertext = cipherTextScratch(length);
      System.arraycopy(array, payload, ciphertext, 0, length);
      cipher.doFinal(ciphertext, 0, length, array, payload);
    } else {
      cipher.doFinal(array, payload, length, array, payload);
    }
  }

  /** A reusable array of at least {@code length} bytes; grows rarely, to the largest packet. */
  private byte[] scratch(int length) {
    if (scratch.length < length) {
      scratch = new byte[Math.max(length, MIN_SCRATCH_LENGTH)];
    }
    return scratch;
  }

  /** As {@link #scratch}, for ChaCha20-Poly1305's ciphertext while the packet is in the other. */
  private byte[] cipherTextScratch(int length) {
    if (cipherTextScratch.length < length) {
      cipherTextScratch = new byte[Math.max(length, MIN_SCRATCH_LENGTH)];
    }
    return cipherTextScratch;
  }

  private void init(int mode, long packetNumber) throws GeneralSecurityException {
    PacketNonce.compute(iv, packetNumber, nonce);
    if (initialisedBefore && Arrays.equals(nonce, lastNonce)) {
      // Only an open can get here (sealed numbers increase), and decrypting twice is harmless.
      lastNonce[0] ^= 1;
      cipher.init(Cipher.DECRYPT_MODE, key, parameters(lastNonce));
    }
    cipher.init(mode, key, parameters(nonce));
    System.arraycopy(nonce, 0, lastNonce, 0, nonce.length);
    initialisedBefore = true;
  }

  private AlgorithmParameterSpec parameters(byte[] nonce) {
    return suite.usesChaCha20()
        ? new IvParameterSpec(nonce)
        : new GCMParameterSpec(TAG_BITS, nonce);
  }
}
