package dev.moqbed.netem;

import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * {@code bench netem}: the emulator's accuracy on loopback. A sender thread pushes numbered,
 * time-stamped datagrams through an emulator to a receiver thread, for each link rate, twice: at a
 * light load (one datagram every 5 ms: the delay the link adds to a lone packet) and above the
 * link's rate (the bottleneck saturated: the rate it lets through, the delay with a full queue). It
 * reads the wall clock and sleeps: it is a bench, at the edge.
 */
public final class NetemBench {
  /** The size of every datagram (a full QUIC packet of the live roles). */
  public static final int DATAGRAM_BYTES = 1200;

  private static final long LIGHT_INTERVAL_MICROS = 5_000;
  private static final long LIGHT_BITS_PER_SECOND =
      DATAGRAM_BYTES * 8L * 1_000_000 / LIGHT_INTERVAL_MICROS;
  private static final double OVERLOAD = 1.25;
  private static final long TICK_NANOS = 500_000;
  // 4 s, as long as a default measurement: with 1 s, the first light case measured still had the
  // worst p99 whichever rate came first (0.75-0.91 ms above the configured delay on the idle host,
  // 0.27-0.37 ms when measured second or with --duration 10s).
  private static final long WARMUP_MICROS = 4_000_000;

  private final long durationMicros;
  private final long delayMicros;
  private final long queueMicros;

  /**
   * @param durationMicros how long each case sends
   * @param delayMicros the links' one-way delay
   * @param queueMicros the links' drop-tail limit
   */
  public NetemBench(long durationMicros, long delayMicros, long queueMicros) {
    if (durationMicros < 500_000) {
      throw new IllegalArgumentException("each case needs at least 0.5 s");
    }
    this.durationMicros = durationMicros;
    this.delayMicros = delayMicros;
    this.queueMicros = queueMicros;
  }

  /**
   * An unmeasured warm-up through an emulator at the first rate, four seconds at the light load and
   * four saturated, so the JIT has compiled both paths and Netty's buffers are allocated (the first
   * cold run showed 200 ms delays on its first datagrams; with a saturated warm-up alone, the first
   * light case measured had the worst tail whichever rate came first), then the loopback baseline
   * (no emulator), then per rate the light and the saturated case.
   */
  public List<BenchCase> run(List<Long> ratesBitsPerSecond) throws IOException {
    List<BenchCase> cases = new ArrayList<>();
    run(ratesBitsPerSecond, cases::add);
    return cases;
  }

  /**
   * As {@link #run(List)}, handing each case to {@code measured} as soon as it is measured (a
   * command stopped by Ctrl-C prints the cases so far).
   */
  public void run(List<Long> ratesBitsPerSecond, Consumer<BenchCase> measured) throws IOException {
    if (!ratesBitsPerSecond.isEmpty()) {
      long rate = ratesBitsPerSecond.get(0);
      NetemBench warmUp = new NetemBench(WARMUP_MICROS, delayMicros, queueMicros);
      warmUp.measure("warm-up", rate, LIGHT_BITS_PER_SECOND);
      warmUp.measure("warm-up", rate, (long) (rate * OVERLOAD));
    }
    measured.accept(measure("loopback", 0, LIGHT_BITS_PER_SECOND));
    for (long rate : ratesBitsPerSecond) {
      measured.accept(measure("no load", rate, LIGHT_BITS_PER_SECOND));
      measured.accept(measure("saturated", rate, (long) (rate * OVERLOAD)));
    }
  }

  private BenchCase measure(String name, long rate, long offered) throws IOException {
    InetAddress loopback = InetAddress.getLoopbackAddress();
    try (Receiver receiver = new Receiver(new InetSocketAddress(loopback, 0))) {
      UdpLinkEmulator emulator = null;
      InetSocketAddress target = receiver.address();
      if (rate > 0) {
        LinkPhase phase =
            LinkPhase.of(LinkPhase.FOREVER, LinkPhase.gbps(rate), delayMicros, queueMicros);
        emulator =
            UdpLinkEmulator.start(
                UdpLinkEmulator.Settings.of(
                    new InetSocketAddress(loopback, 0), target, LinkSchedule.constant(phase)));
        target = emulator.listenAddress();
      }
      try {
        receiver.start();
        long sent = send(target, offered);
        // let the queue drain: delay + queue + margin
        sleepMicros(delayMicros + queueMicros + 300_000);
        receiver.stop();
        long droppedByLink = 0;
        long emulatorP50 = 0;
        long emulatorP99 = 0;
        if (emulator != null) {
          DirectionSample up = emulator.totals().get(LinkDirection.UP.ordinal());
          droppedByLink = up.dropped();
          emulatorP50 = up.transitP50Micros();
          emulatorP99 = up.transitP99Micros();
        }
        long serialization = rate == 0 ? 0 : DATAGRAM_BYTES * 8L * 1_000_000 / rate;
        boolean saturated = rate > 0 && offered > rate;
        Histogram delays = receiver.delays;
        return new BenchCase(
            name,
            rate,
            rate == 0 ? 0 : delayMicros,
            rate == 0 ? 0 : queueMicros,
            offered,
            DATAGRAM_BYTES,
            sent,
            receiver.count,
            droppedByLink,
            receiver.achievedBitsPerSecond(),
            rate == 0 ? 0 : modelBitsPerSecond(rate, DATAGRAM_BYTES),
            (rate == 0 ? 0 : delayMicros) + serialization + (saturated ? queueMicros : 0),
            delays.getValueAtPercentile(50),
            delays.getValueAtPercentile(99),
            delays.getMaxValue(),
            emulatorP50,
            emulatorP99);
      } finally {
        if (emulator != null) {
          emulator.close();
        }
      }
    }
  }

  /**
   * The rate the link model's integer serialization gives datagrams of {@code bytes}: netsim's
   * {@code SimulatedLink} takes {@code (trunc(8000/Gbps × 1.024²) × bytes) >> 20} us per datagram
   * (the reference's arithmetic), which truncates, so the model runs slightly fast.
   */
  static double modelBitsPerSecond(long rate, int bytes) {
    long picosecPerByte = (long) (8000.0 / LinkPhase.gbps(rate) * 1.024 * 1.024);
    long micros = Math.max(1, (picosecPerByte * bytes) >>> 20);
    return bytes * 8e6 / micros;
  }

  /** Sends at {@code offered} bit/s for the case's duration, in ticks; returns datagrams sent. */
  private long send(InetSocketAddress target, long offered) throws IOException {
    try (DatagramChannel channel = DatagramChannel.open()) {
      channel.setOption(StandardSocketOptions.SO_SNDBUF, 4 << 20);
      channel.connect(target);
      ByteBuffer buffer = ByteBuffer.allocateDirect(DATAGRAM_BYTES);
      double intervalNanos = DATAGRAM_BYTES * 8e9 / offered;
      long start = System.nanoTime();
      long end = start + durationMicros * 1_000;
      long sent = 0;
      while (true) {
        long now = System.nanoTime();
        if (now >= end) {
          return sent;
        }
        long due = (long) ((now - start) / intervalNanos) + 1;
        while (sent < due) {
          buffer.clear();
          buffer.putLong(sent);
          buffer.putLong(System.nanoTime());
          buffer.position(DATAGRAM_BYTES);
          buffer.flip();
          channel.write(buffer);
          sent++;
        }
        long next = start + (long) (sent * intervalNanos);
        LockSupport.parkNanos(Math.min(TICK_NANOS, Math.max(0, next - System.nanoTime())));
      }
    }
  }

  private static void sleepMicros(long micros) {
    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(micros));
  }

  /** Receives on its own thread; records each datagram's delay and the bytes per arrival time. */
  private static final class Receiver implements AutoCloseable {
    /** Arrivals in the first 20 % of the run are left out of the rate (the queue is filling). */
    private static final double WARMUP_SHARE = 0.2;

    private final DatagramChannel channel;
    private final Histogram delays = new Histogram(60_000_000L, 3);
    private final Thread thread;
    private final List<long[]> arrivals = new ArrayList<>();
    private volatile boolean stopping;
    private long count;

    Receiver(InetSocketAddress local) throws IOException {
      channel = DatagramChannel.open();
      channel.setOption(StandardSocketOptions.SO_RCVBUF, 4 << 20);
      channel.bind(local);
      thread = new Thread(this::run, "moqbed-netem-bench-receiver");
      thread.setDaemon(true);
    }

    InetSocketAddress address() throws IOException {
      return (InetSocketAddress) channel.getLocalAddress();
    }

    void start() {
      thread.start();
    }

    private void run() {
      ByteBuffer buffer = ByteBuffer.allocateDirect(65_536);
      try {
        while (!stopping) {
          buffer.clear();
          channel.receive(buffer);
          long now = System.nanoTime();
          buffer.flip();
          if (buffer.remaining() < 16) {
            continue;
          }
          buffer.getLong();
          long sentNanos = buffer.getLong();
          delays.recordValue(Math.max(0, Math.min((now - sentNanos) / 1_000, 60_000_000L)));
          arrivals.add(new long[] {now, buffer.limit()});
          count++;
        }
      } catch (IOException e) {
        // closed by stop()
      }
    }

    void stop() throws IOException {
      stopping = true;
      channel.close();
      try {
        thread.join(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    /** Bytes that arrived after the warm-up share and before the last arrival, per second. */
    double achievedBitsPerSecond() {
      if (arrivals.size() < 10) {
        return 0;
      }
      long first = arrivals.get(0)[0];
      long last = arrivals.get(arrivals.size() - 1)[0];
      long from = first + (long) ((last - first) * WARMUP_SHARE);
      long bytes = 0;
      long windowStart = -1;
      for (long[] arrival : arrivals) {
        if (arrival[0] >= from) {
          if (windowStart < 0) {
            windowStart = arrival[0];
          } else {
            bytes += arrival[1]; // bytes after the first arrival in the window
          }
        }
      }
      return windowStart < 0 || last == windowStart ? 0 : bytes * 8e9 / (last - windowStart);
    }

    @Override
    public void close() throws IOException {
      stopping = true;
      channel.close();
    }
  }
}
