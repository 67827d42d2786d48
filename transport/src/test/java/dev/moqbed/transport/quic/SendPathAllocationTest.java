package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.runtime.RandomStreams;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import dev.moqbed.transport.app.BatchClient;
import dev.moqbed.transport.app.BatchServer;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a bulk sender's connection allocates per packet in steady state, counted with the thread
 * allocation counter around the sending connection's own calls only ({@code poll}, {@code
 * nextWakeMicros}, {@code receive} of the peer's ACKs), not the scheduler, the links or the
 * receiver. Deterministic: a seeded transfer in virtual time, the same packets every run; bytes are
 * counted, no time is measured.
 *
 * <p>What is left per packet is the model's output, which the simulator carries through its network
 * by reference: the {@link Datagram}, its packet list, the {@link QuicPacket}, its frame list and
 * the STREAM frame (docs/transport/udp.md, "Allocation per packet sent"). The bound is generous
 * against JIT variation but fails if a per-packet record comes back: the sent-packet record and its
 * delivery snapshot alone were some 100 bytes a packet (measured 2026-12-02: 200 to 233 bytes a
 * packet with Cubic, C4 and BBR).
 */
class SendPathAllocationTest {
  private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** Packets sent before counting starts: the handshake, slow start, the JIT's first compiles. */
  private static final long WARM_UP_PACKETS = 15_000;

  private static final long BOUND_BYTES_PER_PACKET = 290;

  @ParameterizedTest
  @ValueSource(strings = {"cubic", "c4", "bbr"})
  void aBulkSenderAllocatesOnlyTheModelsOutputPerPacket(String controller) {
    VirtualScheduler scheduler = new VirtualScheduler();
    RandomStreams random = new RandomStreams(1, 0);
    var factory = ControllerRegistry.standard().parse(controller);
    QuicConnection server =
        new QuicConnection(
            ConnectionConfig.picoquic(Role.SERVER), 0, 1, 0, factory, random.stream("s"), 0);
    QuicConnection client =
        new QuicConnection(
            ConnectionConfig.picoquic(Role.CLIENT), 1, 0, 0, factory, random.stream("c"), 0);
    BatchClient download = new BatchClient(397, 60_000_000);
    client.setHandler(download);
    server.setHandler(new BatchServer());
    TestPath up = new TestPath(scheduler, 1_000_000_000, 5_000, d -> false);
    TestPath down = new TestPath(scheduler, 1_000_000_000, 5_000, d -> false);
    ConnectionDriver clientDriver = new ConnectionDriver(scheduler, client, up);
    MeteredDriver serverDriver = new MeteredDriver(scheduler, server, down);
    up.connect(serverDriver);
    down.connect(clientDriver);
    clientDriver.start();
    scheduler.runUntil(60_000_000);

    assertTrue(download.completedMicros() > 0, "the download finished");
    long packets = serverDriver.meteredPackets;
    assertTrue(packets > 20_000, "packets counted: " + packets);
    double perPacket = (double) serverDriver.meteredBytes / packets;
    System.out.printf(
        "%s: %d packets after warm-up, %.1f bytes allocated per packet sent%n",
        controller, packets, perPacket);
    assertTrue(
        perPacket < BOUND_BYTES_PER_PACKET,
        controller + ": " + perPacket + " bytes per packet, bound " + BOUND_BYTES_PER_PACKET);
  }

  /**
   * {@link ConnectionDriver}'s rules (poll until nothing, then one timer at the next wake-up), with
   * the allocation of the connection's calls counted once {@link #WARM_UP_PACKETS} have left.
   */
  private static final class MeteredDriver implements DatagramReceiver {
    private final VirtualScheduler scheduler;
    private final QuicConnection connection;
    private final DatagramReceiver network;
    private final long threadId = Thread.currentThread().getId();
    private TimerHandle wakeTimer;
    private boolean pumpScheduled;
    private long packetsSent;
    long meteredPackets;
    long meteredBytes;

    MeteredDriver(VirtualScheduler scheduler, QuicConnection connection, DatagramReceiver network) {
      this.scheduler = scheduler;
      this.connection = connection;
      this.network = network;
      connection.setWakeListener(this::schedulePump);
    }

    @Override
    public void receive(long nowMicros, Datagram datagram) {
      long before = THREADS.getThreadAllocatedBytes(threadId);
      connection.receive(nowMicros, datagram);
      count(before);
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
        count(before);
        if (datagram == null) {
          arm(wake, now);
          return;
        }
        if (++packetsSent > WARM_UP_PACKETS) {
          meteredPackets++;
        }
        network.receive(now, datagram);
      }
    }

    private void count(long before) {
      long after = THREADS.getThreadAllocatedBytes(threadId);
      if (packetsSent > WARM_UP_PACKETS) {
        meteredBytes += after - before;
      }
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
