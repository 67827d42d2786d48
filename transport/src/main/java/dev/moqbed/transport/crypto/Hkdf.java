package dev.moqbed.transport.crypto;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF (RFC 5869) over one hash, and TLS 1.3's HKDF-Expand-Label (RFC 8446 §7.1), which QUIC uses
 * for all its key derivation with an empty context (RFC 9001 §5.1).
 *
 * <p>Key derivation runs a few times per connection, not per packet, so each call takes a fresh
 * {@link Mac}: instances are then safe to share between threads.
 */
public final class Hkdf {
  /** HKDF with HMAC-SHA256: TLS_AES_128_GCM_SHA256, TLS_CHACHA20_POLY1305_SHA256, Initial keys. */
  public static final Hkdf SHA256 = new Hkdf("HmacSHA256", 32);

  /** HKDF with HMAC-SHA384: TLS_AES_256_GCM_SHA384. */
  public static final Hkdf SHA384 = new Hkdf("HmacSHA384", 48);

  /** The prefix RFC 8446 §7.1 puts before every label. */
  private static final byte[] LABEL_PREFIX = "tls13 ".getBytes(StandardCharsets.US_ASCII);

  private final String macAlgorithm;
  private final int hashLength;

  private Hkdf(String macAlgorithm, int hashLength) {
    this.macAlgorithm = macAlgorithm;
    this.hashLength = hashLength;
  }

  /** Output length of the hash, in bytes. */
  public int hashLength() {
    return hashLength;
  }

  /**
   * HKDF-Extract(salt, IKM) = HMAC-Hash(salt, IKM) (RFC 5869 §2.2); an empty salt stands for a
   * string of hashLength zeros.
   */
  public byte[] extract(byte[] salt, byte[] inputKeyingMaterial) {
    byte[] key = salt.length == 0 ? new byte[hashLength] : salt;
    Mac mac = mac(key);
    return mac.doFinal(inputKeyingMaterial);
  }

  /**
   * HKDF-Expand(PRK, info, L) (RFC 5869 §2.3): T(i) = HMAC-Hash(PRK, T(i-1) | info | i), the first
   * {@code length} bytes of T(1) | T(2) | ...
   */
  public byte[] expand(byte[] pseudoRandomKey, byte[] info, int length) {
    if (length < 0 || length > 255 * hashLength) {
      throw new IllegalArgumentException("HKDF-Expand length " + length);
    }
    Mac mac = mac(pseudoRandomKey);
    byte[] output = new byte[length];
    byte[] block = new byte[0];
    for (int done = 0, counter = 1; done < length; counter++) {
      mac.update(block);
      mac.update(info);
      mac.update((byte) counter);
      block = mac.doFinal();
      int take = Math.min(block.length, length - done);
      System.arraycopy(block, 0, output, done, take);
      done += take;
    }
    return output;
  }

  /**
   * HKDF-Expand-Label(Secret, Label, Context, Length) = HKDF-Expand(Secret, HkdfLabel, Length) with
   * HkdfLabel = uint16 length | opaque label<7..255> = "tls13 " + Label | opaque context<0..255>
   * (RFC 8446 §7.1).
   */
  public byte[] expandLabel(byte[] secret, String label, byte[] context, int length) {
    return expand(secret, hkdfLabel(label, context, length), length);
  }

  /** The HkdfLabel structure; RFC 9001 Appendix A.1 lists it for the QUIC labels. */
  static byte[] hkdfLabel(String label, byte[] context, int length) {
    byte[] labelBytes = label.getBytes(StandardCharsets.US_ASCII);
    int fullLabelLength = LABEL_PREFIX.length + labelBytes.length;
    if (length > 0xffff || fullLabelLength > 255 || context.length > 255) {
      throw new IllegalArgumentException("HkdfLabel out of range for " + label);
    }
    byte[] info = new byte[2 + 1 + fullLabelLength + 1 + context.length];
    int at = 0;
    info[at++] = (byte) (length >>> 8);
    info[at++] = (byte) length;
    info[at++] = (byte) fullLabelLength;
    System.arraycopy(LABEL_PREFIX, 0, info, at, LABEL_PREFIX.length);
    at += LABEL_PREFIX.length;
    System.arraycopy(labelBytes, 0, info, at, labelBytes.length);
    at += labelBytes.length;
    info[at++] = (byte) context.length;
    System.arraycopy(context, 0, info, at, context.length);
    return info;
  }

  private Mac mac(byte[] key) {
    try {
      Mac mac = Mac.getInstance(macAlgorithm);
      mac.init(new SecretKeySpec(key, macAlgorithm));
      return mac;
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      // Every Java SE runtime has HmacSHA256 and HmacSHA384, and HMAC takes keys of any length.
      throw JdkAlgorithms.unavailable(macAlgorithm, e);
    }
  }

  @Override
  public String toString() {
    return "HKDF-" + macAlgorithm.substring(4);
  }
}
