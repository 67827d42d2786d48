package dev.moqbed.transport.wire;

import static dev.moqbed.transport.wire.TransportParameterId.*;

import java.nio.ByteBuffer;

/**
 * Encodes and decodes the quic_transport_parameters TLS extension body (RFC 9000 §18): a sequence
 * of (identifier varint, length varint, value) triples, validated against §7.4, §18.2, RFC 9221 §3
 * and draft-ietf-quic-ack-frequency-09 §3.
 *
 * <p>Every violation is TRANSPORT_PARAMETER_ERROR: truncation, a value not filling its declared
 * length, a repeated known parameter (§7.4 SHOULD), a server-only parameter from a client (§18.2),
 * values out of range (max_udp_payload_size below 1200, ack_delay_exponent above 20, max_ack_delay
 * at or above 2^14, active_connection_id_limit below 2, stream counts above 2^60 (§4.6), connection
 * IDs over 20 bytes, an empty connection ID in preferred_address, min_ack_delay at or above 2^24 or
 * above max_ack_delay), and a missing initial_source_connection_id (or, from a server,
 * original_destination_connection_id, §7.3). Unknown parameters, including the reserved 31 * N + 27
 * ones, are skipped (§7.4.2, §18.1).
 *
 * <p>Only values that differ from their defaults are encoded, in identifier order.
 */
public final class TransportParameterCodec {
  /** Largest max_ack_delay, exclusive: 2^14 ms (§18.2). */
  static final long MAX_ACK_DELAY_LIMIT = 1L << 14;

  /** Largest min_ack_delay, exclusive: 2^24 µs (draft-ietf-quic-ack-frequency-09 §3). */
  static final long MIN_ACK_DELAY_LIMIT = 1L << 24;

  /** Smallest valid max_udp_payload_size (§18.2). */
  static final long MIN_UDP_PAYLOAD_SIZE = 1200;

  private TransportParameterCodec() {}

  // ---- decoding ----

  /**
   * Decodes and validates the parameters in {@code buffer[start, end)}.
   *
   * @param sentByServer whether the peer that sent them is the server (§18.2 server-only rules)
   */
  public static TransportParameters decode(
      ByteBuffer buffer, int start, int end, boolean sentByServer) throws QuicWireException {
    QuicWireReader reader = new QuicWireReader(TransportErrorCode.TRANSPORT_PARAMETER_ERROR);
    reader.reset(buffer, start, end);
    TransportParameters params = new TransportParameters();
    long seen = 0;
    while (reader.hasRemaining()) {
      long id = reader.readVarInt();
      int length = reader.readLength("transport parameter 0x" + Long.toHexString(id));
      int valueStart = reader.position();
      int bit = knownBit(id);
      if (bit < 0) {
        reader.skip(length, "unknown transport parameter");
        continue;
      }
      if ((seen & (1L << bit)) != 0) {
        throw reader.fail("transport parameter 0x" + Long.toHexString(id) + " repeated");
      }
      seen |= 1L << bit;
      if (!sentByServer && isServerOnly(id)) {
        throw reader.fail(
            "server-only transport parameter 0x" + Long.toHexString(id) + " from client");
      }
      QuicWireReader value =
          new QuicWireReader(TransportErrorCode.TRANSPORT_PARAMETER_ERROR)
              .reset(buffer, valueStart, valueStart + length);
      decodeOne(id, value, params);
      if (value.hasRemaining()) {
        throw reader.fail(
            "transport parameter 0x"
                + Long.toHexString(id)
                + ": "
                + value.remaining()
                + " bytes beyond its value");
      }
      reader.skip(length, "transport parameter");
    }
    validate(params, sentByServer);
    return params;
  }

  /** Bit per known parameter for duplicate detection, -1 for unknown identifiers. */
  private static int knownBit(long id) {
    if (id >= 0 && id <= RETRY_SOURCE_CONNECTION_ID) {
      return (int) id;
    }
    if (id == MAX_DATAGRAM_FRAME_SIZE) {
      return 17;
    }
    if (id == MIN_ACK_DELAY) {
      return 18;
    }
    return -1;
  }

  private static void decodeOne(long id, QuicWireReader value, TransportParameters params)
      throws QuicWireException {
    if (id == ORIGINAL_DESTINATION_CONNECTION_ID) {
      params.originalDestinationConnectionId(readConnectionId(value, value.remaining()));
    } else if (id == MAX_IDLE_TIMEOUT) {
      params.maxIdleTimeoutMillis(value.readVarInt());
    } else if (id == STATELESS_RESET_TOKEN) {
      params.statelessResetToken(readResetToken(value));
    } else if (id == MAX_UDP_PAYLOAD_SIZE) {
      params.maxUdpPayloadSize(value.readVarInt());
    } else if (id == INITIAL_MAX_DATA) {
      params.initialMaxData(value.readVarInt());
    } else if (id == INITIAL_MAX_STREAM_DATA_BIDI_LOCAL) {
      params.initialMaxStreamDataBidiLocal(value.readVarInt());
    } else if (id == INITIAL_MAX_STREAM_DATA_BIDI_REMOTE) {
      params.initialMaxStreamDataBidiRemote(value.readVarInt());
    } else if (id == INITIAL_MAX_STREAM_DATA_UNI) {
      params.initialMaxStreamDataUni(value.readVarInt());
    } else if (id == INITIAL_MAX_STREAMS_BIDI) {
      params.initialMaxStreamsBidi(value.readVarInt());
    } else if (id == INITIAL_MAX_STREAMS_UNI) {
      params.initialMaxStreamsUni(value.readVarInt());
    } else if (id == ACK_DELAY_EXPONENT) {
      params.ackDelayExponent(value.readVarInt());
    } else if (id == MAX_ACK_DELAY) {
      params.maxAckDelayMillis(value.readVarInt());
    } else if (id == DISABLE_ACTIVE_MIGRATION) {
      // A zero-length value; anything in it is left over and refused by the caller.
      params.disableActiveMigration(true);
    } else if (id == PREFERRED_ADDRESS) {
      params.preferredAddress(readPreferredAddress(value));
    } else if (id == ACTIVE_CONNECTION_ID_LIMIT) {
      params.activeConnectionIdLimit(value.readVarInt());
    } else if (id == INITIAL_SOURCE_CONNECTION_ID) {
      params.initialSourceConnectionId(readConnectionId(value, value.remaining()));
    } else if (id == RETRY_SOURCE_CONNECTION_ID) {
      params.retrySourceConnectionId(readConnectionId(value, value.remaining()));
    } else if (id == MAX_DATAGRAM_FRAME_SIZE) {
      params.maxDatagramFrameSize(value.readVarInt());
    } else if (id == MIN_ACK_DELAY) {
      params.minAckDelayMicros(value.readVarInt());
    }
  }

  private static ConnectionId readConnectionId(QuicWireReader value, int length)
      throws QuicWireException {
    if (length > ConnectionId.MAX_LENGTH) {
      throw value.fail("connection ID of " + length + " bytes");
    }
    return ConnectionId.copyOf(value.buffer(), value.skip(length, "connection ID"), length);
  }

  private static StatelessResetToken readResetToken(QuicWireReader value) throws QuicWireException {
    if (value.remaining() != StatelessResetToken.LENGTH) {
      throw value.fail("stateless reset token of " + value.remaining() + " bytes");
    }
    return StatelessResetToken.copyOf(
        value.buffer(), value.skip(StatelessResetToken.LENGTH, "stateless reset token"));
  }

  private static PreferredAddress readPreferredAddress(QuicWireReader value)
      throws QuicWireException {
    byte[] ipv4 = value.readBytes(4, "preferred IPv4 address");
    int ipv4Port = value.readUint16();
    byte[] ipv6 = value.readBytes(16, "preferred IPv6 address");
    int ipv6Port = value.readUint16();
    int cidLength = value.readUint8();
    if (cidLength == 0) {
      throw value.fail("preferred_address with an empty connection ID (§18.2)");
    }
    ConnectionId cid = readConnectionId(value, cidLength);
    StatelessResetToken token =
        StatelessResetToken.copyOf(
            value.buffer(), value.skip(StatelessResetToken.LENGTH, "preferred address token"));
    return new PreferredAddress(ipv4, ipv4Port, ipv6, ipv6Port, cid, token);
  }

  // ---- validation ----

  /**
   * Checks the rules of §7.3, §18.2, RFC 9221 §3 and draft-ietf-quic-ack-frequency-09 §3 that do
   * not depend on the handshake's connection IDs (see {@link #authenticateConnectionIds}).
   */
  public static void validate(TransportParameters p, boolean sentByServer)
      throws QuicWireException {
    requireVarInt(p.maxIdleTimeoutMillis(), "max_idle_timeout");
    requireVarInt(p.initialMaxData(), "initial_max_data");
    requireVarInt(p.initialMaxStreamDataBidiLocal(), "initial_max_stream_data_bidi_local");
    requireVarInt(p.initialMaxStreamDataBidiRemote(), "initial_max_stream_data_bidi_remote");
    requireVarInt(p.initialMaxStreamDataUni(), "initial_max_stream_data_uni");
    requireVarInt(p.maxDatagramFrameSize(), "max_datagram_frame_size");
    requireVarInt(p.maxUdpPayloadSize(), "max_udp_payload_size");
    requireVarInt(p.activeConnectionIdLimit(), "active_connection_id_limit");
    require(p.maxUdpPayloadSize() >= MIN_UDP_PAYLOAD_SIZE, "max_udp_payload_size below 1200");
    require(p.ackDelayExponent() >= 0 && p.ackDelayExponent() <= 20, "ack_delay_exponent above 20");
    require(
        p.maxAckDelayMillis() >= 0 && p.maxAckDelayMillis() < MAX_ACK_DELAY_LIMIT,
        "max_ack_delay not below 2^14");
    require(p.activeConnectionIdLimit() >= 2, "active_connection_id_limit below 2");
    require(
        p.initialMaxStreamsBidi() >= 0
            && p.initialMaxStreamsBidi() <= FrameDecoder.MAX_STREAM_COUNT,
        "initial_max_streams_bidi above 2^60");
    require(
        p.initialMaxStreamsUni() >= 0 && p.initialMaxStreamsUni() <= FrameDecoder.MAX_STREAM_COUNT,
        "initial_max_streams_uni above 2^60");
    long minAckDelay = p.minAckDelayMicros();
    if (minAckDelay != TransportParameters.NO_MIN_ACK_DELAY) {
      require(
          minAckDelay >= 0 && minAckDelay < MIN_ACK_DELAY_LIMIT, "min_ack_delay not below 2^24");
      require(minAckDelay <= p.maxAckDelayMillis() * 1000, "min_ack_delay above max_ack_delay");
    }
    require(p.initialSourceConnectionId() != null, "initial_source_connection_id missing (§7.3)");
    if (sentByServer) {
      require(
          p.originalDestinationConnectionId() != null,
          "original_destination_connection_id missing (§7.3)");
    } else {
      require(
          p.originalDestinationConnectionId() == null
              && p.statelessResetToken() == null
              && p.preferredAddress() == null
              && p.retrySourceConnectionId() == null,
          "server-only transport parameter from a client");
    }
  }

  /**
   * Authenticates the handshake's connection IDs (§7.3) once the peer's parameters are decoded.
   *
   * @param peerInitialScid the Source Connection ID of the peer's first Initial
   * @param originalDcid when the peer is the server: the DCID of the client's first Initial
   * @param retryScid when the peer is the server: the SCID of its Retry, or null if none came
   */
  public static void authenticateConnectionIds(
      TransportParameters peer,
      boolean peerIsServer,
      ConnectionId peerInitialScid,
      ConnectionId originalDcid,
      ConnectionId retryScid)
      throws QuicWireException {
    requireSame(peer.initialSourceConnectionId(), peerInitialScid, "initial_source_connection_id");
    if (!peerIsServer) {
      return;
    }
    requireSame(
        peer.originalDestinationConnectionId(), originalDcid, "original_destination_connection_id");
    if (retryScid == null) {
      require(peer.retrySourceConnectionId() == null, "retry_source_connection_id without Retry");
    } else {
      require(peer.retrySourceConnectionId() != null, "retry_source_connection_id missing");
      requireSame(peer.retrySourceConnectionId(), retryScid, "retry_source_connection_id");
    }
  }

  private static void requireSame(ConnectionId declared, ConnectionId seen, String name)
      throws QuicWireException {
    if (declared == null) {
      throw new QuicWireException(TransportErrorCode.TRANSPORT_PARAMETER_ERROR, name + " missing");
    }
    if (!declared.equals(seen)) {
      throw new QuicWireException(
          TransportErrorCode.PROTOCOL_VIOLATION, name + " " + declared + " but saw " + seen);
    }
  }

  private static void requireVarInt(long value, String name) throws QuicWireException {
    require(value >= 0 && value <= VarInt.MAX, name + " is not a varint");
  }

  private static void require(boolean condition, String message) throws QuicWireException {
    if (!condition) {
      throw new QuicWireException(TransportErrorCode.TRANSPORT_PARAMETER_ERROR, message);
    }
  }

  // ---- encoding ----

  /** Exact encoded size of {@code params}. */
  public static int encodedSize(TransportParameters p) {
    int size = 0;
    size += cidSize(ORIGINAL_DESTINATION_CONNECTION_ID, p.originalDestinationConnectionId());
    size += varIntSize(MAX_IDLE_TIMEOUT, p.maxIdleTimeoutMillis(), 0);
    if (p.statelessResetToken() != null) {
      size +=
          headerSize(STATELESS_RESET_TOKEN, StatelessResetToken.LENGTH)
              + StatelessResetToken.LENGTH;
    }
    size +=
        varIntSize(
            MAX_UDP_PAYLOAD_SIZE,
            p.maxUdpPayloadSize(),
            TransportParameters.DEFAULT_MAX_UDP_PAYLOAD_SIZE);
    size += varIntSize(INITIAL_MAX_DATA, p.initialMaxData(), 0);
    size += varIntSize(INITIAL_MAX_STREAM_DATA_BIDI_LOCAL, p.initialMaxStreamDataBidiLocal(), 0);
    size += varIntSize(INITIAL_MAX_STREAM_DATA_BIDI_REMOTE, p.initialMaxStreamDataBidiRemote(), 0);
    size += varIntSize(INITIAL_MAX_STREAM_DATA_UNI, p.initialMaxStreamDataUni(), 0);
    size += varIntSize(INITIAL_MAX_STREAMS_BIDI, p.initialMaxStreamsBidi(), 0);
    size += varIntSize(INITIAL_MAX_STREAMS_UNI, p.initialMaxStreamsUni(), 0);
    size +=
        varIntSize(
            ACK_DELAY_EXPONENT,
            p.ackDelayExponent(),
            TransportParameters.DEFAULT_ACK_DELAY_EXPONENT);
    size +=
        varIntSize(
            MAX_ACK_DELAY, p.maxAckDelayMillis(), TransportParameters.DEFAULT_MAX_ACK_DELAY_MILLIS);
    if (p.disableActiveMigration()) {
      size += headerSize(DISABLE_ACTIVE_MIGRATION, 0);
    }
    if (p.preferredAddress() != null) {
      int length = p.preferredAddress().encodedSize();
      size += headerSize(PREFERRED_ADDRESS, length) + length;
    }
    size +=
        varIntSize(
            ACTIVE_CONNECTION_ID_LIMIT,
            p.activeConnectionIdLimit(),
            TransportParameters.DEFAULT_ACTIVE_CONNECTION_ID_LIMIT);
    size += cidSize(INITIAL_SOURCE_CONNECTION_ID, p.initialSourceConnectionId());
    size += cidSize(RETRY_SOURCE_CONNECTION_ID, p.retrySourceConnectionId());
    size += varIntSize(MAX_DATAGRAM_FRAME_SIZE, p.maxDatagramFrameSize(), 0);
    size += varIntSize(MIN_ACK_DELAY, p.minAckDelayMicros(), TransportParameters.NO_MIN_ACK_DELAY);
    return size;
  }

  /**
   * Validates {@code params} as sent by this endpoint and writes them at the buffer's position.
   *
   * @throws IllegalArgumentException when they break a rule the peer would reject
   */
  public static void encode(ByteBuffer buffer, TransportParameters p, boolean sentByServer) {
    try {
      validate(p, sentByServer);
    } catch (QuicWireException e) {
      throw new IllegalArgumentException("invalid local transport parameters: " + e.getMessage());
    }
    writeCid(buffer, ORIGINAL_DESTINATION_CONNECTION_ID, p.originalDestinationConnectionId());
    writeVarInt(buffer, MAX_IDLE_TIMEOUT, p.maxIdleTimeoutMillis(), 0);
    if (p.statelessResetToken() != null) {
      writeHeader(buffer, STATELESS_RESET_TOKEN, StatelessResetToken.LENGTH);
      p.statelessResetToken().writeTo(buffer);
    }
    writeVarInt(
        buffer,
        MAX_UDP_PAYLOAD_SIZE,
        p.maxUdpPayloadSize(),
        TransportParameters.DEFAULT_MAX_UDP_PAYLOAD_SIZE);
    writeVarInt(buffer, INITIAL_MAX_DATA, p.initialMaxData(), 0);
    writeVarInt(buffer, INITIAL_MAX_STREAM_DATA_BIDI_LOCAL, p.initialMaxStreamDataBidiLocal(), 0);
    writeVarInt(buffer, INITIAL_MAX_STREAM_DATA_BIDI_REMOTE, p.initialMaxStreamDataBidiRemote(), 0);
    writeVarInt(buffer, INITIAL_MAX_STREAM_DATA_UNI, p.initialMaxStreamDataUni(), 0);
    writeVarInt(buffer, INITIAL_MAX_STREAMS_BIDI, p.initialMaxStreamsBidi(), 0);
    writeVarInt(buffer, INITIAL_MAX_STREAMS_UNI, p.initialMaxStreamsUni(), 0);
    writeVarInt(
        buffer,
        ACK_DELAY_EXPONENT,
        p.ackDelayExponent(),
        TransportParameters.DEFAULT_ACK_DELAY_EXPONENT);
    writeVarInt(
        buffer,
        MAX_ACK_DELAY,
        p.maxAckDelayMillis(),
        TransportParameters.DEFAULT_MAX_ACK_DELAY_MILLIS);
    if (p.disableActiveMigration()) {
      writeHeader(buffer, DISABLE_ACTIVE_MIGRATION, 0);
    }
    if (p.preferredAddress() != null) {
      writePreferredAddress(buffer, p.preferredAddress());
    }
    writeVarInt(
        buffer,
        ACTIVE_CONNECTION_ID_LIMIT,
        p.activeConnectionIdLimit(),
        TransportParameters.DEFAULT_ACTIVE_CONNECTION_ID_LIMIT);
    writeCid(buffer, INITIAL_SOURCE_CONNECTION_ID, p.initialSourceConnectionId());
    writeCid(buffer, RETRY_SOURCE_CONNECTION_ID, p.retrySourceConnectionId());
    writeVarInt(buffer, MAX_DATAGRAM_FRAME_SIZE, p.maxDatagramFrameSize(), 0);
    writeVarInt(buffer, MIN_ACK_DELAY, p.minAckDelayMicros(), TransportParameters.NO_MIN_ACK_DELAY);
  }

  private static void writePreferredAddress(ByteBuffer buffer, PreferredAddress address) {
    writeHeader(buffer, PREFERRED_ADDRESS, address.encodedSize());
    buffer.put(address.ipv4Address());
    buffer.putShort((short) address.ipv4Port());
    buffer.put(address.ipv6Address());
    buffer.putShort((short) address.ipv6Port());
    buffer.put((byte) address.connectionId().length());
    address.connectionId().writeTo(buffer);
    address.resetToken().writeTo(buffer);
  }

  private static int headerSize(long id, int length) {
    return VarInt.encodedSize(id) + VarInt.encodedSize(length);
  }

  private static int varIntSize(long id, long value, long defaultValue) {
    if (value == defaultValue) {
      return 0;
    }
    int length = VarInt.encodedSize(value);
    return headerSize(id, length) + length;
  }

  private static int cidSize(long id, ConnectionId cid) {
    return cid == null ? 0 : headerSize(id, cid.length()) + cid.length();
  }

  private static void writeHeader(ByteBuffer buffer, long id, int length) {
    VarInt.write(buffer, id);
    VarInt.write(buffer, length);
  }

  private static void writeVarInt(ByteBuffer buffer, long id, long value, long defaultValue) {
    if (value != defaultValue) {
      writeHeader(buffer, id, VarInt.encodedSize(value));
      VarInt.write(buffer, value);
    }
  }

  private static void writeCid(ByteBuffer buffer, long id, ConnectionId cid) {
    if (cid != null) {
      writeHeader(buffer, id, cid.length());
      cid.writeTo(buffer);
    }
  }
}
