package dev.moqbed.live.fanout;

import dev.moqbed.live.stack.ServerDatagrams;
import dev.moqbed.netty.EventLoopScheduler;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.List;

/**
 * What both sides of the fan-out benchmark used over the measured window: the relay's event-loop
 * thread (its CPU, and how long it waited for one), the relay's whole process (the thread plus the
 * publisher, the garbage collector and the compiler), the subscribers' process, the datagrams the
 * relay's sockets received and sent, and the relay process's largest heap, sampled by the caller.
 */
final class WindowMeter {
  /**
   * @param wallNanos the window's length
   * @param relayThread the relay loops' CPU and wait for a CPU, summed over the loops' threads
   * @param relayProcessCpuNanos the relay process's CPU, all threads; -1 when unknown
   * @param swarmCpuNanos the subscribers' process's CPU, all threads; -1 when unknown
   * @param heapMaxBytes the largest heap use sampled in the relay's process
   * @param relayDatagrams the datagrams the relay's sockets received and sent over the window
   */
  record Usage(
      long wallNanos,
      ThreadTimes relayThread,
      long relayProcessCpuNanos,
      long swarmCpuNanos,
      long heapMaxBytes,
      ServerDatagrams.Counts relayDatagrams) {}

  private final List<EventLoopScheduler> relayLoops;
  private final SwarmProcess swarm;
  private final ServerDatagrams relayDatagrams;
  private final ServerDatagrams.Counts relayDatagramsStart;
  private final long wallStart;
  private final ThreadTimes relayThreadStart;
  private final long relayProcessStart;
  private final long swarmStart;
  private long heapMaxBytes;

  private WindowMeter(
      List<EventLoopScheduler> relayLoops, SwarmProcess swarm, ServerDatagrams relayDatagrams)
      throws IOException, InterruptedException {
    this.relayLoops = List.copyOf(relayLoops);
    this.swarm = swarm;
    this.relayDatagrams = relayDatagrams;
    this.relayDatagramsStart = relayDatagrams.read();
    this.relayThreadStart = ThreadTimes.sumOf(this.relayLoops);
    this.relayProcessStart = processCpuNanos();
    this.swarmStart = swarm.cpuNanos();
    this.wallStart = System.nanoTime();
  }

  /** Starts the window now. */
  static WindowMeter start(
      List<EventLoopScheduler> relayLoops, SwarmProcess swarm, ServerDatagrams relayDatagrams)
      throws IOException, InterruptedException {
    return new WindowMeter(relayLoops, swarm, relayDatagrams);
  }

  /** Samples the relay process's heap. */
  void sampleHeap() {
    heapMaxBytes = Math.max(heapMaxBytes, usedHeapBytes());
  }

  /** Ends the window now. */
  Usage finish() throws IOException, InterruptedException {
    ThreadTimes relayThread = ThreadTimes.sumOf(relayLoops).since(relayThreadStart);
    long relayProcess = processCpuNanos();
    long swarmEnd = swarm.cpuNanos();
    ServerDatagrams.Counts datagrams = relayDatagrams.read().since(relayDatagramsStart);
    long wallNanos = System.nanoTime() - wallStart;
    sampleHeap();
    return new Usage(
        wallNanos,
        relayThread,
        relayProcess < 0 || relayProcessStart < 0 ? -1 : relayProcess - relayProcessStart,
        swarmEnd < 0 || swarmStart < 0 ? -1 : swarmEnd - swarmStart,
        heapMaxBytes,
        datagrams);
  }

  static long usedHeapBytes() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static long processCpuNanos() {
    OperatingSystemMXBean system = ManagementFactory.getOperatingSystemMXBean();
    return system instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getProcessCpuTime()
        : -1;
  }
}
