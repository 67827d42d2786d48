package dev.moqbed.live.node;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waiting for what a node's loop completes, with a deadline and a sentence when it passes. */
public final class Awaiting {
  private Awaiting() {}

  /**
   * The future's value within {@code seconds}.
   *
   * @param what what is awaited, for the message: "the relay to accept the namespace"
   * @throws IOException when it does not come in time, or fails
   */
  public static <T> T await(CompletableFuture<T> future, long seconds, String what)
      throws IOException, InterruptedException {
    try {
      return future.get(seconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IOException("timed out after " + seconds + " s waiting for " + what);
    } catch (ExecutionException e) {
      throw new IOException("failed waiting for " + what + ": " + e.getCause(), e.getCause());
    }
  }
}
