package dev.moqbed.transport.wire;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the seed corpus of the QUIC wire fuzz targets with the package's own writers: packets of
 * random frames ({@link RandomFrames}), headers of every kind (coalesced ones too) and parameter
 * blocks. Not part of the normal run; see docs/security.md for the command.
 */
@EnabledIfSystemProperty(named = "fuzz.writeSeeds", matches = "true")
class WireSeedWriter {
  private static final Path RESOURCES = Path.of("src/test/resources/dev/moqbed/transport/wire");

  /** Choice byte of FrameDecoderFuzzTest: 1-RTT, DATAGRAM and ACK_FREQUENCY accepted. */
  private static final int ONE_RTT_ALL_EXTENSIONS = 0x0f;

  private static final ConnectionId DCID = ConnectionId.of(TestBytes.bytes("8394c8f03e515708"));
  private static final ConnectionId SCID = ConnectionId.of(TestBytes.bytes("f067a5502a4262b5"));

  @Test
  void writeFrameSeeds() throws IOException {
    Path dir = inputs("FrameDecoderFuzzTest", "decodesOrRejectsAnyPayload");
    RandomFrames frames = new RandomFrames(0x5EED_F4L);
    for (int packet = 0; packet < 16; packet++) {
      ByteBuffer buffer = ByteBuffer.allocate(16_384);
      buffer.put((byte) ONE_RTT_ALL_EXTENSIONS);
      int count = 1 + frames.random().nextInt(4);
      for (int i = 0; i < count; i++) {
        frames.next(i == count - 1).writer().accept(buffer);
      }
      if (buffer.position() <= 600) {
        write(dir.resolve("packet-" + packet), buffer);
      }
    }
  }

  @Test
  void writeHeaderSeeds() throws IOException {
    Path dir = inputs("PacketHeaderParserFuzzTest", "parsesOrRejectsAnyDatagram");
    write(dir.resolve("initial"), datagram(PacketType.INITIAL, new byte[] {1, 2, 3}));
    write(dir.resolve("handshake"), datagram(PacketType.HANDSHAKE, new byte[0]));
    write(dir.resolve("zero-rtt"), datagram(PacketType.ZERO_RTT, new byte[0]));
    ByteBuffer coalesced = ByteBuffer.allocate(256);
    coalesced.put((byte) DCID.length());
    longHeader(coalesced, PacketType.INITIAL, new byte[0]);
    longHeader(coalesced, PacketType.HANDSHAKE, new byte[0]);
    PacketHeaderWriter.writeShortHeader(coalesced, DCID, 7, 2, true, false);
    coalesced.put(new byte[24]);
    write(dir.resolve("coalesced"), coalesced);
    ByteBuffer shortHeader = ByteBuffer.allocate(64);
    shortHeader.put((byte) DCID.length());
    PacketHeaderWriter.writeShortHeader(shortHeader, DCID, 654360564, 3, false, true);
    shortHeader.put(new byte[24]);
    write(dir.resolve("short"), shortHeader);
    ByteBuffer retry = ByteBuffer.allocate(128);
    retry.put((byte) 0);
    PacketHeaderWriter.writeRetry(
        retry, QuicVersion.VERSION_1, DCID, SCID, new byte[] {9, 9}, new byte[16], 0);
    write(dir.resolve("retry"), retry);
    ByteBuffer negotiation = ByteBuffer.allocate(128);
    negotiation.put((byte) 0);
    PacketHeaderWriter.writeVersionNegotiation(
        negotiation,
        0x3f,
        DCID.toByteArray(),
        SCID.toByteArray(),
        new int[] {QuicVersion.VERSION_1, 0x1a2a3a4a});
    write(dir.resolve("version-negotiation"), negotiation);
  }

  @Test
  void writeParameterSeeds() throws IOException {
    Path dir = inputs("TransportParameterCodecFuzzTest", "decodesOrRejectsAnyBlock");
    TransportParameters client =
        new TransportParameters()
            .initialSourceConnectionId(DCID)
            .initialMaxData(10_000_000)
            .initialMaxStreamsUni(3)
            .maxDatagramFrameSize(1200)
            .minAckDelayMicros(1000);
    write(dir.resolve("client"), parameters(client, false));
    TransportParameters server =
        new TransportParameters()
            .originalDestinationConnectionId(DCID)
            .initialSourceConnectionId(SCID)
            .statelessResetToken(StatelessResetToken.of(TestBytes.counting(16)))
            .maxIdleTimeoutMillis(30_000)
            .maxUdpPayloadSize(1472)
            .initialMaxStreamsBidi(100)
            .ackDelayExponent(20)
            .maxAckDelayMillis(16_383)
            .disableActiveMigration(true)
            .preferredAddress(
                new PreferredAddress(
                    TestBytes.bytes("c0000201"),
                    4433,
                    TestBytes.counting(16),
                    443,
                    ConnectionId.of(TestBytes.bytes("aabbcc")),
                    StatelessResetToken.of(TestBytes.bytes("ff".repeat(16)))))
            .activeConnectionIdLimit(8)
            .retrySourceConnectionId(ConnectionId.of(TestBytes.bytes("0102")));
    write(dir.resolve("server"), parameters(server, true));
  }

  /** The choice byte (the CID length), one long-header packet, and its 24-byte payload. */
  private static ByteBuffer datagram(PacketType type, byte[] token) {
    ByteBuffer buffer = ByteBuffer.allocate(128);
    buffer.put((byte) DCID.length());
    longHeader(buffer, type, token);
    return buffer;
  }

  private static void longHeader(ByteBuffer buffer, PacketType type, byte[] token) {
    int payloadLength = 24;
    PacketHeaderWriter.writeLongHeader(
        buffer, type, QuicVersion.VERSION_1, DCID, SCID, token, 2, 2, payloadLength);
    buffer.put(new byte[payloadLength]);
  }

  private static ByteBuffer parameters(TransportParameters parameters, boolean sentByServer) {
    ByteBuffer buffer = ByteBuffer.allocate(1 + TransportParameterCodec.encodedSize(parameters));
    buffer.put((byte) (sentByServer ? 1 : 0));
    TransportParameterCodec.encode(buffer, parameters, sentByServer);
    return buffer;
  }

  /** Jazzer's layout: {@code <TestClass>Inputs/<method>/} beside the test class's package. */
  private static Path inputs(String testClass, String method) throws IOException {
    return Files.createDirectories(RESOURCES.resolve(testClass + "Inputs").resolve(method));
  }

  /** The bytes written so far (from 0 to the position). */
  private static void write(Path file, ByteBuffer buffer) throws IOException {
    Files.write(file, Arrays.copyOf(buffer.array(), buffer.position()));
  }
}
