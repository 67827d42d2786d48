package dev.moqbed.transport.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The per-packet paths allocate nothing once warm: size, write, parse header, decode frames. */
class WireAllocationTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private static long bytesAllocatedBy(Runnable work) {
    for (int i = 0; i < 3; i++) {
      work.run();
    }
    long threadId = Thread.currentThread().getId();
    long before = THREADS.getThreadAllocatedBytes(threadId);
    work.run();
    return THREADS.getThreadAllocatedBytes(threadId) - before;
  }

  @Test
  void writingSizingParsingAndDecodingAllocateNothing() {
    ConnectionId dcid = ConnectionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
    AckFrameContent ack =
        new AckFrameContent().addRange(900, 1000).addRange(500, 800).addRange(0, 10);
    ack.ackDelay(100).ecnCounts(5, 0, 1);
    ByteBuffer datagram = ByteBuffer.allocate(100);
    ByteBuffer streamData = ByteBuffer.allocate(500);
    ByteBuffer packet = ByteBuffer.allocate(1500);
    PacketHeaderParser parser = new PacketHeaderParser();
    PacketHeader header = new PacketHeader();
    FrameDecoder decoder = new FrameDecoder().acceptDatagrams(1500).acceptAckFrequency(true);
    SummingFrameHandler handler = new SummingFrameHandler();

    Runnable perPacket =
        () -> {
          try {
            for (int i = 0; i < 1_000; i++) {
              packet.clear();
              int pnOffset = PacketHeaderWriter.writeShortHeader(packet, dcid, i, 2, false, true);
              int payloadStart = pnOffset + 2;
              if (FrameWriter.ackSize(ack) > packet.remaining()) {
                throw new AssertionError("ACK does not fit");
              }
              FrameWriter.writeAck(packet, ack);
              FrameWriter.writeMaxStreamData(packet, 4, 1L << 30);
              FrameWriter.writeAckFrequency(packet, i, 10, 25_000, 1);
              FrameWriter.writeDatagram(packet, datagram, true);
              if (FrameWriter.streamDataCapacity(packet.remaining(), 4, 1L << 20) < 500) {
                throw new AssertionError("test packet too small");
              }
              FrameWriter.writeStream(packet, 4, 1L << 20, streamData, false, false);
              int end = packet.position();
              parser.parse(packet, 0, end, 8, header);
              decoder.decode(packet, payloadStart, end, PacketType.ONE_RTT, handler);
            }
          } catch (QuicWireException e) {
            throw new AssertionError(e);
          }
        };
    assertEquals(0, bytesAllocatedBy(perPacket), "bytes allocated per 1000 packets");
    assertEquals(true, handler.total > 0);
  }

  /** Touches every field so nothing is optimised away, keeps no objects. */
  private static final class SummingFrameHandler implements FrameHandler {
    long total;

    @Override
    public void onPadding(int length) {
      total += length;
    }

    @Override
    public void onPing() {
      total++;
    }

    @Override
    public void onAck(AckFrameContent ack) {
      for (int i = 0; i < ack.rangeCount(); i++) {
        total += ack.rangeLargest(i) - ack.rangeSmallest(i);
      }
    }

    @Override
    public void onResetStream(long streamId, long errorCode, long finalSize) {
      total += finalSize;
    }

    @Override
    public void onStopSending(long streamId, long errorCode) {
      total += errorCode;
    }

    @Override
    public void onCrypto(long offset, ByteBuffer buffer, int dataOffset, int length) {
      total += length;
    }

    @Override
    public void onNewToken(ByteBuffer buffer, int tokenOffset, int length) {
      total += length;
    }

    @Override
    public void onStream(
        long streamId, long offset, ByteBuffer buffer, int dataOffset, int length, boolean fin) {
      total += length + buffer.get(dataOffset);
    }

    @Override
    public void onMaxData(long maximumData) {
      total += maximumData;
    }

    @Override
    public void onMaxStreamData(long streamId, long maximum) {
      total += maximum;
    }

    @Override
    public void onMaxStreams(boolean bidirectional, long maximum) {
      total += maximum;
    }

    @Override
    public void onDataBlocked(long maximumData) {
      total += maximumData;
    }

    @Override
    public void onStreamDataBlocked(long streamId, long maximum) {
      total += maximum;
    }

    @Override
    public void onStreamsBlocked(boolean bidirectional, long maximum) {
      total += maximum;
    }

    @Override
    public void onNewConnectionId(
        long sequence,
        long retirePriorTo,
        ByteBuffer buffer,
        int cidOffset,
        int cidLength,
        int tokenOffset) {
      total += sequence;
    }

    @Override
    public void onRetireConnectionId(long sequence) {
      total += sequence;
    }

    @Override
    public void onPathChallenge(long data) {
      total += data;
    }

    @Override
    public void onPathResponse(long data) {
      total += data;
    }

    @Override
    public void onTransportClose(
        long errorCode, long frameType, ByteBuffer buffer, int reasonOffset, int reasonLength) {
      total += errorCode;
    }

    @Override
    public void onApplicationClose(
        long errorCode, ByteBuffer buffer, int reasonOffset, int reasonLength) {
      total += errorCode;
    }

    @Override
    public void onHandshakeDone() {
      total++;
    }

    @Override
    public void onDatagram(ByteBuffer buffer, int dataOffset, int length) {
      total += length;
    }

    @Override
    public void onAckFrequency(long sequence, long threshold, long delay, long reordering) {
      total += delay;
    }

    @Override
    public void onImmediateAck() {
      total++;
    }
  }
}
