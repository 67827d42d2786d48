package dev.moqbed.transport.endpoint;

import dev.moqbed.transport.crypto.StatelessResetKey;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.StatelessReset;
import dev.moqbed.transport.wire.StatelessResetToken;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The endpoint's two sides of the Stateless Reset (RFC 9000 §10.3).
 *
 * <ul>
 *   <li><b>Sending</b> (§10.3.3): a short header for an id no connection here holds — the endpoint
 *       lost the connection, e.g. it restarted — is answered with a reset ending with the id's
 *       token from the endpoint's {@link StatelessResetKey}. Never to a datagram of {@value
 *       #MIN_TRIGGER_BYTES} bytes or fewer, always one byte shorter than what it answers (at most
 *       {@value #MAX_RESET_BYTES} bytes), so that two endpoints cannot keep resetting each other,
 *       and at most {@value #BURST} at once, then one per {@value #REFILL_MICROS} µs, so that
 *       garbage cannot turn the endpoint into an amplifier. No state per sender.
 *   <li><b>Receiving</b> (§10.3.1): a datagram routed to no connection whose last 16 bytes are the
 *       token a connection's peer declared (the server's stateless_reset_token) ends that
 *       connection. One entry per connection whose peer declared a token, removed with it.
 * </ul>
 */
final class StatelessResets {
  /** Datagrams this short or shorter are never answered with a reset. */
  static final int MIN_TRIGGER_BYTES = 41;

  /** The longest reset sent: 43 bytes pass for a short header with up to a 20-byte id. */
  static final int MAX_RESET_BYTES = 43;

  static final int BURST = 16;
  static final long REFILL_MICROS = 10_000;

  private final StatelessResetKey key;
  private final RandomGenerator random;
  private final Map<StatelessResetToken, EndpointConnection<?>> byPeerToken = new HashMap<>();
  private final TokenBucket credit = new TokenBucket(BURST, REFILL_MICROS);

  /**
   * @param key the key of the tokens this endpoint declares, or null to send no reset
   * @param random the generator of a reset's unpredictable bytes (a SecureRandom)
   */
  StatelessResets(StatelessResetKey key, RandomGenerator random) {
    this.key = key;
    this.random = random;
  }

  void register(StatelessResetToken peerToken, EndpointConnection<?> connection) {
    byPeerToken.put(peerToken, connection);
  }

  void unregister(StatelessResetToken peerToken, EndpointConnection<?> connection) {
    byPeerToken.remove(peerToken, connection);
  }

  /** The connection this datagram is a Stateless Reset for, or null. */
  EndpointConnection<?> match(ByteBuffer datagram) {
    if (byPeerToken.isEmpty()) {
      return null;
    }
    int offset =
        StatelessReset.candidateTokenOffset(datagram, datagram.position(), datagram.limit());
    if (offset < 0) {
      return null;
    }
    return byPeerToken.get(StatelessResetToken.copyOf(datagram, offset));
  }

  /**
   * The reset answering a short header to {@code unknownId}, or null when none may go (no key, a
   * datagram too short, or the rate limit).
   */
  ByteBuffer answer(int datagramBytes, ConnectionId unknownId, long nowMicros) {
    if (key == null || datagramBytes <= MIN_TRIGGER_BYTES || !credit.tryTake(nowMicros)) {
      return null;
    }
    int length = Math.min(datagramBytes - 1, MAX_RESET_BYTES);
    ByteBuffer reset = ByteBuffer.allocate(length);
    StatelessReset.write(reset, length, key.tokenFor(unknownId), random);
    return reset.flip();
  }
}
