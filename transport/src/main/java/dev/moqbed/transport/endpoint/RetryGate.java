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
 * Address validation before a server holds anything for a client (RFC 9000 §8.1.2): once {@link
 * EndpointLimits#retryAboveHandshakes()} handshakes are in progress, a client Initial without a
 * token is answered with a Retry (a small packet, so no amplification: §8.1) and creates no
 * connection; only an Initial that brings back a valid token from this endpoint's Retry, from the
 * address the Retry went to, does. A flood of Initials from spoofed addresses then costs a Retry
 * each and never fills the connection table, since the spoofer never sees the token.
 *
 * <p>An Initial with a token this endpoint cannot validate is dropped while Retry is required (RFC
 * 9000 §8.1.2 suggests closing with INVALID_TOKEN instead: that needs the connection state this
 * gate avoids); when Retry is not required it is served as if it carried no token.
 */
final class RetryGate {
  /**
   * What to make the server connection with.
   *
   * @param originalDestinationId the Destination Connection ID of the client's first Initial
   * @param retrySourceId the Retry's Source Connection ID when the client answered a Retry (its
   *     Initial's Destination Connection ID now), else null
   */
  record Admission(ConnectionId originalDestinationId, ConnectionId retrySourceId) {}

  private final RetryTokens tokens;
  private final int retryAboveHandshakes;
  private final RandomGenerator random;
  private final EndpointCounters counters;
  private final EndpointHost<?> host;

  /**
   * @param host sends the Retry
   */
  RetryGate(
      int retryAboveHandshakes,
      RandomGenerator random,
      EndpointCounters counters,
      EndpointHost<?> host) {
    this.tokens = new RetryTokens(random);
    this.retryAboveHandshakes = retryAboveHandshakes;
    this.random = random;
    this.counters = counters;
    this.host = host;
  }

  /**
   * Decides on a client Initial (already checked acceptable) for no connection here.
   *
   * @param destinationId its Destination Connection ID
   * @param handshakesInProgress server handshakes the endpoint holds now
   * @return the ids to make the connection with; null when it was answered with a Retry or dropped
   */
  Admission admit(
      ByteBuffer datagram,
      InboundHeader header,
      InetSocketAddress sender,
      ConnectionId destinationId,
      int handshakesInProgress,
      long nowMicros) {
    boolean required = handshakesInProgress >= retryAboveHandshakes;
    byte[] token = header.initialToken(datagram);
    if (token == null) {
      counters.droppedUndecodable++;
      return null;
    }
    if (token.length > 0) {
      ConnectionId original = tokens.validate(token, sender, destinationId, nowMicros);
      if (original != null) {
        counters.retriesValidated++;
        return new Admission(original, destinationId);
      }
      if (required) {
        counters.invalidRetryTokens++;
        return null;
      }
      return new Admission(destinationId, null);
    }
    if (!required) {
      return new Admission(destinationId, null);
    }
    sendRetry(datagram, header, sender, destinationId, nowMicros);
    return null;
  }

  private void sendRetry(
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
