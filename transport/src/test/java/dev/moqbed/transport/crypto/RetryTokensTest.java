package dev.moqbed.transport.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.moqbed.transport.wire.ConnectionId;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Retry tokens: valid only from the address they went to, for their Retry, for 10 s. */
class RetryTokensTest {
  private static final ConnectionId ORIGINAL =
      id(9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  private static final ConnectionId RETRY = id(1, 1, 2, 3, 5, 8, 13, 21);
  private static final long NOW = 5_000_000_000L;

  private final RetryTokens tokens = new RetryTokens(new SplittableRandom(7));
  private final InetSocketAddress client = address("192.0.2.1", 4433);

  @Test
  void shouldNameTheOriginalIdForTheAddressAndRetryItWasIssuedFor() {
    byte[] token = tokens.issue(client, ORIGINAL, RETRY, NOW);
    assertEquals(ORIGINAL, tokens.validate(token, client, RETRY, NOW + 1));
    assertEquals(
        ORIGINAL, tokens.validate(token, client, RETRY, NOW + RetryTokens.LIFETIME_MICROS));
  }

  @Test
  void shouldRefuseAnotherAddressPortRetryTimeOrKey() {
    byte[] token = tokens.issue(client, ORIGINAL, RETRY, NOW);
    assertNull(tokens.validate(token, address("192.0.2.2", 4433), RETRY, NOW));
    assertNull(tokens.validate(token, address("192.0.2.1", 4434), RETRY, NOW));
    assertNull(tokens.validate(token, client, id(1, 1, 2, 3, 5, 8, 13, 22), NOW));
    assertNull(tokens.validate(token, client, RETRY, NOW + RetryTokens.LIFETIME_MICROS + 1));
    assertNull(tokens.validate(token, client, RETRY, NOW - 1), "made in the future");
    assertNull(new RetryTokens(new SplittableRandom(8)).validate(token, client, RETRY, NOW));
  }

  @Test
  void shouldRefuseEveryTokenWithOneByteChangedAndEveryTruncation() {
    byte[] token = tokens.issue(client, ORIGINAL, RETRY, NOW);
    for (int i = 0; i < token.length; i++) {
      byte[] changed = token.clone();
      changed[i] ^= 0x01;
      assertNull(tokens.validate(changed, client, RETRY, NOW), "byte " + i);
    }
    for (int length = 0; length < token.length; length++) {
      assertNull(tokens.validate(java.util.Arrays.copyOf(token, length), client, RETRY, NOW));
    }
    byte[] longer = java.util.Arrays.copyOf(token, token.length + 1);
    assertNull(tokens.validate(longer, client, RETRY, NOW));
  }

  private static InetSocketAddress address(String ip, int port) {
    try {
      return new InetSocketAddress(InetAddress.getByName(ip), port);
    } catch (java.net.UnknownHostException e) {
      throw new AssertionError(e);
    }
  }

  private static ConnectionId id(int... bytes) {
    byte[] id = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      id[i] = (byte) bytes[i];
    }
    return ConnectionId.of(id);
  }
}
