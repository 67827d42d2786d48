package dev.moqbed.live.compare;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Measures {@link HostNoise} over one run: {@link #start()} before, {@link #stop()} after.
 *
 * <p>The run-queue wait is summed over this process's threads. A thread's counters vanish with the
 * thread, and a chain's event loops end with the run, so a daemon thread samples every thread's
 * {@code schedstat} every {@value #SAMPLE_MILLIS} ms and keeps each one's last value: a thread that
 * ends loses at most its last interval. GC pauses come from the collectors' notifications.
 */
public final class HostNoiseProbe implements AutoCloseable {
  static final long SAMPLE_MILLIS = 200;

  /** Linux's USER_HZ, the unit of {@code /proc/stat}: 100 on every architecture Java runs on. */
  private static final double TICKS_PER_SECOND = 100;

  private final Map<String, long[]> threads = new HashMap<>(); // tid -> {cpu0, wait0, cpu, wait}
  private final AtomicLong gcPauses = new AtomicLong();
  private final AtomicLong gcPauseMillis = new AtomicLong();
  private final AtomicLong longestGcPause = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener gcListener = this::onGc;
  private ScheduledExecutorService sampler;
  private long[] hostStart;
  private long processCpuStart;

  /** Starts measuring. */
  public void start() {
    hostStart = readHostTicks();
    processCpuStart = processCpuNanos();
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(gcListener, null, null);
        emitters.add(emitter);
      }
    }
    sampleThreads();
    sampler =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "moqbed-host-noise");
              thread.setDaemon(true);
              return thread;
            });
    sampler.scheduleAtFixedRate(
        this::sampleThreads, SAMPLE_MILLIS, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Stops measuring and returns what the host did since {@link #start()}. */
  public HostNoise stop() {
    close();
    sampleThreads();
    long[] hostEnd = readHostTicks();
    if (hostStart == null || hostEnd == null) {
      return HostNoise.UNKNOWN;
    }
    double total = 0;
    for (int i = 0; i < hostEnd.length; i++) {
      total += hostEnd[i] - hostStart[i];
    }
    // /proc/stat's cpu line: user nice system idle iowait irq softirq steal guest guest_nice.
    // Guest time is counted in user time already. Interrupt and softirq time is left out of the
    // processes' share: on loopback it is mostly the chain's own packets, charged to no process.
    if (hostEnd.length > 9) {
      total -= (hostEnd[8] - hostStart[8]) + (hostEnd[9] - hostStart[9]);
    }
    double processes =
        (hostEnd[0] - hostStart[0]) + (hostEnd[1] - hostStart[1]) + (hostEnd[2] - hostStart[2]);
    double steal = hostEnd[7] - hostStart[7];
    double ownTicks = (processCpuNanos() - processCpuStart) / 1e9 * TICKS_PER_SECOND;
    return new HostNoise(
        total <= 0 ? -1 : Math.max(0, processes - ownTicks) / total,
        total <= 0 ? -1 : steal / total,
        total <= 0 ? -1 : ownTicks / total,
        runQueueWaitShare(),
        loadAverage(),
        gcPauses.get(),
        gcPauseMillis.get(),
        longestGcPause.get());
  }

  /** Stops sampling and listening (also when a run failed). */
  @Override
  public void close() {
    if (sampler != null) {
      sampler.shutdownNow();
      sampler = null;
    }
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(gcListener);
      } catch (javax.management.ListenerNotFoundException e) {
        // already gone
      }
    }
    emitters.clear();
  }

  private void onGc(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    if (info.getGcName().contains("Concurrent")) {
      return; // a concurrent cycle runs beside the application: not a pause
    }
    long millis = info.getGcInfo().getDuration();
    gcPauses.incrementAndGet();
    gcPauseMillis.addAndGet(millis);
    longestGcPause.accumulateAndGet(millis, Math::max);
  }

  private synchronized void sampleThreads() {
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
      for (Path task : tasks) {
        long[] times = readSchedstat(task.resolve("schedstat"));
        if (times == null) {
          continue;
        }
        long[] known = threads.get(task.getFileName().toString());
        if (known == null) {
          threads.put(
              task.getFileName().toString(), new long[] {times[0], times[1], times[0], times[1]});
        } else {
          known[2] = times[0];
          known[3] = times[1];
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or /proc unreadable: the share stays unknown
    }
  }

  private synchronized double runQueueWaitShare() {
    long cpu = 0;
    long wait = 0;
    for (long[] times : threads.values()) {
      cpu += times[2] - times[0];
      wait += times[3] - times[1];
    }
    return cpu + wait == 0 ? -1 : (double) wait / (cpu + wait);
  }

  private static long[] readSchedstat(Path file) {
    try {
      String[] fields = Files.readString(file).trim().split(" ");
      return new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1])};
    } catch (IOException | RuntimeException e) {
      return null; // the thread ended between the listing and the read
    }
  }

  /** The first line of {@code /proc/stat}, in ticks; null when it cannot be read. */
  private static long[] readHostTicks() {
    try {
      String first = Files.readAllLines(Path.of("/proc/stat")).get(0);
      String[] fields = first.trim().split("\\s+");
      long[] ticks = new long[fields.length - 1];
      for (int i = 1; i < fields.length; i++) {
        ticks[i - 1] = Long.parseLong(fields[i]);
      }
      return ticks.length >= 8 ? ticks : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return 0;
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
