package dev.moqbed.transport.quic;

import com.sun.management.ThreadMXBean;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.QuicWireException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Meters what a connection's receive path allocates per datagram, as the UDP driver runs it: a UDP
 * payload copied into one reused heap buffer, decoded by the connection's codec (null protection:
 * the JDK's AES-GCM is measured apart, in {@code ProtectionAllocationTest}), then handed to {@link
 * QuicConnection#receive}. Only those two calls are counted, with the thread allocation counter;
 * the scheduler that runs between datagrams (the client's ACKs, timers) is not.
 *
 * <p>The datagrams are 1-RTT packets forged as the server's, after a real handshake of a {@link
 * ConnectionPair}, once the two real ends no longer hear each other: packet numbers above the
 * server's own, a frame mix chosen by the caller. Bytes are counted, no time: the figure does not
 * depend on the machine's load.
 */
final class ReceiveMeter {
  private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** Server-initiated unidirectional stream 0 (RFC 9000 §2.1): the one the forged data is on. */
  static final long STREAM_ID = 3;

  /** What a forged datagram carries. */
  interface Mix {
    /** The frames of the {@code index}th datagram; {@code meter} gives stream offsets and ACKs. */
    List<Frame> frames(ReceiveMeter meter, int index);
  }

  private final ConnectionPair pair;
  private final PacketCodec serverWire =
      PacketCodec.withNullProtection(ConnectionIds.forSimulatedEndpoint(0, 1, 0));
  private final PacketCodec clientWire =
      PacketCodec.withNullProtection(ConnectionIds.forSimulatedEndpoint(1, 0, 0)).reuseDecoded();
  private final ByteBuffer receiveBuffer =
      ByteBuffer.allocate(PacketCodec.MAX_DATAGRAM_BYTES + 256);
  private final long threadId = Thread.currentThread().getId();
  private boolean cut;
  private long largestClientPacket = -1;
  private long nextPacketNumber = 1_000_000;
  private long streamOffset;
  long bytesDelivered;
  long corruptBytes;
  long datagramsDelivered;

  ReceiveMeter() {
    pair =
        ConnectionPair.builder()
            .dropToServer(this::seenFromClient)
            .dropToClient(datagram -> cut)
            .build();
    pair.client.setHandler(
        new ConnectionHandler() {
          @Override
          public void onStreamData(
              QuicConnection connection,
              long nowMicros,
              long streamId,
              long offset,
              int length,
              ByteSlice data,
              boolean fin) {
            for (int i = 0; i < length; i++) {
              if (data.get(i) != patternAt(offset + i)) {
                corruptBytes++;
              }
            }
            bytesDelivered += length;
          }

          @Override
          public void onDatagram(
              QuicConnection connection, long nowMicros, DatagramPayload payload) {
            datagramsDelivered++;
          }
        });
    pair.server.setHandler(new ConnectionHandler() {});
    pair.start();
    if (!pair.handshake(2_000_000)) {
      throw new IllegalStateException("the handshake did not complete");
    }
    pair.scheduler.runUntil(pair.scheduler.nowMicros() + 100_000);
    cut = true;
  }

  private boolean seenFromClient(Datagram datagram) {
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      if (packet.space() == PacketSpace.APPLICATION) {
        largestClientPacket = Math.max(largestClientPacket, packet.packetNumber());
      }
    }
    return cut;
  }

  /** The next {@code length} bytes of the forged stream, in order. */
  Frame.Stream nextStreamFrame(int length, boolean explicitLength) {
    byte[] data = new byte[length];
    for (int i = 0; i < length; i++) {
      data[i] = patternAt(streamOffset + i);
    }
    Frame.Stream frame =
        new Frame.Stream(
            STREAM_ID, streamOffset, length, false, explicitLength, ByteSlice.of(data));
    streamOffset += length;
    return frame;
  }

  /** The forged stream's byte at {@code offset}: the receiver checks every byte it is given. */
  private static byte patternAt(long offset) {
    return (byte) (offset * 31 + (offset >>> 8));
  }

  /** Stream bytes forged so far. */
  long streamBytesSent() {
    return streamOffset;
  }

  /** An ACK of the client's 1-RTT packets so far, in two ranges (one packet missing). */
  Frame.Ack ackOfClientPackets() {
    long largest = Math.max(largestClientPacket, 3);
    AckFrame ack =
        AckFrame.of(1_000, TransportDefaults.ACK_DELAY_EXPONENT, largest, largest, 0, largest - 2);
    return new Frame.Ack(ack, null);
  }

  /**
   * Receives {@code warmUp} datagrams of {@code mix} unmetered, then {@code count} metered, one
   * every {@code spacingMicros}; returns the bytes allocated per metered datagram.
   */
  double bytesPerDatagram(Mix mix, int warmUp, int count, long spacingMicros) {
    long allocated = 0;
    for (int i = 0; i < warmUp + count; i++) {
      List<Frame> frames = mix.frames(this, i);
      int size = 0;
      for (Frame frame : frames) {
        size += frame.sizeBytes();
      }
      QuicPacket packet =
          new QuicPacket(PacketSpace.APPLICATION, nextPacketNumber++, 4, frames, size);
      ByteBuffer encoded = serverWire.encode(List.of(packet));
      long now = pair.scheduler.nowMicros() + spacingMicros;
      pair.scheduler.runUntil(now);
      long before = THREADS.getThreadAllocatedBytes(threadId);
      receiveBuffer.clear();
      receiveBuffer.put(encoded).flip();
      receive(now);
      long spent = THREADS.getThreadAllocatedBytes(threadId) - before;
      if (i >= warmUp) {
        allocated += spent;
      }
    }
    return (double) allocated / count;
  }

  private void receive(long now) {
    Datagram datagram;
    try {
      datagram = clientWire.decodeDatagram(receiveBuffer, 0, 1, 0, EcnMark.NOT_ECT);
    } catch (QuicWireException e) {
      throw new AssertionError("the client could not decode a forged datagram", e);
    }
    if (datagram == null) {
      throw new AssertionError("a forged datagram did not open");
    }
    pair.client.receive(now, datagram);
    try {
      // As the UDP driver does after each datagram (EndpointConnection.process).
      if (clientWire.decodeKeptPackets(0, 1, 0, EcnMark.NOT_ECT) != null) {
        throw new AssertionError("no packet waits for keys after the handshake");
      }
    } catch (QuicWireException e) {
      throw new AssertionError(e);
    }
  }

  QuicConnection client() {
    return pair.client;
  }

  /** Frames in a new list, for a mix. */
  static List<Frame> frames(Frame... frames) {
    return new ArrayList<>(List.of(frames));
  }
}
