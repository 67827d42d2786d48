package dev.moqbed.benchmarks.transport;

import com.sun.management.ThreadMXBean;
import dev.moqbed.transport.crypto.AeadPacketProtection;
import dev.moqbed.transport.crypto.CipherSuite;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Random;

/**
 * What opening one 1-RTT packet costs a receiver in this JVM: thread CPU time and bytes allocated
 * per packet, through the project's {@link AeadPacketProtection} (TLS_AES_128_GCM_SHA256): header
 * protection removed, then the payload authenticated and decrypted in place, as {@code KeyPhases}
 * does for every packet a subscriber or the relay receives.
 *
 * <p>JMH-free on purpose: on a host shared with other work, wall time per operation follows the
 * load, thread CPU time much less. The packet sizes are measured in alternation, round after round
 * in one process, so a change in the host's load reaches every size alike; the medians over the
 * rounds are printed. Sizes: an ACK-only packet as subscribers send the relay (30 bytes of
 * payload), an audio datagram (80) and a full packet (1,200). Each packet is sealed once beforehand
 * and copied into the work buffer before each open (the copy alone is measured and printed too).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.moqbed.benchmarks.transport.PacketOpenCpu
 * </pre>
 *
 * <p>Printed, never asserted: docs/results/receive-cpu-2026-12-07.md records the figures.
 */
public final class PacketOpenCpu {
  private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final int[] PAYLOAD_BYTES = {30, 80, 1200};
  private static final int HEADER_BYTES = 13; // short header: first byte, 8-byte DCID, 4-byte PN
  private static final int PACKET_NUMBER_OFFSET = 9;
  private static final int PACKETS = 4096;
  private static final int OPENS_PER_ROUND = 50_000;
  private static final int WARM_UP_ROUNDS = 10;
  private static final int ROUNDS = 30;

  private PacketOpenCpu() {}

  public static void main(String[] args) {
    byte[] secret = new byte[32];
    new Random(1).nextBytes(secret);
    int sizes = PAYLOAD_BYTES.length;
    byte[][][] sealed = new byte[sizes][][];
    AeadPacketProtection[] openers = new AeadPacketProtection[sizes];
    for (int s = 0; s < sizes; s++) {
      sealed[s] = seal(secret, PAYLOAD_BYTES[s]);
      openers[s] = AeadPacketProtection.of(CipherSuite.TLS_AES_128_GCM_SHA256, secret);
    }
    ByteBuffer work = ByteBuffer.allocate(2048);
    long[][] openNanos = new long[sizes][ROUNDS];
    long[][] copyNanos = new long[sizes][ROUNDS];
    long[] allocated = new long[sizes];
    long failures = 0;
    for (int round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
      for (int s = 0; s < sizes; s++) {
        long bytesBefore = THREADS.getCurrentThreadAllocatedBytes();
        long before = THREADS.getCurrentThreadCpuTime();
        failures += openAll(openers[s], sealed[s], work, true);
        long open = THREADS.getCurrentThreadCpuTime() - before;
        long bytes = THREADS.getCurrentThreadAllocatedBytes() - bytesBefore;
        before = THREADS.getCurrentThreadCpuTime();
        openAll(openers[s], sealed[s], work, false);
        long copy = THREADS.getCurrentThreadCpuTime() - before;
        if (round >= WARM_UP_ROUNDS) {
          openNanos[s][round - WARM_UP_ROUNDS] = open;
          copyNanos[s][round - WARM_UP_ROUNDS] = copy;
          allocated[s] += bytes;
        }
      }
    }
    System.out.println("payload_bytes,open_ns_median,open_ns_min,open_ns_max,copy_ns_median,bytes");
    for (int s = 0; s < sizes; s++) {
      java.util.Arrays.sort(openNanos[s]);
      java.util.Arrays.sort(copyNanos[s]);
      System.out.printf(
          "%d,%.0f,%.0f,%.0f,%.0f,%.0f%n",
          PAYLOAD_BYTES[s],
          perOpen(openNanos[s][ROUNDS / 2]),
          perOpen(openNanos[s][0]),
          perOpen(openNanos[s][ROUNDS - 1]),
          perOpen(copyNanos[s][ROUNDS / 2]),
          (double) allocated[s] / ROUNDS / OPENS_PER_ROUND);
    }
    if (failures > 0) {
      throw new IllegalStateException(failures + " packets did not open");
    }
  }

  private static double perOpen(long nanos) {
    return (double) nanos / OPENS_PER_ROUND;
  }

  /** {@link #PACKETS} packets of {@code payload} bytes, sealed with increasing packet numbers. */
  private static byte[][] seal(byte[] secret, int payload) {
    AeadPacketProtection sealer =
        AeadPacketProtection.of(CipherSuite.TLS_AES_128_GCM_SHA256, secret);
    byte[][] packets = new byte[PACKETS][];
    for (int i = 0; i < PACKETS; i++) {
      ByteBuffer packet = ByteBuffer.allocate(HEADER_BYTES + payload + 16);
      packet.put(0, (byte) 0x43); // short header, 4-byte packet number
      packet.putInt(PACKET_NUMBER_OFFSET, i);
      for (int b = HEADER_BYTES; b < HEADER_BYTES + payload; b++) {
        packet.put(b, (byte) (b * 7 + i));
      }
      sealer.seal(packet, 0, PACKET_NUMBER_OFFSET, i, HEADER_BYTES + payload);
      packets[i] = packet.array();
    }
    return packets;
  }

  /**
   * Copies each of {@link #OPENS_PER_ROUND} packets into {@code work} and, if {@code open}, opens
   * it there; returns the packets that failed to open.
   */
  private static int openAll(
      AeadPacketProtection opener, byte[][] packets, ByteBuffer work, boolean open) {
    int failures = 0;
    for (int k = 0; k < OPENS_PER_ROUND; k++) {
      byte[] packet = packets[k % PACKETS];
      System.arraycopy(packet, 0, work.array(), 0, packet.length);
      if (open) {
        opener.removeHeaderProtection(work, 0, PACKET_NUMBER_OFFSET);
        long packetNumber = work.getInt(PACKET_NUMBER_OFFSET) & 0xffffffffL;
        if (!opener.openPayload(work, 0, HEADER_BYTES, packet.length, packetNumber)) {
          failures++;
        }
      }
    }
    return failures;
  }
}
