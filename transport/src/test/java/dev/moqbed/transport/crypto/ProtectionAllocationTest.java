package dev.moqbed.transport.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.PacketHeaderWriter;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Bytes allocated per sealed and per opened packet, measured with the thread's allocation counter.
 * Null protection and AES header protection allocate nothing; the AEADs allocate what the JDK's
 * {@code Cipher.init} and {@code doFinal} do, which this test prints (docs/transport/protection.md
 * records the numbers) and bounds, so that a copy of the packet slipping in shows up.
 */
class ProtectionAllocationTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private static final int PACKETS = 500;

  /**
   * Well above the JDK 17 figures (about 1.1 KiB for GCM, 1.5 to 2.6 KiB for ChaCha20-Poly1305).
   */
  private static final long AEAD_BOUND_PER_PACKET = 3_000;

  /**
   * The fewest bytes one warm run of {@code work} allocated, over five runs: the JIT compiling
   * while another test runs beside it allocates now and then, but an allocation per packet shows in
   * every run.
   */
  private static long bytesAllocatedBy(Runnable work) {
    for (int i = 0; i < 3; i++) {
      work.run();
    }
    long threadId = Thread.currentThread().getId();
    long fewest = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      long before = THREADS.getThreadAllocatedBytes(threadId);
      work.run();
      fewest = Math.min(fewest, THREADS.getThreadAllocatedBytes(threadId) - before);
    }
    return fewest;
  }

  /** Seals and opens {@code PACKETS} 1-RTT packets per run, packet numbers always increasing. */
  private static final class Workload {
    private final PacketProtection sender;
    private final PacketProtection receiver;
    private final int frames;
    private final ByteBuffer buffer = ByteBuffer.allocate(1500);
    private final ConnectionId dcid = ConnectionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
    private final OpenedPacket opened = new OpenedPacket();
    private long packetNumber;
    private int pnOffset;
    private int end;

    Workload(PacketProtection sender, PacketProtection receiver, int frames) {
      this.sender = sender;
      this.receiver = receiver;
      this.frames = frames;
    }

    void seal() {
      buffer.clear();
      pnOffset = PacketHeaderWriter.writeShortHeader(buffer, dcid, ++packetNumber, 2, false, false);
      end = sender.seal(buffer, 0, pnOffset, packetNumber, pnOffset + 2 + frames);
    }

    void open() {
      if (!receiver.open(buffer, 0, pnOffset, end, packetNumber - 1, opened)) {
        throw new AssertionError("packet " + packetNumber + " did not open");
      }
    }

    long sealBytesPerPacket() {
      return bytesAllocatedBy(
              () -> {
                for (int i = 0; i < PACKETS; i++) {
                  seal();
                }
              })
          / PACKETS;
    }

    /** Seal and open together, minus sealing alone, is what opening costs. */
    long openBytesPerPacket(long sealBytes) {
      long both =
          bytesAllocatedBy(
              () -> {
                for (int i = 0; i < PACKETS; i++) {
                  seal();
                  open();
                }
              });
      return both / PACKETS - sealBytes;
    }
  }

  @Test
  void aeadAllocationPerPacketIsTheJdksOnly() {
    for (CipherSuite suite : CipherSuite.values()) {
      TrafficSecret secret = TestPackets.randomSecret(new Random(suite.code()), suite);
      for (int frames : new int[] {50, 1200}) {
        Workload workload =
            new Workload(AeadPacketProtection.of(secret), AeadPacketProtection.of(secret), frames);
        long seal = workload.sealBytesPerPacket();
        long open = workload.openBytesPerPacket(seal);
        System.out.printf(
            "%s, %d bytes of frames: %d bytes allocated per seal, %d per open%n",
            suite, frames, seal, open);
        assertTrue(seal < AEAD_BOUND_PER_PACKET, suite + " seal allocates " + seal);
        assertTrue(open < AEAD_BOUND_PER_PACKET, suite + " open allocates " + open);
      }
    }
  }

  @Test
  void nullProtectionAllocatesNothing() {
    Workload workload = new Workload(new NullPacketProtection(), new NullPacketProtection(), 1200);
    long seal = workload.sealBytesPerPacket();
    assertEquals(0, seal);
    assertEquals(0, workload.openBytesPerPacket(seal));
  }

  @Test
  void aesHeaderProtectionAllocatesNothing() {
    HeaderProtector protector = new AesHeaderProtector(new byte[16]);
    ByteBuffer packet = ByteBuffer.allocate(64);
    packet.put(0, (byte) 0x41);
    long bytes =
        bytesAllocatedBy(
            () -> {
              for (int i = 0; i < PACKETS; i++) {
                packet.put(20, (byte) i);
                protector.apply(packet, 0, 9);
                protector.remove(packet, 0, 9);
              }
            });
    // Per packet; a few dozen bytes once per run are the JIT's, not the protector's.
    assertEquals(0, bytes / PACKETS);
  }
}
