package dev.moqbed.transport.udp;

import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.endpoint.PacketTap;
import dev.moqbed.transport.quic.QuicConnection;
import io.netty.channel.Channel;
import java.nio.ByteBuffer;

/**
 * Sends one connection's datagrams on the endpoint's channel, as {@link
 * dev.moqbed.transport.quic.ConnectionDriver} does in the simulator, but batched: a pass polls the
 * connection at one instant until it has nothing more to send then (the pacer and the congestion
 * window decide; the pump never sends ahead of them), writes each datagram without a flush, and
 * flushes once at the end, so epoll hands the whole batch to the kernel in one {@code sendmmsg}.
 * When the connection has nothing to send it waits for the connection's next wake-up (pacing, ACK
 * delay, loss and idle timers) in the endpoint's {@link PumpWakeups}, one timer for all its pumps.
 *
 * <p>A pass stops after {@link #MAX_DATAGRAMS_PER_PASS} datagrams and comes back in a task of its
 * own, so arriving ACKs and other connections are served between batches; it stops also when the
 * channel's outbound buffer is above its high-water mark, and resumes when the endpoint sees it
 * writable again: what the socket cannot take stays in the connection, under its own flow and
 * congestion control, never in an unbounded queue.
 *
 * <p>{@link OutboundDatagrams} packs the pass's datagrams into segmented writes (GSO) where the
 * kernel has them.
 */
final class SendPump extends PumpWakeups.Wakeable {
  /** Datagrams per pass: 64 × 1,440 bytes is 92 KB, about 0.3 ms of a 3 Gbit/s path. */
  static final int MAX_DATAGRAMS_PER_PASS = 64;

  private final EventLoopScheduler scheduler;
  private final UdpConnection owner;
  private final QuicConnection connection;
  private final PacketCodec codec;
  private final Channel channel;
  private final OutboundDatagrams outbound;
  private final ChannelFlusher flusher;
  private final PacketTap tap;
  private final PumpWakeups wakeups;
  // Made once: a method reference is a new object each time it is evaluated.
  private final Runnable passTask = this::pass;
  private boolean pumpScheduled;
  private boolean stopped;
  private long datagramsSent;
  private long bytesSent;
  private long batches;

  SendPump(
      EventLoopScheduler scheduler,
      UdpConnection owner,
      PacketCodec codec,
      Channel channel,
      ChannelFlusher flusher,
      PumpWakeups wakeups,
      PacketTap tap) {
    this.scheduler = scheduler;
    this.owner = owner;
    this.connection = owner.connection();
    this.codec = codec;
    this.channel = channel;
    this.outbound =
        new OutboundDatagrams(channel, owner.remoteAddress(), DatagramChannels.segmentation());
    this.flusher = flusher;
    this.tap = tap;
    this.wakeups = wakeups;
    connection.setWakeListener(this::schedule);
    // Every datagram a pass polls is encoded (and tapped) before the next poll, and nothing of it
    // is kept: the connection may reuse its output's objects.
    connection.reuseOutput();
  }

  /** Runs a pass soon, after the tasks already queued (arrivals are processed before sending). */
  void schedule() {
    if (!pumpScheduled && !stopped) {
      pumpScheduled = true;
      scheduler.execute(passTask);
    }
  }

  /** The peer's address changed: datagrams go there from now on. */
  void retarget(java.net.InetSocketAddress remote) {
    outbound.retarget(remote);
  }

  /** No more passes: the connection left the endpoint. */
  void stop() {
    stopped = true;
    wakeups.cancel(this);
  }

  long datagramsSent() {
    return datagramsSent;
  }

  long bytesSent() {
    return bytesSent;
  }

  /** Passes that wrote at least one datagram: datagrams per batch is what the pacer allows. */
  long batches() {
    return batches;
  }

  long writes() {
    return outbound.writes();
  }

  private void pass() {
    pumpScheduled = false;
    if (stopped) {
      return;
    }
    long now = scheduler.nowMicros();
    int sent = 0;
    boolean blocked = false;
    try {
      while (sent < MAX_DATAGRAMS_PER_PASS) {
        if (!channel.isWritable()) {
          blocked = true;
          break;
        }
        Datagram datagram = connection.poll(now);
        if (datagram == null) {
          break;
        }
        ByteBuffer payload = codec.encode(datagram);
        if (payload.hasRemaining()) { // empty when no packet of it had keys: lost, poll on
          write(payload);
          sent++;
          if (tap != null) {
            tap.onSent(now, datagram);
          }
        }
      }
    } catch (RuntimeException e) {
      handOver(sent);
      owner.fail(e);
      return;
    }
    handOver(sent);
    owner.afterPass();
    if (stopped) {
      return;
    }
    if (blocked) {
      owner.awaitWritable();
    } else if (sent == MAX_DATAGRAMS_PER_PASS) {
      schedule();
    } else {
      waitUntil(connection.nextWakeMicros(now));
    }
  }

  private void write(ByteBuffer payload) {
    bytesSent += payload.remaining();
    outbound.add(payload);
    datagramsSent++;
  }

  /** Ends the pass's last segmented run and leaves the flush to the endpoint's flusher. */
  private void handOver(int sent) {
    outbound.endPass();
    if (sent > 0) {
      batches++;
      flusher.written(sent);
    }
  }

  /**
   * As {@link dev.moqbed.transport.quic.ConnectionDriver}: one wake-up, an earlier one kept (it
   * polls and comes back with the connection's next deadline).
   */
  private void waitUntil(long atMicros) {
    if (atMicros == Long.MAX_VALUE) {
      return;
    }
    // Due now or in the past means as soon as possible: a microsecond later, so that a connection
    // that cannot make progress at this instant does not spin.
    wakeups.wakeAtOrBefore(this, Math.max(atMicros, scheduler.nowMicros() + 1));
  }

  @Override
  void onWake() {
    schedule();
  }
}
