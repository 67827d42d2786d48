package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;
import java.util.random.RandomGenerator;

/**
 * The Stateless Reset layout (RFC 9000 §10.3): a datagram that looks like a short-header packet —
 * first byte {@code 0b01xxxxxx}, then unpredictable bytes — and ends with the 16-byte token of the
 * connection ID the peer used.
 *
 * <p>Detection (§10.3.1) is by the datagram's trailing 16 bytes, after the datagram failed to
 * decrypt or to parse: this class only finds and compares them; which tokens to compare against
 * (those of connection IDs still in use) is connection state.
 */
public final class StatelessReset {
  /**
   * The smallest Stateless Reset, 21 bytes: 5 bytes that pass for a short header with a 1-byte
   * connection ID and packet number, plus the token (§10.3). Smaller datagrams are not checked.
   */
  public static final int MIN_LENGTH = 5 + StatelessResetToken.LENGTH;

  private StatelessReset() {}

  /**
   * Writes a Stateless Reset of {@code length} bytes (at least {@link #MIN_LENGTH}): fixed bit set,
   * long-header bit clear, the other first-byte bits and the padding drawn from {@code random}.
   * §10.3 asks the sender to keep it shorter than the packet it answers; the caller chooses {@code
   * length} accordingly.
   */
  public static void write(
      ByteBuffer buffer, int length, StatelessResetToken token, RandomGenerator random) {
    if (length < MIN_LENGTH) {
      throw new IllegalArgumentException("stateless reset of " + length + " bytes");
    }
    buffer.put((byte) (0x40 | (random.nextInt() & 0x3f)));
    for (int i = 1; i < length - StatelessResetToken.LENGTH; i++) {
      buffer.put((byte) random.nextInt());
    }
    token.writeTo(buffer);
  }

  /**
   * Absolute index of the candidate token in the datagram {@code buffer[start, end)}, or -1 when
   * the datagram is too short or does not look like a short-header packet.
   */
  public static int candidateTokenOffset(ByteBuffer buffer, int start, int end) {
    if (end - start < MIN_LENGTH || (buffer.get(start) & 0x80) != 0) {
      return -1;
    }
    return end - StatelessResetToken.LENGTH;
  }

  /** Whether the datagram {@code buffer[start, end)} ends with {@code token}. */
  public static boolean endsWith(ByteBuffer buffer, int start, int end, StatelessResetToken token) {
    int offset = candidateTokenOffset(buffer, start, end);
    return offset >= 0 && token.matches(buffer, offset);
  }
}
