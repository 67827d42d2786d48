package dev.moqbed.transport.crypto;

import dev.moqbed.transport.wire.ConnectionId;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The tokens a server puts in its Retry packets (RFC 9000 §8.1.2, §17.2.5) and checks in the
 * Initial that answers one: stateless, so a server under a flood of Initials from spoofed addresses
 * holds nothing for them. A token names the client's first Destination Connection ID (the server
 * needs it for original_destination_connection_id, §7.3) and when it was made; a MAC binds both to
 * the client's address and port and to the Retry's Source Connection ID, which the client's next
 * Initial carries as its Destination Connection ID. A token is valid for {@link #LIFETIME_MICROS}
 * on the endpoint's clock and only from the address it was sent to.
 *
 * <p>Layout: a format byte, the time made (8 bytes, microseconds), the original id's length and
 * bytes, then the first 16 bytes of HMAC-SHA256 over all of that, the Retry's id and the address.
 * The key is random per endpoint: tokens do not outlive it, and need not (a client uses one at
 * once).
 */
public final class RetryTokens {
  /** Long enough for a round trip on any real path and a slow client; short against replays. */
  public static final long LIFETIME_MICROS = 10_000_000;

  private static final byte FORMAT = 0x52;
  private static final int MAC_BYTES = 16;
  private static final String ALGORITHM = "HmacSHA256";

  private final Mac mac;

  /** Tokens under a new key drawn from {@code random}. */
  public RetryTokens(RandomGenerator random) {
    byte[] key = new byte[32];
    random.nextBytes(key);
    try {
      mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(key, ALGORITHM));
    } catch (GeneralSecurityException e) {
      // Every Java SE runtime must provide HmacSHA256.
      throw new IllegalStateException("HmacSHA256 unavailable: " + e.getMessage(), e);
    }
  }

  /** A token for a Retry from {@code retrySourceId} to the client at {@code client}. */
  public byte[] issue(
      InetSocketAddress client,
      ConnectionId originalDestinationId,
      ConnectionId retrySourceId,
      long nowMicros) {
    int claimsBytes = 1 + 8 + 1 + originalDestinationId.length();
    ByteBuffer token = ByteBuffer.allocate(claimsBytes + MAC_BYTES);
    token.put(FORMAT).putLong(nowMicros).put((byte) originalDestinationId.length());
    originalDestinationId.writeTo(token);
    token.put(mac(token.array(), claimsBytes, retrySourceId, client));
    return token.array();
  }

  /**
   * The original Destination Connection ID a valid token names, or null when {@code token} is not
   * one of this endpoint's, was made for another address or Retry, or has expired.
   *
   * @param destinationId the Destination Connection ID of the Initial that carries the token: the
   *     Retry's Source Connection ID if the client followed the Retry
   */
  public ConnectionId validate(
      byte[] token, InetSocketAddress client, ConnectionId destinationId, long nowMicros) {
    if (token.length < 1 + 8 + 1 + MAC_BYTES || token[0] != FORMAT) {
      return null;
    }
    int idLength = token[9] & 0xff;
    int claimsBytes = 1 + 8 + 1 + idLength;
    if (idLength > ConnectionId.MAX_LENGTH || token.length != claimsBytes + MAC_BYTES) {
      return null;
    }
    byte[] expected = mac(token, claimsBytes, destinationId, client);
    byte[] carried = Arrays.copyOfRange(token, claimsBytes, token.length);
    if (!MessageDigest.isEqual(expected, carried)) {
      return null;
    }
    long madeMicros = ByteBuffer.wrap(token, 1, 8).getLong();
    if (madeMicros > nowMicros || nowMicros - madeMicros > LIFETIME_MICROS) {
      return null;
    }
    return ConnectionId.of(Arrays.copyOfRange(token, 10, claimsBytes));
  }

  private byte[] mac(
      byte[] claims, int claimsBytes, ConnectionId retrySourceId, InetSocketAddress client) {
    mac.update(claims, 0, claimsBytes);
    byte[] retryId = new byte[retrySourceId.length()];
    retrySourceId.writeTo(ByteBuffer.wrap(retryId));
    mac.update((byte) retryId.length);
    mac.update(retryId);
    mac.update(client.getAddress().getAddress());
    mac.update((byte) (client.getPort() >>> 8));
    mac.update((byte) client.getPort());
    return Arrays.copyOf(mac.doFinal(), MAC_BYTES);
  }
}
