package dev.moqbed.transport.udp;

import io.netty.channel.Channel;
import java.util.concurrent.Executor;

/**
 * Flushes an endpoint's channel once for the send passes of many connections. A relay's fan-out
 * runs one pass per subscriber in a row, each a datagram or two when the pacer spaces them, and a
 * flush per pass was a system call per datagram or two (100 subscribers: 66,600 {@code sendto} and
 * 23,200 {@code sendmmsg} in 5 s). A pass hands over what it wrote; the channel is flushed when
 * {@link #MAX_WAITING_DATAGRAMS} wait, else by a task queued behind the passes already queued,
 * whichever comes first. So a datagram waits at most for the building of 63 others, and under epoll
 * one {@code sendmmsg} carries the datagrams of many connections.
 */
final class ChannelFlusher {
  /** Datagrams written and not flushed above which the pass that wrote them flushes at once. */
  static final int MAX_WAITING_DATAGRAMS = 64;

  private final Executor loop;
  private final SocketCounters counters;
  private final Runnable flushTask = this::flushNow;
  private Channel channel;
  private int waitingDatagrams;
  private boolean flushQueued;

  /** {@code loop} runs tasks on the channel's event loop, after those already queued. */
  ChannelFlusher(Executor loop, SocketCounters counters) {
    this.loop = loop;
    this.counters = counters;
  }

  void attach(Channel channel) {
    this.channel = channel;
  }

  /** {@code datagrams} were written to the channel (not flushed); they go out soon. */
  void written(int datagrams) {
    if (datagrams <= 0) {
      return;
    }
    waitingDatagrams += datagrams;
    if (waitingDatagrams >= MAX_WAITING_DATAGRAMS) {
      flushNow();
    } else if (!flushQueued) {
      flushQueued = true;
      loop.execute(flushTask);
    }
  }

  private void flushNow() {
    flushQueued = false; // a task still queued finds nothing waiting and flushes nothing
    if (waitingDatagrams == 0) {
      return;
    }
    counters.onFlush(waitingDatagrams);
    waitingDatagrams = 0;
    channel.flush();
  }
}
