package dev.moqbed.transport.tls;

import dev.moqbed.transport.wire.TransportErrorCode;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Set;
import tech.kwik.agent15.TlsConstants.AlertDescription;
import tech.kwik.agent15.TlsConstants.HandshakeType;

/**
 * Splits one level's incoming CRYPTO stream into whole TLS handshake messages (a type byte, a
 * 24-bit length, the body; RFC 8446 §4), which is the unit agent15 parses. It checks the type
 * against what the peer may send at this level as soon as the type byte is in, and the length
 * against what it is willing to buffer as soon as the length is in, so neither garbage nor a huge
 * declared length is ever buffered.
 */
final class CryptoMessageReader {
  /**
   * The largest handshake message buffered: a certificate chain of a few RSA certificates fits; RFC
   * 9000 §7.5 lets an endpoint refuse more with CRYPTO_BUFFER_EXCEEDED.
   */
  static final int MAX_MESSAGE_BYTES = 1 << 16;

  private static final int HEADER_BYTES = 4;

  private final EncryptionLevel level;
  private final Set<HandshakeType> allowed;
  private byte[] buffer = new byte[512];
  private int start;
  private int end;
  private long received;

  CryptoMessageReader(EncryptionLevel level, Set<HandshakeType> allowed) {
    this.level = level;
    this.allowed = allowed;
  }

  /** Appends the stream's next bytes (all of {@code data}, up to its limit). */
  void append(ByteBuffer data) {
    int length = data.remaining();
    if (end + length > buffer.length) {
      int buffered = end - start;
      int capacity = Math.max(buffer.length, Integer.highestOneBit(buffered + length) << 1);
      byte[] grown = capacity == buffer.length ? buffer : new byte[capacity];
      System.arraycopy(buffer, start, grown, 0, buffered);
      buffer = grown;
      start = 0;
      end = buffered;
    }
    data.get(buffer, end, length);
    end += length;
    received += length;
  }

  /** Bytes of this level's stream seen so far. */
  long received() {
    return received;
  }

  /** The next whole message (header included), or null until one is complete. */
  ByteBuffer next() throws HandshakeAbort {
    int buffered = end - start;
    if (buffered == 0) {
      return null;
    }
    int typeValue = buffer[start] & 0xff;
    HandshakeType type = PeerMessageRules.typeOf(typeValue);
    if (type == null || !allowed.contains(type)) {
      throw new HandshakeAbort(
          HandshakeFailure.alert(
              AlertDescription.unexpected_message.value & 0xff,
              "handshake message type " + typeValue + " not allowed at " + level));
    }
    if (buffered < HEADER_BYTES) {
      return null;
    }
    int bodyLength =
        ((buffer[start + 1] & 0xff) << 16)
            | ((buffer[start + 2] & 0xff) << 8)
            | (buffer[start + 3] & 0xff);
    if (bodyLength > MAX_MESSAGE_BYTES) {
      throw new HandshakeAbort(
          HandshakeFailure.transport(
              TransportErrorCode.CRYPTO_BUFFER_EXCEEDED,
              type + " of " + bodyLength + " bytes at " + level));
    }
    int messageLength = HEADER_BYTES + bodyLength;
    if (buffered < messageLength) {
      return null;
    }
    ByteBuffer message = ByteBuffer.wrap(Arrays.copyOfRange(buffer, start, start + messageLength));
    start += messageLength;
    if (start == end) {
      start = 0;
      end = 0;
    }
    return message;
  }

  /** Whether a partial message waits for more bytes. */
  boolean hasPartialMessage() {
    return end > start;
  }
}
