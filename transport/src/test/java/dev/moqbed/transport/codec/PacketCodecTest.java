package dev.moqbed.transport.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import dev.moqbed.transport.quic.UnreadMessage;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.wire.QuicWireException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Round trips of the stack's packets through the codec, and their sizes against its own count. */
class PacketCodecTest {
  private static final int SHORT_HEADER = 1 + 8;
  private static final int TAG = 16;

  /** picoquic's long headers: version, 8-byte ids, 2-byte Length, 4-byte packet number. */
  private static final int HANDSHAKE_HEADER = 1 + 4 + 1 + 8 + 1 + 8 + 2 + 4;

  private static final int INITIAL_HEADER = HANDSHAKE_HEADER + 1; // Token Length 0

  private final ConnectionIds clientIds = ConnectionIds.forSimulatedEndpoint(1, 0, 3);
  private final PacketCodec client = PacketCodec.withNullProtection(clientIds);
  private final PacketCodec server = PacketCodec.withNullProtection(clientIds.peer());

  private static QuicPacket packet(
      PacketSpace space, long number, int numberLength, int header, Frame... frames) {
    int size = header + numberLength + TAG - (space == PacketSpace.APPLICATION ? 0 : 4);
    for (Frame frame : frames) {
      size += frame.sizeBytes();
    }
    return new QuicPacket(space, number, numberLength, List.of(frames), size);
  }

  private static QuicPacket shortPacket(long number, int numberLength, Frame... frames) {
    return packet(PacketSpace.APPLICATION, number, numberLength, SHORT_HEADER, frames);
  }

  private static Frame.Ack ack(long... ranges) {
    return new Frame.Ack(AckFrame.of(1_000, 3, ranges), new long[] {0, 17, 2});
  }

  private List<QuicPacket> roundTrip(PacketCodec from, PacketCodec to, List<QuicPacket> sent)
      throws QuicWireException {
    ByteBuffer bytes = from.encode(sent);
    int modelSize = sent.stream().mapToInt(QuicPacket::sizeBytes).sum();
    assertEquals(modelSize, bytes.remaining(), "encoded size");
    ByteBuffer copy = ByteBuffer.allocate(bytes.remaining()).put(bytes).flip();
    List<QuicPacket> decoded = to.decode(copy);
    assertNull(PacketEquality.difference(sent, decoded));
    for (int i = 0; i < sent.size(); i++) {
      assertEquals(sent.get(i).sizeBytes(), decoded.get(i).sizeBytes(), "packet " + i + " size");
    }
    return decoded;
  }

  @Test
  void handshakePacketsCoalesceWithTheirPicoquicHeaders() throws QuicWireException {
    QuicPacket initial =
        packet(PacketSpace.INITIAL, 0, 4, INITIAL_HEADER, ack(0, 0), new Frame.Crypto(0, 126));
    QuicPacket handshake =
        packet(PacketSpace.HANDSHAKE, 0, 4, HANDSHAKE_HEADER, new Frame.Crypto(0, 1019));
    // 46 bytes of header and tag, as the stack counts them (see docs/transport/wire.md)
    assertEquals(46 + initial.frames().get(0).sizeBytes() + 130, initial.sizeBytes());
    assertEquals(1068, handshake.sizeBytes());
    roundTrip(server, client, List.of(initial, handshake));
  }

  @Test
  void clientInitialIsPaddedWithinItsPacket() throws QuicWireException {
    Frame.Crypto hello = new Frame.Crypto(0, 280);
    int padding = 1252 - INITIAL_HEADER - TAG - hello.sizeBytes();
    QuicPacket initial =
        packet(PacketSpace.INITIAL, 0, 4, INITIAL_HEADER, hello, new Frame.Padding(padding));
    assertEquals(1252, initial.sizeBytes());
    roundTrip(client, server, List.of(initial));
  }

  @Test
  void everyOneRttFrameOfTheModelRoundTrips() throws QuicWireException {
    byte[] data = new byte[300];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 7);
    }
    List<QuicPacket> sent = new ArrayList<>();
    sent.add(
        shortPacket(
            0,
            1,
            ack(90, 100, 10, 80, 0, 5),
            new Frame.MaxData(1 << 20),
            new Frame.MaxStreamData(4, 3 << 20),
            new Frame.ResetStream(8, 3, 1000),
            new Frame.StopSending(12, 2),
            new Frame.DataBlocked(5000),
            new Frame.StreamDataBlocked(4, 70_000),
            new Frame.NewConnectionId(1),
            new Frame.NewConnectionId(6),
            new Frame.AckFrequency(2, 10, 25_000),
            new Frame.HandshakeDone(),
            new Frame.PathChallenge(0x0102030405060708L),
            new Frame.PathResponse(-1L),
            new Frame.Datagram(new UnreadMessage(40)),
            new Frame.Datagram(DatagramPayload.of(new byte[] {1, 2, 3, 4, 5})),
            new Frame.Stream(0, 0, 100, false, true, null),
            new Frame.Stream(4, 20_000, 300, true, false, ByteSlice.of(data))));
    sent.add(shortPacket(17, 2, new Frame.Ping(), new Frame.Padding(30)));
    sent.add(shortPacket(2_000, 3, new Frame.ConnectionClose(0, true)));
    sent.add(shortPacket(2_001, 3, ack(2_000, 2_000), new Frame.ConnectionClose(10, false)));
    sent.add(
        shortPacket(
            2_002, 3, Frame.ConnectionClose.withReason(0x16, true, "token expired at 12:00")));
    sent.add(shortPacket(2_003, 3, Frame.ConnectionClose.withReason(0x9, false, "too many ids")));
    for (QuicPacket packet : sent) {
      List<QuicPacket> decoded = roundTrip(server, client, List.of(packet));
      assertEquals(packet.packetNumber(), decoded.get(0).packetNumber());
    }
  }

  /**
   * A packet of PING and PADDING frames in turn reaches the connection as one PING and one PADDING
   * of the summed length, not as an object per frame; a second packet starts afresh.
   */
  @Test
  void pingsAndPaddingsOfAPacketComeBackAsOneOfEach() throws QuicWireException {
    Frame[] frames = new Frame[1000];
    for (int i = 0; i < frames.length; i += 2) {
      frames[i] = new Frame.Ping();
      frames[i + 1] = new Frame.Padding(1);
    }
    QuicPacket flood = shortPacket(0, 1, frames);
    QuicPacket next = shortPacket(1, 1, new Frame.Ping(), new Frame.Padding(30));
    ByteBuffer bytes = client.encode(List.of(flood));
    ByteBuffer copy = ByteBuffer.allocate(bytes.remaining()).put(bytes).flip();
    assertEquals(
        List.of(new Frame.Ping(), new Frame.Padding(500)), server.decode(copy).get(0).frames());
    bytes = client.encode(List.of(next));
    copy = ByteBuffer.allocate(bytes.remaining()).put(bytes).flip();
    assertEquals(
        List.of(new Frame.Ping(), new Frame.Padding(30)), server.decode(copy).get(0).frames());
  }

  @Test
  void streamDataComesBackAsTheBytesSentOrZeros() throws QuicWireException {
    byte[] data = {9, 8, 7};
    QuicPacket sent =
        shortPacket(
            0,
            1,
            new Frame.Stream(4, 0, 3, false, true, ByteSlice.of(data)),
            new Frame.Stream(8, 10, 40, false, false, null));
    ByteBuffer copy = ByteBuffer.allocate(100).put(client.encode(List.of(sent))).flip();
    List<Frame> frames = server.decode(copy).get(0).frames();
    assertEquals(
        List.of((byte) 9, (byte) 8, (byte) 7),
        List.of(
            ((Frame.Stream) frames.get(0)).data().get(0),
            ((Frame.Stream) frames.get(0)).data().get(1),
            ((Frame.Stream) frames.get(0)).data().get(2)));
    assertEquals(40, ((Frame.Stream) frames.get(1)).data().length());
  }

  @Test
  void packetNumbersAreRebuiltFromTheirTruncatedForm() throws QuicWireException {
    // picoquic's lengths: 1 byte below 16, 2 below 1024, 3 bytes beyond (RFC 9000 §17.1).
    for (long number = 0; number < 70_000; number += 997) {
      int length = number < 16 ? 1 : number < 1024 ? 2 : 3;
      roundTrip(client, server, List.of(shortPacket(number, length, new Frame.Padding(40))));
    }
  }

  @Test
  void aReceivedPayloadBecomesTheDatagramTheModelReceives() throws QuicWireException {
    QuicPacket sent = shortPacket(5, 1, new Frame.Ping(), new Frame.Padding(40));
    Datagram datagram =
        new Datagram(1, 0, 3, sent.sizeBytes(), EcnMark.ECT_1, new QuicPackets(List.of(sent)));
    ByteBuffer copy = ByteBuffer.allocate(100).put(client.encode(datagram)).flip();
    Datagram received = server.decodeDatagram(copy, 1, 0, 3, EcnMark.ECT_1);
    assertEquals(datagram.sizeBytes(), received.sizeBytes());
    assertEquals(EcnMark.ECT_1, received.ecn());
    List<QuicPacket> packets = QuicPackets.in(received);
    assertNull(PacketEquality.difference(List.of(sent), packets));
  }

  @Test
  void packetsForAnotherConnectionIdAreDropped() throws QuicWireException {
    QuicPacket sent = shortPacket(0, 1, new Frame.Ping(), new Frame.Padding(40));
    ByteBuffer copy = ByteBuffer.allocate(100).put(client.encode(List.of(sent))).flip();
    assertEquals(0, client.decode(copy).size());
    assertEquals(1, client.packetsDropped());
  }

  @Test
  void framesTheModelDoesNotCarryAreRefused() {
    // IMMEDIATE_ACK (0x1f) after the short header of the client's id and packet number 0.
    ByteBuffer bytes = ByteBuffer.allocate(60);
    bytes.put((byte) 0x40);
    clientIds.local().writeTo(bytes);
    bytes.put((byte) 0).put((byte) 0x1f).put(new byte[48]).flip();
    assertThrows(QuicWireException.class, () -> client.decode(bytes));
  }

  @Test
  void encodingAPacketAllocatesNothing() {
    byte[] data = new byte[1_400];
    Frame.Ack ack = ack(900, 1000, 500, 800, 0, 10);
    List<QuicPacket> full =
        List.of(
            shortPacket(
                1_000,
                3,
                ack,
                new Frame.Stream(4, 1 << 20, 1_300, false, false, new ByteSlice(data, 50, 1_300))));
    List<QuicPacket> counted =
        List.of(shortPacket(1_001, 3, ack, new Frame.Stream(8, 0, 1_300, false, false, null)));
    long bytes =
        bytesAllocatedBy(
            () -> {
              for (int i = 0; i < 1_000; i++) {
                client.encode(full);
                client.encode(counted);
              }
            });
    assertEquals(0, bytes, "bytes allocated per 2000 packets");
  }

  /**
   * The fewest bytes {@code work} allocates on this thread over five warm runs. In a full build a
   * run now and then counts a few hundred bytes (JIT transitions while other tests' code is being
   * compiled, as ProtectionAllocationTest notes); an allocation per packet would show in every run.
   */
  private static long bytesAllocatedBy(Runnable work) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    for (int i = 0; i < 3; i++) {
      work.run();
    }
    long threadId = Thread.currentThread().getId();
    long fewest = Long.MAX_VALUE;
    for (int trial = 0; trial < 5; trial++) {
      long before = threads.getThreadAllocatedBytes(threadId);
      work.run();
      fewest = Math.min(fewest, threads.getThreadAllocatedBytes(threadId) - before);
    }
    return fewest;
  }
}
