package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketType;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Retry Integrity Tag of QUIC version 1 (RFC 9001 §5.8): AEAD_AES_128_GCM with a fixed key and
 * nonce over an empty plaintext, the associated data being the Retry Pseudo-Packet (the Original
 * Destination Connection ID, length-prefixed, then the Retry packet without its tag).
 *
 * <p>The tag proves only that the sender saw the client's Initial, not who it is. As key and nonce
 * are fixed, the JDK would refuse a second encryption on one {@link Cipher}; Retry packets are
 * rare, so each call takes a fresh one.
 */
public final class RetryIntegrity {
  /** K = 0xbe0c690b9f66575a1d766b54e368c84e (§5.8). */
  private static final byte[] KEY = {
    (byte) 0xbe,
    0x0c,
    0x69,
    0x0b,
    (byte) 0x9f,
    0x66,
    0x57,
    0x5a,
    0x1d,
    0x76,
    0x6b,
    0x54,
    (byte) 0xe3,
    0x68,
    (byte) 0xc8,
    0x4e
  };

  /** N = 0x461599d35d632bf2239825bb (§5.8). */
  private static final byte[] NONCE = {
    0x46,
    0x15,
    (byte) 0x99,
    (byte) 0xd3,
    0x5d,
    0x63,
    0x2b,
    (byte) 0xf2,
    0x23,
    (byte) 0x98,
    0x25,
    (byte) 0xbb
  };

  /** The secret §5.8 derives K and N from with "quic key" and "quic iv"; kept for the test. */
  static final byte[] KEY_DERIVATION_SECRET = {
    (byte) 0xd9,
    (byte) 0xc9,
    (byte) 0x94,
    0x3e,
    0x61,
    0x01,
    (byte) 0xfd,
    0x20,
    0x00,
    0x21,
    0x50,
    0x6b,
    (byte) 0xcc,
    0x02,
    (byte) 0x81,
    0x4c,
    0x73,
    0x03,
    0x0f,
    0x25,
    (byte) 0xc7,
    (byte) 0x9d,
    0x71,
    (byte) 0xce,
    (byte) 0x87,
    0x6e,
    (byte) 0xca,
    (byte) 0x87,
    0x6e,
    0x6f,
    (byte) 0xca,
    (byte) 0x8e
  };

  private static final int TAG_LENGTH = PacketHeader.RETRY_INTEGRITY_TAG_LENGTH;

  private RetryIntegrity() {}

  /**
   * The tag for the Retry packet {@code [start, tagOffset)} (everything but the tag) answering an
   * Initial whose Destination Connection ID was {@code originalDcid}.
   */
  public static byte[] computeTag(
      ConnectionId originalDcid, ByteBuffer retry, int start, int tagOffset) {
    if (start < 0 || tagOffset <= start || tagOffset > retry.limit()) {
      throw new IllegalArgumentException("Retry [" + start + ", " + tagOffset + ")");
    }
    byte[] pseudoPacket = new byte[1 + originalDcid.length() + tagOffset - start];
    ByteBuffer pseudo = ByteBuffer.wrap(pseudoPacket);
    pseudo.put((byte) originalDcid.length());
    originalDcid.writeTo(pseudo);
    retry.get(start, pseudoPacket, pseudo.position(), tagOffset - start);
    try {
      Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
      gcm.init(
          Cipher.ENCRYPT_MODE,
          new SecretKeySpec(KEY, "AES"),
          new GCMParameterSpec(TAG_LENGTH * 8, NONCE));
      gcm.updateAAD(pseudoPacket);
      return gcm.doFinal();
    } catch (GeneralSecurityException e) {
      throw JdkAlgorithms.unavailable("AES/GCM/NoPadding", e);
    }
  }

  /**
   * Writes the tag into the last 16 bytes of the Retry packet {@code [start, end)}, for instance
   * one {@link dev.moqbed.transport.wire.PacketHeaderWriter#writeRetry} wrote with a placeholder
   * tag.
   */
  public static void writeTag(ConnectionId originalDcid, ByteBuffer retry, int start, int end) {
    byte[] tag = computeTag(originalDcid, retry, start, end - TAG_LENGTH);
    retry.put(end - TAG_LENGTH, tag);
  }

  /**
   * Whether the Retry packet {@code [start, end)} carries the right tag for the Initial this client
   * sent to {@code originalDcid}. A client discards a Retry that fails (RFC 9000 §17.2.5.2).
   */
  public static boolean verify(ConnectionId originalDcid, ByteBuffer retry, int start, int end) {
    if (end - start <= TAG_LENGTH) {
      return false;
    }
    byte[] expected = computeTag(originalDcid, retry, start, end - TAG_LENGTH);
    byte[] received = new byte[TAG_LENGTH];
    retry.get(end - TAG_LENGTH, received);
    return MessageDigest.isEqual(expected, received);
  }

  /** Verifies the Retry packet a header parser just parsed. */
  public static boolean verify(ConnectionId originalDcid, PacketHeader retry) {
    if (retry.type() != PacketType.RETRY) {
      throw new IllegalArgumentException(retry.type() + " is not a Retry");
    }
    return verify(originalDcid, retry.buffer(), retry.packetStart(), retry.packetEnd());
  }
}
