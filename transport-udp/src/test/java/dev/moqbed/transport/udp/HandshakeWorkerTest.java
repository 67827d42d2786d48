package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The handshake thread: work off the caller's thread, the hand-back on the loop, in order. */
class HandshakeWorkerTest {
  @Test
  void runsTheWorkOnItsOwnThreadAndHandsBackOnTheLoop() throws Exception {
    ExecutorService loop = Executors.newSingleThreadExecutor();
    Thread loopThread = loop.submit(Thread::currentThread).get();
    HandshakeWorker worker = new HandshakeWorker(loop);
    try {
      CompletableFuture<Thread> workedOn = new CompletableFuture<>();
      CompletableFuture<Thread> doneOn = new CompletableFuture<>();
      loop.execute(
          () ->
              worker.run(
                  () -> workedOn.complete(Thread.currentThread()),
                  () -> doneOn.complete(Thread.currentThread())));

      Thread work = workedOn.get(5, TimeUnit.SECONDS);
      assertNotSame(loopThread, work, "the work ran off the loop");
      assertTrue(work.getName().startsWith("moqbed-handshakes-"), work.getName());
      assertTrue(work.isDaemon());
      assertEquals(loopThread, doneOn.get(5, TimeUnit.SECONDS), "handed back to the loop");
    } finally {
      worker.close();
      loop.shutdownNow();
    }
  }

  @Test
  void passesRunOneAtATimeInTheOrderGiven() throws Exception {
    ExecutorService loop = Executors.newSingleThreadExecutor();
    HandshakeWorker worker = new HandshakeWorker(loop);
    try {
      StringBuilder order = new StringBuilder();
      CountDownLatch done = new CountDownLatch(3);
      for (int i = 0; i < 3; i++) {
        int pass = i;
        worker.run(
            () -> {
              synchronized (order) {
                order.append(pass);
              }
            },
            done::countDown);
      }
      assertTrue(done.await(5, TimeUnit.SECONDS));
      assertEquals("012", order.toString());
    } finally {
      worker.close();
      loop.shutdownNow();
    }
  }

  @Test
  void afterCloseNothingRunsAndNothingThrows() throws Exception {
    ExecutorService loop = Executors.newSingleThreadExecutor();
    HandshakeWorker worker = new HandshakeWorker(loop);
    worker.close();
    CountDownLatch ran = new CountDownLatch(1);
    worker.run(ran::countDown, ran::countDown);
    assertFalse(ran.await(300, TimeUnit.MILLISECONDS), "a closed worker runs nothing");
    loop.shutdownNow();
  }
}
