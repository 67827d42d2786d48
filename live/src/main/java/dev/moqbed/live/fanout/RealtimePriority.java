package dev.moqbed.live.fanout;

import dev.moqbed.live.node.Awaiting;
import dev.moqbed.netty.EventLoopScheduler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Gives a client's event-loop thread a real-time scheduling priority (SCHED_FIFO), so that on a
 * core it shares with the relay it runs as soon as it is woken, as a client on a host of its own
 * would. Without it a benchmark that puts the relay and its clients on one CPU measures the
 * kernel's scheduler too: a woken viewer waits for the relay's thread (or the JIT's) to use up its
 * time slice, a few milliseconds on this host, and an attack that keeps the relay busier lengthens
 * that wait, not only the relay's own.
 */
public final class RealtimePriority {
  /** SCHED_FIFO priority 10 of 1-99: above every normal thread, below the kernel's own. */
  public static final int PRIORITY = 10;

  private RealtimePriority() {}

  /**
   * Raises the thread of {@code loop} to SCHED_FIFO at {@link #PRIORITY}.
   *
   * @param role what the loop serves, for the error message
   * @throws IOException when the thread cannot be named or chrt (util-linux) refuses, e.g. without
   *     root or CAP_SYS_NICE
   */
  public static void raise(EventLoopScheduler loop, String role)
      throws IOException, InterruptedException {
    CompletableFuture<Long> threadId = new CompletableFuture<>();
    loop.execute(
        () -> {
          try {
            threadId.complete(currentThreadId());
          } catch (IOException | RuntimeException e) {
            threadId.completeExceptionally(e);
          }
        });
    long id = Awaiting.await(threadId, 5, role + "'s thread id");
    run(role, "chrt", "-f", "-p", Integer.toString(PRIORITY), Long.toString(id));
  }

  /**
   * The calling thread's Linux thread id, from {@code /proc/thread-self} (a link to {@code
   * PID/task/TID}).
   */
  static long currentThreadId() throws IOException {
    Path link = Files.readSymbolicLink(Path.of("/proc/thread-self"));
    return Long.parseLong(link.getFileName().toString());
  }

  private static void run(String role, String... command) throws IOException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IOException(
          "cannot give the " + role + " a real-time priority: chrt (util-linux) is missing", e);
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException(
          "cannot give the "
              + role
              + " a real-time priority (needs root or CAP_SYS_NICE): "
              + output.strip());
    }
  }
}
