package dev.moqbed.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A slow link in user space, in front of one client's UDP socket: the client sends to {@link
 * #localAddress()} instead of the server; what the client sends is passed on to the server at once,
 * and what the server sends back leaves this link at most at {@code rateBitsPerSecond}, through a
 * drop-tail queue of {@code queueMicros} at that rate (at least two full packets). It models a
 * subscriber behind a thin access link: its receive rate is throttled, its sending is not. Kernel
 * netem is not available here, and this needs no privileges.
 *
 * <p>One thread per link; it reads the wall clock (it is a piece of the test bench, not a role).
 */
public final class ThrottledUdpLink implements AutoCloseable {
  private static final int MAX_PACKET = 65_535;
  private static final int MIN_QUEUE_BYTES = 2 * 1500;

  private final DatagramChannel clientSide;
  private final DatagramChannel serverSide;
  private final InetSocketAddress server;
  private final long rateBitsPerSecond;
  private final long queueLimitBytes;
  private final Selector selector;
  private final Thread thread;
  private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong delivered = new AtomicLong();
  private long queuedBytes;
  private long nextDepartureNanos;
  private SocketAddress client;
  private volatile boolean closing;

  private ThrottledUdpLink(InetSocketAddress server, long rateBitsPerSecond, long queueMicros)
      throws IOException {
    this.server = server;
    this.rateBitsPerSecond = rateBitsPerSecond;
    this.queueLimitBytes =
        Math.max(MIN_QUEUE_BYTES, rateBitsPerSecond / 8 * queueMicros / 1_000_000);
    this.selector = Selector.open();
    this.clientSide = DatagramChannel.open();
    clientSide.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    clientSide.configureBlocking(false);
    clientSide.register(selector, SelectionKey.OP_READ);
    this.serverSide = DatagramChannel.open();
    serverSide.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    serverSide.configureBlocking(false);
    serverSide.register(selector, SelectionKey.OP_READ);
    this.thread = new Thread(this::run, "moqbed-slow-link-" + localAddress().getPort());
    thread.setDaemon(true);
  }

  /** Starts a link to {@code server} that delivers what the server sends at the given rate. */
  public static ThrottledUdpLink start(
      InetSocketAddress server, long rateBitsPerSecond, long queueMicros) throws IOException {
    if (rateBitsPerSecond <= 0) {
      throw new IllegalArgumentException("the slow link's rate must be positive");
    }
    ThrottledUdpLink link = new ThrottledUdpLink(server, rateBitsPerSecond, queueMicros);
    link.thread.start();
    return link;
  }

  /** Where the client sends instead of the server. */
  public InetSocketAddress localAddress() {
    try {
      return (InetSocketAddress) clientSide.getLocalAddress();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Packets from the server dropped because the queue was full. */
  public long droppedPackets() {
    return dropped.get();
  }

  /** Packets from the server delivered to the client. */
  public long deliveredPackets() {
    return delivered.get();
  }

  private void run() {
    ByteBuffer buffer = ByteBuffer.allocateDirect(MAX_PACKET);
    try {
      while (!closing) {
        long waitNanos = queue.isEmpty() ? 0 : nextDepartureNanos - System.nanoTime();
        if (queue.isEmpty()) {
          selector.select(100);
        } else if (waitNanos > 0) {
          selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)));
        } else {
          selector.selectNow();
        }
        selector.selectedKeys().clear();
        fromClient(buffer);
        fromServer(buffer);
        release();
      }
    } catch (IOException e) {
      if (!closing) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private void fromClient(ByteBuffer buffer) throws IOException {
    while (true) {
      buffer.clear();
      SocketAddress from = clientSide.receive(buffer);
      if (from == null) {
        return;
      }
      client = from;
      buffer.flip();
      serverSide.send(buffer, server);
    }
  }

  private void fromServer(ByteBuffer buffer) throws IOException {
    while (true) {
      buffer.clear();
      if (serverSide.receive(buffer) == null) {
        return;
      }
      buffer.flip();
      if (queuedBytes + buffer.remaining() > queueLimitBytes) {
        dropped.incrementAndGet();
        continue;
      }
      byte[] packet = new byte[buffer.remaining()];
      buffer.get(packet);
      if (queue.isEmpty()) {
        nextDepartureNanos = Math.max(nextDepartureNanos, System.nanoTime());
      }
      queue.add(packet);
      queuedBytes += packet.length;
    }
  }

  /** Sends every queued packet whose departure time has come; each one delays the next. */
  private void release() throws IOException {
    long now = System.nanoTime();
    while (!queue.isEmpty() && nextDepartureNanos <= now && client != null) {
      byte[] packet = queue.poll();
      queuedBytes -= packet.length;
      clientSide.send(ByteBuffer.wrap(packet), client);
      delivered.incrementAndGet();
      nextDepartureNanos += packet.length * 8L * 1_000_000_000L / rateBitsPerSecond;
    }
  }

  @Override
  public void close() {
    closing = true;
    selector.wakeup();
    try {
      thread.join(1_000);
      selector.close();
      clientSide.close();
      serverSide.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
