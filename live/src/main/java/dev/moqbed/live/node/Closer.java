package dev.moqbed.live.node;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What a node opened, closed in reverse order: on a normal end, and when a later step of its start
 * failed. Every resource is closed even when an earlier one fails to; the first failure is thrown,
 * the others suppressed into it.
 */
public final class Closer {
  private final Deque<AutoCloseable> opened = new ArrayDeque<>();

  /** Registers {@code resource} (null: nothing) and returns it. */
  public <T extends AutoCloseable> T add(T resource) {
    if (resource != null) {
      opened.push(resource);
    }
    return resource;
  }

  /** Closes everything registered, last first. */
  public void closeAll() throws Exception {
    Exception first = null;
    while (!opened.isEmpty()) {
      try {
        opened.pop().close();
      } catch (Exception e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  /**
   * Closes everything registered, for a node's {@code close()}: a checked failure comes back
   * unchecked, saying what was closing.
   */
  public void closeUnchecked(String what) {
    try {
      closeAll();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("closing " + what + ": " + e.getMessage(), e);
    }
  }

  /** Closes after a failed start, keeping the start's failure the one reported. */
  public void closeAfter(Throwable failure) {
    try {
      closeAll();
    } catch (Exception e) {
      failure.addSuppressed(e);
    }
  }
}
