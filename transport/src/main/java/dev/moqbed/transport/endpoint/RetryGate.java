package dev.moqbed.transport.endpoint;

import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.crypto.RetryIntegrity;
import dev.moqbed.transport.crypto.RetryTokens;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketHeaderWriter;
import dev.moqbed.transport.wire.QuicVersion;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.random.RandomGenerator;

/**
 * Address validation before a server holds anything for a client (RFC 9000 §8.1.2): reads the token
 * of a client Initial for no connection here, and answers Initials the {@link HandshakeBudget} does
 * not admit yet with a Retry (a small packet, so no amplification: §8.1) that creates no
 * connection. Only an Initial that brings back a valid token from this endpoint's Retry, from the
 * address the Retry went to, proves its address. A flood of Initials from spoofed addresses then
 * costs a Retry each and never fills the connection table, since the spoofer never sees the token.
 *
 * <p>An Initial with a token this endpoint cannot validate is dropped when it would need a Retry
 * (RFC 9000 §8.1.2 suggests closing with INVALID_TOKEN instead: that needs the connection state
 * this gate avoids); otherwise it is served as if it carried no token.
 */
final class RetryGate {
  /**
   * What to make the server connection with.
   *
   * @param originalDestinationId the Destination Connection ID of the client's first Initial
   * @param retrySourceId the Retry's Source Connection ID when the client answered a Retry (its
   *     Initial's Destination Connection ID now), else null
   * @param tokenInvalid the Initial carried a token this endpoint did not issue, or one that
   *     expired
   */
  record Admission(
      ConnectionId originalDestinationId, ConnectionId retrySourceId, boolean tokenInvalid) {
    /** A client that proved its address with a token. */
    boolean proven() {
      return retrySourceId != null;
    }
  }

  private final RetryTokens tokens;
  private final RandomGenerator random;
  private final EndpointCounters counters;
  private final EndpointHost<?> host;

  /**
   * @param host sends the Retry
   */
  RetryGate(RandomGenerator random, EndpointCounters counters, EndpointHost<?> host) {
    this.tokens = new RetryTokens(random);
    this.random = random;
    this.counters = counters;
    this.host = host;
  }

  /**
   * Reads the token of a client Initial (already checked acceptable) for no connection here.
   *
   * @param destinationId its Destination Connection ID
   * @return the ids to make the connection with: the original ones when the token is valid, else
   *     the Initial's own; null when the token field does not decode
   */
  Admission read(
      ByteBuffer datagram,
      InboundHeader header,
      InetSocketAddress sender,
      ConnectionId destinationId,
      long nowMicros) {
    byte[] token = header.initialToken(datagram);
    if (token == null) {
      return null;
    }
    if (token.length > 0) {
      ConnectionId original = tokens.validate(token, sender, destinationId, nowMicros);
      if (original != null) {
        counters.retriesValidated++;
        return new Admission(original, destinationId, false);
      }
      return new Admission(destinationId, null, true);
    }
    return new Admission(destinationId, null, false);
  }

  /** Answers a client Initial with a Retry whose token it must bring back. */
  void sendRetry(
      ByteBuffer datagram,
      InboundHeader header,
      InetSocketAddress sender,
      ConnectionId destinationId,
      long nowMicros) {
    ConnectionId retryId = ConnectionIds.randomId(random);
    ConnectionId clientId = header.sourceId(datagram);
    byte[] token = tokens.issue(sender, destinationId, retryId, nowMicros);
    int size = PacketHeaderWriter.retrySize(clientId.length(), retryId.length(), token.length);
    ByteBuffer retry = ByteBuffer.allocate(size);
    PacketHeaderWriter.writeRetry(
        retry,
        QuicVersion.VERSION_1,
        clientId,
        retryId,
        token,
        new byte[PacketHeader.RETRY_INTEGRITY_TAG_LENGTH],
        random.nextInt(16));
    RetryIntegrity.writeTag(destinationId, retry, 0, size);
    counters.retriesSent++;
    host.transmit(retry.clear(), sender);
  }
}
