package dev.moqbed.scenarios.sim;

import dev.moqbed.transport.app.FrameLog;

/**
 * Every frame of the quicperf workload over several runs, as CSV: which run, track (item), copy,
 * group and frame, its kind and size, when it was expected (the capture time), when its last byte
 * arrived, its latency, and whether it was cancelled by STOP_SENDING or counted in the statistics.
 */
public final class FrameTable {
  private static final String HEADER =
      "run,track,copy,group,frame,kind,size_bytes,expected_us,arrival_us,latency_us,cancelled,"
          + "counted\n";

  private final StringBuilder rows = new StringBuilder();
  private int count;

  /** Adds the frames of one run. */
  public void add(int run, FrameLog frames) {
    for (int i = 0; i < frames.size(); i++) {
      rows.append(run)
          .append(',')
          .append(frames.itemId(i))
          .append(',')
          .append(frames.copy(i))
          .append(',')
          .append(frames.group(i))
          .append(',')
          .append(frames.frameIndex(i))
          .append(',')
          .append(frames.kind(i))
          .append(',')
          .append(frames.sizeBytes(i))
          .append(',')
          .append(frames.expectedMicros(i))
          .append(',')
          .append(frames.arrivalMicros(i))
          .append(',')
          .append(frames.latencyMicros(i))
          .append(',')
          .append(frames.isCancelled(i))
          .append(',')
          .append(frames.isCounted(i))
          .append('\n');
      count++;
    }
  }

  public int rows() {
    return count;
  }

  public String render() {
    return HEADER + rows;
  }
}
