package dev.moqbed.live.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.EventLoopScheduler;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RealtimePriorityTest {
  private static final int SCHED_FIFO = 1;

  private final EventLoopGroup group =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final EventLoopScheduler loop = new EventLoopScheduler(group.next());

  @AfterEach
  void stop() {
    group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly();
  }

  @Test
  void theLoopsThreadRunsUnderSchedFifoAtThePriorityAndOtherThreadsDoNot() throws Exception {
    // The project's CI runs as root; elsewhere chrt may refuse, which is the command's error.
    assumeTrue(Files.isWritable(Path.of("/proc/self/oom_score_adj")), "needs root");
    RealtimePriority.raise(loop, "test loop");

    CompletableFuture<Long> loopThread = new CompletableFuture<>();
    loop.execute(
        () -> {
          try {
            loopThread.complete(RealtimePriority.currentThreadId());
          } catch (Exception e) {
            loopThread.completeExceptionally(e);
          }
        });
    long[] loopPolicy = policyAndPriority(loopThread.get(5, TimeUnit.SECONDS));
    assertEquals(SCHED_FIFO, loopPolicy[0]);
    assertEquals(RealtimePriority.PRIORITY, loopPolicy[1]);
    long[] testPolicy = policyAndPriority(RealtimePriority.currentThreadId());
    assertEquals(0, testPolicy[0], "the caller's thread keeps the normal policy");
  }

  @Test
  void namesTheCallingThreadNotTheProcess() throws Exception {
    long main = RealtimePriority.currentThreadId();
    CompletableFuture<Long> other = new CompletableFuture<>();
    Thread thread =
        new Thread(
            () -> {
              try {
                other.complete(RealtimePriority.currentThreadId());
              } catch (Exception e) {
                other.completeExceptionally(e);
              }
            });
    thread.start();
    assertNotEquals(main, other.get(5, TimeUnit.SECONDS));
  }

  /** Fields 41 (policy) and 40 (rt_priority) of /proc/self/task/TID/stat. */
  private static long[] policyAndPriority(long threadId) throws Exception {
    String stat = Files.readString(Path.of("/proc/self/task/" + threadId + "/stat"));
    // The name (field 2) is in parentheses and may hold spaces: count from after it.
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return new long[] {Long.parseLong(fields[41 - 3]), Long.parseLong(fields[40 - 3])};
  }
}
