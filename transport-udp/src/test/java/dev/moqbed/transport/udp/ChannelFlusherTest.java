package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayDeque;
import java.util.Queue;
import org.junit.jupiter.api.Test;

/**
 * The passes of many connections in one turn of the loop leave in one flush, and a pass that fills
 * a batch by itself is not held back.
 */
class ChannelFlusherTest {
  private final EmbeddedChannel channel = new EmbeddedChannel();
  private final SocketCounters counters = new SocketCounters();

  /** The loop's task queue, run by hand: the passes' turn ends at {@link #endTurn}. */
  private final Queue<Runnable> tasks = new ArrayDeque<>();

  private final ChannelFlusher flusher = new ChannelFlusher(tasks::add, counters);

  ChannelFlusherTest() {
    flusher.attach(channel);
  }

  @Test
  void passesOfOneTurnLeaveInOneFlush() {
    for (int connection = 0; connection < 10; connection++) {
      channel.write("datagram " + connection);
      flusher.written(1);
    }
    assertNull(channel.readOutbound(), "nothing leaves while the turn's passes run");
    endTurn();
    for (int connection = 0; connection < 10; connection++) {
      assertEquals("datagram " + connection, channel.readOutbound());
    }
    assertEquals(1, counters.flushes);
    assertEquals(10, counters.datagramsSent);
  }

  @Test
  void aFullBatchLeavesAtOnceAndTheQueuedFlushFindsNothing() {
    for (int datagram = 0; datagram < ChannelFlusher.MAX_WAITING_DATAGRAMS; datagram++) {
      channel.write("datagram " + datagram);
    }
    flusher.written(ChannelFlusher.MAX_WAITING_DATAGRAMS - 1);
    assertNull(channel.readOutbound());
    flusher.written(1);
    assertNotNull(channel.readOutbound(), "flushed by the pass that filled the batch");
    endTurn();
    assertEquals(1, counters.flushes, "the queued flush had nothing left to flush");
    assertEquals(ChannelFlusher.MAX_WAITING_DATAGRAMS, counters.datagramsSent);
  }

  @Test
  void aPassThatWroteNothingAsksForNoFlush() {
    flusher.written(0);
    endTurn();
    assertEquals(0, counters.flushes);
  }

  private void endTurn() {
    for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
      task.run();
    }
  }
}
