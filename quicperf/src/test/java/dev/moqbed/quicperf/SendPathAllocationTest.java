package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionDriver;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.ConnectionPair;
import dev.moqbed.transport.quic.NullProtectionWire;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.TestPath;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a bulk sender's connection allocates per packet in steady state, counted with the thread
 * allocation counter around the sending connection's own calls only ({@code poll}, {@code
 * nextWakeMicros}, {@code receive} of the peer's ACKs), not the scheduler, the links or the
 * receiver. Deterministic: a seeded transfer in virtual time, the same packets every run; bytes are
 * counted, no time is measured.
 *
 * <p>Two ways of sending. As the simulator drives a connection, the datagrams travel through the
 * network by reference, so what is left per packet is the stack's output: the {@link Datagram}, its
 * packet list, the {@link QuicPacket}, its frame list and the STREAM frame; the bound fails if a
 * per-packet record comes back (the sent-packet record and its delivery snapshot alone were some
 * 100 bytes a packet). As the UDP driver drives one ({@link QuicConnection#reuseOutput}), each
 * datagram is encoded to bytes at once, here with the packet codec under the null protection, and
 * the send path (poll, encode, next wake-up) must allocate nothing per packet: the bound is a few
 * bytes, for the rare object of a packet that is not the steady state's (an ACK frame the sender
 * owes, a window update) and for the frame lists and records taken while the flight grows.
 */
class SendPathAllocationTest {
  private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

  /**
   * Packets sent before counting starts: the handshake, slow start, the JIT's first compiles, and
   * C4's flight still growing (new records, until packet 16,700 of this transfer).
   */
  private static final long WARM_UP_PACKETS = 20_000;

  private static final long BOUND_BYTES_PER_PACKET = 290;

  /** Live: a little for what is not steady state; one object per packet would be 16 or more. */
  private static final double ENCODED_AT_ONCE_BOUND_BYTES_PER_PACKET = 4;

  /** Data in pieces: frames first gathering after the warm-up (see the test), not one per frame. */
  private static final double PIECES_BOUND_BYTES_PER_PACKET = 16;

  @ParameterizedTest
  @ValueSource(strings = {"cubic", "c4", "bbr"})
  void aBulkSenderAllocatesOnlyTheModelsOutputPerPacket(String controller) {
    MeteredDriver sender = transfer(controller, false);
    double perPacket = sender.sendPathBytesPerPacket() + sender.receivePathBytesPerPacket();
    System.out.printf(
        "%s, simulated: %d packets after warm-up, %.1f bytes allocated per packet sent%n",
        controller, sender.meteredPackets, perPacket);
    assertTrue(
        perPacket < BOUND_BYTES_PER_PACKET,
        controller + ": " + perPacket + " bytes per packet, bound " + BOUND_BYTES_PER_PACKET);
  }

  @ParameterizedTest
  @ValueSource(strings = {"cubic", "c4", "bbr"})
  void aSenderWhoseDatagramsAreEncodedAtOnceAllocatesNothingPerPacket(String controller) {
    MeteredDriver sender = transfer(controller, true);
    double sendPath = sender.sendPathBytesPerPacket();
    System.out.printf(
        "%s, encoded at once: %d packets after warm-up, %.2f bytes allocated per packet sent"
            + " (poll, encode, wake-up), %.1f per packet sent on opening the peer's ACKs%n",
        controller, sender.meteredPackets, sendPath, sender.receivePathBytesPerPacket());
    assertTrue(
        sendPath < ENCODED_AT_ONCE_BOUND_BYTES_PER_PACKET,
        controller
            + ": "
            + sendPath
            + " bytes per packet on the send path, bound "
            + ENCODED_AT_ONCE_BOUND_BYTES_PER_PACKET);
  }

  /**
   * As a relay writes objects: each a few bytes of head and a payload shared with other streams,
   * two writes, so a STREAM frame often spans both and its bytes are gathered from the two. The
   * gathering reuses the frame's own buffer: a new array per such frame was a kilobyte and more
   * than half the frames span, some 700 bytes a packet. A recycled frame gets its buffer the first
   * time it spans two writes, and C4's larger flight has frames that first span after the warm-up
   * (213 of them here, 1.5 kB each): the bound allows that, not an array per frame.
   */
  @ParameterizedTest
  @ValueSource(strings = {"cubic", "c4"})
  void aSenderWhoseDataComesInPiecesAllocatesNothingPerPacketEither(String controller) {
    MeteredDriver sender = transfer(controller, true, new PieceServer());
    double sendPath = sender.sendPathBytesPerPacket();
    System.out.printf(
        "%s, encoded at once, data in pieces: %d packets after warm-up, %.2f bytes allocated per"
            + " packet sent%n",
        controller, sender.meteredPackets, sendPath);
    assertTrue(
        sendPath < PIECES_BOUND_BYTES_PER_PACKET,
        controller + ": " + sendPath + " bytes per packet on the send path");
  }

  private static MeteredDriver transfer(String controller, boolean encodedAtOnce) {
    return transfer(controller, encodedAtOnce, new BatchServer());
  }

  /** An 80 MB download at 1 Gbit/s and 10 ms of RTT; returns the metered server's driver. */
  private static MeteredDriver transfer(
      String controller, boolean encodedAtOnce, ConnectionHandler serverHandler) {
    ConnectionPair pair =
        ConnectionPair.builder()
            .controller(controller)
            .bitsPerSecond(1_000_000_000)
            .oneWayMicros(5_000)
            .build();
    VirtualScheduler scheduler = pair.scheduler;
    QuicConnection server = pair.server;
    QuicConnection client = pair.client;
    TestPath up = pair.up;
    TestPath down = pair.down;
    BatchClient download = new BatchClient(397, 80_000_000);
    client.setHandler(download);
    server.setHandler(serverHandler);
    // The server's driver is a metering copy of ConnectionDriver: wired here, not by the pair.
    ConnectionDriver clientDriver = new ConnectionDriver(scheduler, client, up);
    NullProtectionWire wire = null;
    if (encodedAtOnce) {
      server.reuseOutput();
      wire = new NullProtectionWire();
    }
    MeteredDriver serverDriver = new MeteredDriver(scheduler, server, down, wire);
    up.connect(serverDriver);
    down.connect(clientDriver);
    clientDriver.start();
    scheduler.runUntil(60_000_000);

    assertTrue(download.completedMicros() > 0, "the download finished");
    assertTrue(serverDriver.meteredPackets > 20_000, "packets: " + serverDriver.meteredPackets);
    return serverDriver;
  }

  /** Answers any request with 80 MB as 40,000 objects of a 5-byte head and a shared payload. */
  private static final class PieceServer implements ConnectionHandler {
    private static final ByteSlice HEAD = ByteSlice.of(new byte[] {1, 2, 3, 4, 5});
    private static final ByteSlice PAYLOAD = ByteSlice.of(new byte[1_995]);

    @Override
    public void onStreamData(
        QuicConnection connection,
        long nowMicros,
        long streamId,
        long offset,
        int length,
        ByteSlice data,
        boolean fin) {
      if (!fin) {
        return;
      }
      for (int object = 0; object < 40_000; object++) {
        connection.write(streamId, HEAD);
        connection.write(streamId, PAYLOAD);
      }
      connection.finish(streamId);
    }
  }

  /**
   * {@link ConnectionDriver}'s rules (poll until nothing, then one timer at the next wake-up), with
   * the allocation of the connection's calls counted once {@link #WARM_UP_PACKETS} have left.
   */
  private static final class MeteredDriver implements DatagramReceiver {
    private final VirtualScheduler scheduler;
    private final QuicConnection connection;
    private final DatagramReceiver network;
    private final NullProtectionWire wire;
    private final long threadId = Thread.currentThread().getId();
    private TimerHandle wakeTimer;
    private boolean pumpScheduled;
    private long packetsSent;
    long meteredPackets;
    long sendPathBytes;
    long receivePathBytes;

    MeteredDriver(
        VirtualScheduler scheduler,
        QuicConnection connection,
        DatagramReceiver network,
        NullProtectionWire wire) {
      this.scheduler = scheduler;
      this.connection = connection;
      this.network = network;
      this.wire = wire;
      connection.setWakeListener(this::schedulePump);
    }

    @Override
    public void receive(long nowMicros, Datagram datagram) {
      long before = THREADS.getThreadAllocatedBytes(threadId);
      connection.receive(nowMicros, datagram);
      receivePathBytes += counted(before);
      schedulePump();
    }

    private void schedulePump() {
      if (!pumpScheduled) {
        pumpScheduled = true;
        scheduler.execute(this::pump);
      }
    }

    private void pump() {
      pumpScheduled = false;
      long now = scheduler.nowMicros();
      while (true) {
        long before = THREADS.getThreadAllocatedBytes(threadId);
        Datagram datagram = connection.poll(now);
        long wake = datagram == null ? connection.nextWakeMicros(now) : 0;
        ByteBuffer encoded = datagram != null && wire != null ? wire.encode(datagram) : null;
        sendPathBytes += counted(before);
        if (datagram == null) {
          arm(wake, now);
          return;
        }
        if (++packetsSent > WARM_UP_PACKETS) {
          meteredPackets++;
        }
        network.receive(now, encoded == null ? datagram : wire.decode(encoded));
      }
    }

    private long counted(long before) {
      long after = THREADS.getThreadAllocatedBytes(threadId);
      return packetsSent > WARM_UP_PACKETS ? after - before : 0;
    }

    double sendPathBytesPerPacket() {
      return (double) sendPathBytes / meteredPackets;
    }

    double receivePathBytesPerPacket() {
      return (double) receivePathBytes / meteredPackets;
    }

    private void arm(long wakeMicros, long now) {
      if (wakeMicros == Long.MAX_VALUE) {
        return;
      }
      if (wakeTimer != null) {
        wakeTimer.cancel();
      }
      wakeTimer = scheduler.scheduleAt(Math.max(wakeMicros, now + 1), this::schedulePump);
    }
  }
}
