package dev.moqbed.live.node;

import dev.moqbed.live.stack.LiveStack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What a node's failed start may not leave behind: open files and running threads. */
final class LeakChecks {
  private LeakChecks() {}

  /** How many of this process's file descriptors point at {@code file}. */
  static long descriptorsOf(Path file) throws IOException {
    Path real = file.toRealPath();
    try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
      return descriptors
          .filter(
              fd -> {
                try {
                  return Files.readSymbolicLink(fd).equals(real);
                } catch (IOException e) {
                  return false; // closed between the listing and the read
                }
              })
          .count();
    }
  }

  /** Every thread the failed start made has ended (a loop shuts down within its quiet period). */
  static void assertNoNewThreads(Set<Thread> before, LiveStack stack) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    Set<String> left = Set.of();
    while (System.nanoTime() < deadline) {
      left =
          Thread.getAllStackTraces().keySet().stream()
              .filter(thread -> !before.contains(thread) && thread.isAlive())
              .filter(thread -> !thread.getName().startsWith("globalEventExecutor"))
              .map(Thread::getName)
              .collect(Collectors.toSet());
      if (left.isEmpty()) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError(stack.describe() + ": threads left after a failed start: " + left);
  }
}
