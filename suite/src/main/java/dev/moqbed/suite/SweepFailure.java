package dev.moqbed.suite;

/**
 * A run of a sweep failed (its runner threw, or answered for another job). The runs written before
 * are kept; re-running the sweep with the same arguments retries the rest.
 */
public final class SweepFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SweepFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
