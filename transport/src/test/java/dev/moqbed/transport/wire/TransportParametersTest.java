package dev.moqbed.transport.wire;

import static dev.moqbed.transport.wire.TestBytes.bytes;
import static dev.moqbed.transport.wire.TestBytes.counting;
import static dev.moqbed.transport.wire.TestBytes.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TransportParametersTest {
  private static final ConnectionId CLIENT_CID = ConnectionId.of(bytes("8394c8f03e515708"));
  private static final ConnectionId SERVER_CID = ConnectionId.of(bytes("f067a5502a4262b5"));
  private static final ConnectionId RETRY_CID = ConnectionId.of(bytes("0102"));

  /** The parameters a server sends (with every server-only one) and a client sends. */
  private static TransportParameters server() {
    return new TransportParameters()
        .originalDestinationConnectionId(CLIENT_CID)
        .maxIdleTimeoutMillis(30_000)
        .statelessResetToken(StatelessResetToken.of(counting(16)))
        .maxUdpPayloadSize(1472)
        .initialMaxData(1L << 40)
        .initialMaxStreamDataBidiLocal(1 << 20)
        .initialMaxStreamDataBidiRemote(1 << 21)
        .initialMaxStreamDataUni(1 << 22)
        .initialMaxStreamsBidi(100)
        .initialMaxStreamsUni(1L << 60)
        .ackDelayExponent(20)
        .maxAckDelayMillis(16_383)
        .disableActiveMigration(true)
        .preferredAddress(
            new PreferredAddress(
                bytes("c0000201"),
                4433,
                counting(16),
                443,
                ConnectionId.of(bytes("aabbcc")),
                StatelessResetToken.of(bytes("ff".repeat(16)))))
        .activeConnectionIdLimit(8)
        .initialSourceConnectionId(SERVER_CID)
        .retrySourceConnectionId(RETRY_CID)
        .maxDatagramFrameSize(65_535)
        .minAckDelayMicros(1000);
  }

  private static TransportParameters client() {
    return new TransportParameters()
        .initialSourceConnectionId(CLIENT_CID)
        .initialMaxData(10_000_000)
        .initialMaxStreamsUni(3)
        .maxDatagramFrameSize(1200)
        .minAckDelayMicros(0);
  }

  @Test
  void serverParametersRoundTrip() throws QuicWireException {
    assertEquals(server(), roundTrip(server(), true));
  }

  @Test
  void clientParametersRoundTrip() throws QuicWireException {
    assertEquals(client(), roundTrip(client(), false));
  }

  @Test
  void absentParametersTakeTheirDefaults() throws QuicWireException {
    TransportParameters decoded = TransportParameterCodec.decode(hex("0f 00"), 0, 2, false);
    assertEquals(ConnectionId.EMPTY, decoded.initialSourceConnectionId());
    assertEquals(65_527, decoded.maxUdpPayloadSize());
    assertEquals(3, decoded.ackDelayExponent());
    assertEquals(25, decoded.maxAckDelayMillis());
    assertEquals(2, decoded.activeConnectionIdLimit());
    assertEquals(0, decoded.maxDatagramFrameSize());
    assertEquals(TransportParameters.NO_MIN_ACK_DELAY, decoded.minAckDelayMicros());
    assertNull(decoded.statelessResetToken());
  }

  @Test
  void minAckDelayUsesTheDraft09Identifier() {
    ByteBuffer buffer = ByteBuffer.allocate(64);
    TransportParameterCodec.encode(
        buffer,
        new TransportParameters()
            .initialSourceConnectionId(ConnectionId.EMPTY)
            .minAckDelayMicros(1000),
        false);
    // initial_source_connection_id (empty), then 0xff04de1b = 1000 µs: picoquic's bytes
    assertEquals("0f00" + "c0000000ff04de1b" + "02" + "43e8", TestBytes.written(buffer));
  }

  /** Unknown and reserved (31 * N + 27) parameters are skipped (§7.4.2, §18.1). */
  @Test
  void unknownParametersAreIgnored() throws QuicWireException {
    assertTrue(TransportParameterId.isReserved(27 + 31 * 5));
    ByteBuffer buffer = hex("1b 03 aabbcc  40ac 00  0f 00  bfffffff 01 00  04 01 07");
    TransportParameters decoded = TransportParameterCodec.decode(buffer, 0, buffer.limit(), false);
    assertEquals(7, decoded.initialMaxData());
  }

  private static Arguments bad(String name, String hex, boolean fromServer) {
    return Arguments.of(name, hex, fromServer);
  }

  static Stream<Arguments> invalid() {
    String iscid = "0f 00 ";
    String serverIds = "0f 00 00 00 ";
    String token = "00".repeat(16);
    String addresses = "00000000 0000" + "00".repeat(16) + "0000";
    return Stream.of(
        bad("missing initial_source_connection_id", "04 01 05", false),
        bad("server without original_destination_connection_id", iscid, true),
        bad("truncated identifier", iscid + "80", false),
        bad("truncated length", iscid + "04", false),
        bad("length beyond the extension", iscid + "04 02 05", false),
        bad("varint shorter than its length", iscid + "04 02 05 00", false),
        bad("varint longer than its length", iscid + "04 01 4005", false),
        bad("repeated parameter", iscid + "04 01 05 04 01 06", false),
        bad("repeated connection ID", iscid + "0f 00", false),
        bad("max_udp_payload_size 1199", iscid + "03 02 44af", false),
        bad("ack_delay_exponent 21", iscid + "0a 01 15", false),
        bad("max_ack_delay 2^14", iscid + "0b 04 80004000", false),
        bad("active_connection_id_limit 1", iscid + "0e 01 01", false),
        bad("initial_max_streams_bidi above 2^60", iscid + "08 08 d000000000000001", false),
        bad("initial_max_streams_uni above 2^60", iscid + "09 08 d000000000000001", false),
        bad("client sends original_destination_connection_id", iscid + "00 00", false),
        bad("client sends stateless_reset_token", iscid + "02 10" + token, false),
        bad("client sends retry_source_connection_id", iscid + "10 00", false),
        bad("client sends preferred_address", iscid + "0d 2a" + addresses + "01 aa" + token, false),
        bad("stateless_reset_token of 15 bytes", serverIds + "02 0f" + "00".repeat(15), true),
        bad("connection ID of 21 bytes", "0f 15" + "00".repeat(21), false),
        bad("disable_active_migration with a value", iscid + "0c 01 00", false),
        bad(
            "preferred_address with an empty connection ID",
            serverIds + "0d 29" + addresses + "00" + token,
            true),
        bad("preferred_address truncated", serverIds + "0d 10" + "00".repeat(16), true),
        bad(
            "preferred_address connection ID beyond its length",
            serverIds + "0d 29" + addresses + "05 aa" + "00".repeat(14),
            true),
        bad("min_ack_delay 2^24", iscid + "c0000000ff04de1b 04 81000000", false),
        bad("min_ack_delay above max_ack_delay", iscid + "c0000000ff04de1b 04 800061a9", false),
        bad(
            "repeated min_ack_delay",
            iscid + "c0000000ff04de1b 01 01 c0000000ff04de1b 01 01",
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void rejects(String name, String hex, boolean fromServer) {
    ByteBuffer buffer = hex(hex);
    QuicWireException thrown =
        assertThrows(
            QuicWireException.class,
            () -> TransportParameterCodec.decode(buffer, 0, buffer.limit(), fromServer));
    assertEquals(TransportErrorCode.TRANSPORT_PARAMETER_ERROR, thrown.error(), thrown.getMessage());
  }

  @Test
  void refusesToEncodeInvalidLocalParameters() {
    ByteBuffer buffer = ByteBuffer.allocate(256);
    assertThrows(
        IllegalArgumentException.class,
        () -> TransportParameterCodec.encode(buffer, client().ackDelayExponent(21), false));
    assertThrows(
        IllegalArgumentException.class,
        () -> TransportParameterCodec.encode(buffer, server(), false));
  }

  /** RFC 9000 §7.3: the handshake's connection IDs must match the parameters. */
  @Test
  void authenticatesConnectionIds() throws QuicWireException {
    TransportParameters server = server();
    TransportParameterCodec.authenticateConnectionIds(
        server, true, SERVER_CID, CLIENT_CID, RETRY_CID);
    TransportParameterCodec.authenticateConnectionIds(client(), false, CLIENT_CID, null, null);

    assertEquals(
        TransportErrorCode.TRANSPORT_PARAMETER_ERROR,
        assertThrows(
                QuicWireException.class,
                () ->
                    TransportParameterCodec.authenticateConnectionIds(
                        server, true, SERVER_CID, CLIENT_CID, null))
            .error(),
        "retry_source_connection_id without a Retry");
    assertEquals(
        TransportErrorCode.PROTOCOL_VIOLATION,
        assertThrows(
                QuicWireException.class,
                () ->
                    TransportParameterCodec.authenticateConnectionIds(
                        server, true, CLIENT_CID, CLIENT_CID, RETRY_CID))
            .error(),
        "initial_source_connection_id mismatch");
    assertThrows(
        QuicWireException.class,
        () ->
            TransportParameterCodec.authenticateConnectionIds(
                server.retrySourceConnectionId(null), true, SERVER_CID, CLIENT_CID, RETRY_CID));
  }

  @Test
  void randomParametersRoundTripAtTheirComputedSize() throws QuicWireException {
    Random random = new Random(18);
    for (int i = 0; i < 2_000; i++) {
      TransportParameters params =
          new TransportParameters()
              .initialSourceConnectionId(randomCid(random))
              .maxIdleTimeoutMillis(varint(random))
              .maxUdpPayloadSize(1200 + (varint(random) >>> 1))
              .initialMaxData(varint(random))
              .initialMaxStreamDataBidiLocal(varint(random))
              .initialMaxStreamDataBidiRemote(varint(random))
              .initialMaxStreamDataUni(varint(random))
              .initialMaxStreamsBidi(varint(random) >>> 2)
              .initialMaxStreamsUni(varint(random) >>> 2)
              .ackDelayExponent(random.nextInt(21))
              .maxAckDelayMillis(random.nextInt(1 << 14))
              .activeConnectionIdLimit(2 + (varint(random) >>> 1))
              .disableActiveMigration(random.nextBoolean())
              .maxDatagramFrameSize(varint(random));
      if (random.nextBoolean()) {
        params.minAckDelayMicros(
            Math.min(params.maxAckDelayMillis() * 1000, random.nextInt(1 << 24)));
      }
      boolean server = random.nextBoolean();
      if (server) {
        params.originalDestinationConnectionId(randomCid(random));
        if (random.nextBoolean()) {
          params.retrySourceConnectionId(randomCid(random));
        }
      }
      assertEquals(params, roundTrip(params, server));
    }
  }

  private static TransportParameters roundTrip(TransportParameters params, boolean server)
      throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(1024);
    TransportParameterCodec.encode(buffer, params, server);
    assertEquals(TransportParameterCodec.encodedSize(params), buffer.position());
    return TransportParameterCodec.decode(buffer, 0, buffer.position(), server);
  }

  private static long varint(Random random) {
    return random.nextLong() >>> (2 + random.nextInt(62));
  }

  private static ConnectionId randomCid(Random random) {
    byte[] id = new byte[random.nextInt(21)];
    random.nextBytes(id);
    return ConnectionId.of(id);
  }
}
