package dev.moqbed.suite;

/**
 * Which part of a sweep one process runs: shard {@code index} of {@code count} takes the jobs whose
 * position in the sweep's stable job order is congruent to {@code index} modulo {@code count}.
 * Indexes are 0-based, as Kubernetes' {@code JOB_COMPLETION_INDEX}.
 *
 * @param index this shard, 0 ≤ index &lt; count
 * @param count how many shards the sweep is split into
 */
public record Shard(int index, int count) {
  /** The whole sweep in one process. */
  public static final Shard WHOLE = new Shard(0, 1);

  public Shard {
    if (count < 1 || index < 0 || index >= count) {
      throw new IllegalArgumentException(
          "shard must be I/N with 0 <= I < N (0-based), got " + index + "/" + count);
    }
  }

  /**
   * Parses {@code I/N}.
   *
   * @throws IllegalArgumentException one line saying what is wrong
   */
  public static Shard parse(String text) {
    int slash = text == null ? -1 : text.indexOf('/');
    if (slash < 0) {
      throw new IllegalArgumentException(
          "shard must be I/N with 0 <= I < N (0-based), e.g. 0/4; got '" + text + "'");
    }
    try {
      return new Shard(
          Integer.parseInt(text.substring(0, slash).trim()),
          Integer.parseInt(text.substring(slash + 1).trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "shard must be I/N with 0 <= I < N (0-based), e.g. 0/4; got '" + text + "'");
    }
  }

  /** Whether the job at {@code position} of the sweep's job order belongs to this shard. */
  public boolean owns(long position) {
    return position % count == index;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
