package dev.moqbed.transport.wire;

import java.util.Objects;

/**
 * The transport parameters one endpoint declares (RFC 9000 §18.2), with RFC 9221's
 * max_datagram_frame_size and draft-ietf-quic-ack-frequency-09's min_ack_delay.
 *
 * <p>A plain mutable holder: a new instance holds the defaults §18.2 gives for absent parameters,
 * and connection IDs, the reset token and the preferred address are null when absent. The rules
 * (ranges, which side may send what) live in one place, {@link TransportParameterCodec#validate},
 * applied to what is decoded and to what is about to be encoded.
 */
public final class TransportParameters {
  /** Default max_udp_payload_size (§18.2). */
  public static final long DEFAULT_MAX_UDP_PAYLOAD_SIZE = 65_527;

  /** Default ack_delay_exponent (§18.2). */
  public static final long DEFAULT_ACK_DELAY_EXPONENT = 3;

  /** Default max_ack_delay in milliseconds (§18.2). */
  public static final long DEFAULT_MAX_ACK_DELAY_MILLIS = 25;

  /** Default active_connection_id_limit (§18.2). */
  public static final long DEFAULT_ACTIVE_CONNECTION_ID_LIMIT = 2;

  /** min_ack_delay when the ack-frequency extension is not offered. */
  public static final long NO_MIN_ACK_DELAY = -1;

  private ConnectionId originalDestinationConnectionId;
  private long maxIdleTimeoutMillis;
  private StatelessResetToken statelessResetToken;
  private long maxUdpPayloadSize = DEFAULT_MAX_UDP_PAYLOAD_SIZE;
  private long initialMaxData;
  private long initialMaxStreamDataBidiLocal;
  private long initialMaxStreamDataBidiRemote;
  private long initialMaxStreamDataUni;
  private long initialMaxStreamsBidi;
  private long initialMaxStreamsUni;
  private long ackDelayExponent = DEFAULT_ACK_DELAY_EXPONENT;
  private long maxAckDelayMillis = DEFAULT_MAX_ACK_DELAY_MILLIS;
  private boolean disableActiveMigration;
  private PreferredAddress preferredAddress;
  private long activeConnectionIdLimit = DEFAULT_ACTIVE_CONNECTION_ID_LIMIT;
  private ConnectionId initialSourceConnectionId;
  private ConnectionId retrySourceConnectionId;
  private long maxDatagramFrameSize;
  private long minAckDelayMicros = NO_MIN_ACK_DELAY;

  /** The DCID of the client's first Initial; server only, null when absent. */
  public ConnectionId originalDestinationConnectionId() {
    return originalDestinationConnectionId;
  }

  public TransportParameters originalDestinationConnectionId(ConnectionId value) {
    this.originalDestinationConnectionId = value;
    return this;
  }

  /** Idle timeout in milliseconds; 0 disables it (§10.1). */
  public long maxIdleTimeoutMillis() {
    return maxIdleTimeoutMillis;
  }

  public TransportParameters maxIdleTimeoutMillis(long value) {
    this.maxIdleTimeoutMillis = value;
    return this;
  }

  /** Server only, null when absent. */
  public StatelessResetToken statelessResetToken() {
    return statelessResetToken;
  }

  public TransportParameters statelessResetToken(StatelessResetToken value) {
    this.statelessResetToken = value;
    return this;
  }

  public long maxUdpPayloadSize() {
    return maxUdpPayloadSize;
  }

  public TransportParameters maxUdpPayloadSize(long value) {
    this.maxUdpPayloadSize = value;
    return this;
  }

  public long initialMaxData() {
    return initialMaxData;
  }

  public TransportParameters initialMaxData(long value) {
    this.initialMaxData = value;
    return this;
  }

  public long initialMaxStreamDataBidiLocal() {
    return initialMaxStreamDataBidiLocal;
  }

  public TransportParameters initialMaxStreamDataBidiLocal(long value) {
    this.initialMaxStreamDataBidiLocal = value;
    return this;
  }

  public long initialMaxStreamDataBidiRemote() {
    return initialMaxStreamDataBidiRemote;
  }

  public TransportParameters initialMaxStreamDataBidiRemote(long value) {
    this.initialMaxStreamDataBidiRemote = value;
    return this;
  }

  public long initialMaxStreamDataUni() {
    return initialMaxStreamDataUni;
  }

  public TransportParameters initialMaxStreamDataUni(long value) {
    this.initialMaxStreamDataUni = value;
    return this;
  }

  public long initialMaxStreamsBidi() {
    return initialMaxStreamsBidi;
  }

  public TransportParameters initialMaxStreamsBidi(long value) {
    this.initialMaxStreamsBidi = value;
    return this;
  }

  public long initialMaxStreamsUni() {
    return initialMaxStreamsUni;
  }

  public TransportParameters initialMaxStreamsUni(long value) {
    this.initialMaxStreamsUni = value;
    return this;
  }

  public long ackDelayExponent() {
    return ackDelayExponent;
  }

  public TransportParameters ackDelayExponent(long value) {
    this.ackDelayExponent = value;
    return this;
  }

  public long maxAckDelayMillis() {
    return maxAckDelayMillis;
  }

  public TransportParameters maxAckDelayMillis(long value) {
    this.maxAckDelayMillis = value;
    return this;
  }

  public boolean disableActiveMigration() {
    return disableActiveMigration;
  }

  public TransportParameters disableActiveMigration(boolean value) {
    this.disableActiveMigration = value;
    return this;
  }

  /** Server only, null when absent. */
  public PreferredAddress preferredAddress() {
    return preferredAddress;
  }

  public TransportParameters preferredAddress(PreferredAddress value) {
    this.preferredAddress = value;
    return this;
  }

  public long activeConnectionIdLimit() {
    return activeConnectionIdLimit;
  }

  public TransportParameters activeConnectionIdLimit(long value) {
    this.activeConnectionIdLimit = value;
    return this;
  }

  /** The SCID of the sender's first Initial; required from both sides (§7.3). */
  public ConnectionId initialSourceConnectionId() {
    return initialSourceConnectionId;
  }

  public TransportParameters initialSourceConnectionId(ConnectionId value) {
    this.initialSourceConnectionId = value;
    return this;
  }

  /** The SCID of the server's Retry; server only, present exactly when it sent one (§7.3). */
  public ConnectionId retrySourceConnectionId() {
    return retrySourceConnectionId;
  }

  public TransportParameters retrySourceConnectionId(ConnectionId value) {
    this.retrySourceConnectionId = value;
    return this;
  }

  /** Largest DATAGRAM frame accepted (RFC 9221 §3); 0 means DATAGRAM is not supported. */
  public long maxDatagramFrameSize() {
    return maxDatagramFrameSize;
  }

  public TransportParameters maxDatagramFrameSize(long value) {
    this.maxDatagramFrameSize = value;
    return this;
  }

  /**
   * The smallest ack delay the sender can honour, in microseconds, offering the ack-frequency
   * extension; {@link #NO_MIN_ACK_DELAY} when not offered.
   */
  public long minAckDelayMicros() {
    return minAckDelayMicros;
  }

  public TransportParameters minAckDelayMicros(long value) {
    this.minAckDelayMicros = value;
    return this;
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof TransportParameters)) {
      return false;
    }
    TransportParameters that = (TransportParameters) other;
    return Objects.equals(originalDestinationConnectionId, that.originalDestinationConnectionId)
        && maxIdleTimeoutMillis == that.maxIdleTimeoutMillis
        && Objects.equals(statelessResetToken, that.statelessResetToken)
        && maxUdpPayloadSize == that.maxUdpPayloadSize
        && initialMaxData == that.initialMaxData
        && initialMaxStreamDataBidiLocal == that.initialMaxStreamDataBidiLocal
        && initialMaxStreamDataBidiRemote == that.initialMaxStreamDataBidiRemote
        && initialMaxStreamDataUni == that.initialMaxStreamDataUni
        && initialMaxStreamsBidi == that.initialMaxStreamsBidi
        && initialMaxStreamsUni == that.initialMaxStreamsUni
        && ackDelayExponent == that.ackDelayExponent
        && maxAckDelayMillis == that.maxAckDelayMillis
        && disableActiveMigration == that.disableActiveMigration
        && Objects.equals(preferredAddress, that.preferredAddress)
        && activeConnectionIdLimit == that.activeConnectionIdLimit
        && Objects.equals(initialSourceConnectionId, that.initialSourceConnectionId)
        && Objects.equals(retrySourceConnectionId, that.retrySourceConnectionId)
        && maxDatagramFrameSize == that.maxDatagramFrameSize
        && minAckDelayMicros == that.minAckDelayMicros;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        initialSourceConnectionId, initialMaxData, initialMaxStreamsBidi, maxDatagramFrameSize);
  }

  @Override
  public String toString() {
    return "TransportParameters[odcid="
        + originalDestinationConnectionId
        + " idle="
        + maxIdleTimeoutMillis
        + "ms reset="
        + statelessResetToken
        + " udp="
        + maxUdpPayloadSize
        + " data="
        + initialMaxData
        + " bidiLocal="
        + initialMaxStreamDataBidiLocal
        + " bidiRemote="
        + initialMaxStreamDataBidiRemote
        + " uni="
        + initialMaxStreamDataUni
        + " streamsBidi="
        + initialMaxStreamsBidi
        + " streamsUni="
        + initialMaxStreamsUni
        + " ackExp="
        + ackDelayExponent
        + " maxAckDelay="
        + maxAckDelayMillis
        + "ms"
        + " noMigration="
        + disableActiveMigration
        + " preferred="
        + preferredAddress
        + " cidLimit="
        + activeConnectionIdLimit
        + " iscid="
        + initialSourceConnectionId
        + " rscid="
        + retrySourceConnectionId
        + " datagram="
        + maxDatagramFrameSize
        + " minAckDelay="
        + minAckDelayMicros
        + "us]";
  }
}
