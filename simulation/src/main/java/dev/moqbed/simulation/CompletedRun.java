package dev.moqbed.simulation;

/**
 * What one run of a sweep produced: its row of {@code runs.csv} and, for a media scenario, every
 * frame (null for a scenario without media), which the sweep writes beside {@code runs.csv}.
 */
public record CompletedRun(RunRecord record, FrameTable frames) {

  /** A run without per-frame records. */
  public static CompletedRun of(RunRecord record) {
    return new CompletedRun(record, null);
  }
}
