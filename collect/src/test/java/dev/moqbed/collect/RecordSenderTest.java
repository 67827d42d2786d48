package dev.moqbed.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.collect.v1.CollectRecord;
import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import dev.moqbed.media.FrameKind;
import dev.moqbed.subscriber.FrameRecord;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A sender whose collector is down or stops reading drops and counts instead of blocking. */
class RecordSenderTest {
  private static final CollectRecord FRAME =
      SubscriberRecords.frame(
          new FrameRecord(
              "vmid", 1, 2, FrameKind.P, 6_250, 1_000, 5_000, 4_000, List.of(2_000L, 3_000L)));

  private static final Hello HELLO =
      RecordsSchemaTest.hello(Hello.SenderRole.ROLE_SUBSCRIBER, "vm-b", "c4", "t");

  /**
   * The longest a role's thread may spend handing over one record: an offer takes microseconds, but
   * on this shared 2-core machine a GC pause or a descheduled thread can take tens of milliseconds;
   * a blocked offer would take until the collector read again, i.e. forever here.
   */
  private static final long MAX_OFFER_NANOS = 500_000_000;

  private static long offerAll(RecordSender sender, int count) {
    long slowest = 0;
    for (int i = 0; i < count; i++) {
      long start = System.nanoTime();
      sender.offer(FRAME);
      slowest = Math.max(slowest, System.nanoTime() - start);
    }
    return slowest;
  }

  private static InetSocketAddress closedPort() throws IOException {
    try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return new InetSocketAddress(probe.getInetAddress(), probe.getLocalPort());
    }
  }

  @Test
  void shouldQueueThenDropAndCountWhileTheCollectorIsDown() throws Exception {
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    RecordSender sender = RecordSender.start(closedPort(), HELLO, 1_000, log::add);
    long start = System.nanoTime();
    long slowest = offerAll(sender, 5_000);
    long total = System.nanoTime() - start;
    assertTrue(slowest < MAX_OFFER_NANOS, "one offer took " + slowest / 1e6 + " ms");
    assertTrue(total < 2_000_000_000L, "5,000 offers took " + total / 1e6 + " ms");
    assertEquals(4_000, sender.dropped(), "beyond the queue's 1,000, every record is counted");
    long closeStart = System.nanoTime();
    assertFalse(sender.close(300), "nothing was delivered");
    assertTrue(System.nanoTime() - closeStart < 2_000_000_000L, "close is bounded");
    assertEquals(5_000, sender.dropped(), "the queued ones count too once the sender gives up");
    assertTrue(log.get(0).contains("not reachable"), log.toString());
    assertEquals(0, sender.written());
  }

  @Test
  void shouldNeverBlockTheRoleWhenTheCollectorStopsReading() throws Exception {
    try (ServerSocket stalled = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      // a collector that accepts and then never reads: the socket buffers fill
      List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  Socket socket = stalled.accept();
                  socket.setReceiveBufferSize(4096);
                  accepted.add(socket);
                } catch (IOException ignored) {
                  // the test closes the listener
                }
              });
      acceptor.start();
      RecordSender sender =
          RecordSender.start(
              new InetSocketAddress(stalled.getInetAddress(), stalled.getLocalPort()),
              HELLO,
              1_000,
              line -> {});
      long slowest = 0;
      int offered = 0;
      // offer until the socket is full: the sender's writes have stopped for 300 ms
      long deadline = System.nanoTime() + 20_000_000_000L;
      long lastWritten = -1;
      long stillSince = System.nanoTime();
      while (System.nanoTime() < deadline) {
        slowest = Math.max(slowest, offerAll(sender, 1_000));
        offered += 1_000;
        if (sender.written() != lastWritten) {
          lastWritten = sender.written();
          stillSince = System.nanoTime();
        } else if (System.nanoTime() - stillSince > 300_000_000L) {
          break;
        }
        Thread.sleep(1);
      }
      assertTrue(System.nanoTime() - stillSince > 300_000_000L, "the collector's socket filled up");
      assertTrue(sender.dropped() > 0, "the queue filled and records were dropped");
      assertTrue(slowest < MAX_OFFER_NANOS, "one offer took " + slowest / 1e6 + " ms");
      sender.finish(End.getDefaultInstance());
      assertFalse(sender.offer(FRAME), "records after the End are dropped");
      long closeStart = System.nanoTime();
      assertFalse(sender.close(300), "the stalled collector never got the End");
      assertTrue(System.nanoTime() - closeStart < 3_000_000_000L, "close is bounded");
      assertEquals(
          offered + 1,
          sender.written() + sender.dropped(),
          "every record was either written to the socket or counted as dropped");
      for (Socket socket : accepted) {
        socket.close();
      }
      acceptor.join(1_000);
    }
  }
}
