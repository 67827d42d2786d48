package dev.moqbed.quicperf;

import dev.moqbed.media.FrameKind;
import java.util.Arrays;
import java.util.List;

/**
 * One record per media frame the client received, or abandoned by STOP_SENDING or RESET_STREAM,
 * kept in parallel arrays (no object per frame). Record {@code r} says which description, copy,
 * group and frame it was, its kind and size, when it was expected (group start + index/F, or
 * request start + n/F for datagrams) and when its last byte arrived ({@code -1} for a cancelled
 * frame). Records are in arrival order, cancelled frames where their group was abandoned.
 */
public final class FrameLog {
  private static final byte COUNTED = 1;
  private static final byte CANCELLED = 2;
  private static final FrameKind[] KINDS = FrameKind.values();

  private final List<String> itemIds;
  private int size;
  private int[] item = new int[256];
  private int[] copy = new int[256];
  private int[] group = new int[256];
  private int[] frame = new int[256];
  private byte[] kind = new byte[256];
  private byte[] flags = new byte[256];
  private int[] sizeBytes = new int[256];
  private long[] expectedMicros = new long[256];
  private long[] arrivalMicros = new long[256];

  FrameLog(List<String> itemIds) {
    this.itemIds = List.copyOf(itemIds);
  }

  void add(
      int itemIndex,
      int copyIndex,
      long groupIndex,
      long frameIndex,
      FrameKind frameKind,
      long frameSizeBytes,
      long expected,
      long arrival,
      boolean counted) {
    if (size == item.length) {
      grow();
    }
    item[size] = itemIndex;
    copy[size] = copyIndex;
    group[size] = (int) groupIndex;
    frame[size] = (int) frameIndex;
    kind[size] = (byte) frameKind.ordinal();
    flags[size] = (byte) ((counted ? COUNTED : 0) | (arrival < 0 ? CANCELLED : 0));
    sizeBytes[size] = (int) Math.min(Integer.MAX_VALUE, frameSizeBytes);
    expectedMicros[size] = expected;
    arrivalMicros[size] = arrival;
    size++;
  }

  private void grow() {
    int capacity = item.length * 2;
    item = Arrays.copyOf(item, capacity);
    copy = Arrays.copyOf(copy, capacity);
    group = Arrays.copyOf(group, capacity);
    frame = Arrays.copyOf(frame, capacity);
    kind = Arrays.copyOf(kind, capacity);
    flags = Arrays.copyOf(flags, capacity);
    sizeBytes = Arrays.copyOf(sizeBytes, capacity);
    expectedMicros = Arrays.copyOf(expectedMicros, capacity);
    arrivalMicros = Arrays.copyOf(arrivalMicros, capacity);
  }

  /** Number of records. */
  public int size() {
    return size;
  }

  /** Index of the record's description in the scenario. */
  public int itemIndex(int record) {
    return item[check(record)];
  }

  /** The description's id (empty if the scenario gave none). */
  public String itemId(int record) {
    return itemIds.get(itemIndex(record));
  }

  /** Which parallel copy ({@code *N}), from 0. */
  public int copy(int record) {
    return copy[check(record)];
  }

  /** Group number (0 for datagram flows). */
  public int group(int record) {
    return group[check(record)];
  }

  /** Frame number within its group (datagrams: within the flow). */
  public int frameIndex(int record) {
    return frame[check(record)];
  }

  public FrameKind kind(int record) {
    return KINDS[kind[check(record)]];
  }

  public int sizeBytes(int record) {
    return sizeBytes[check(record)];
  }

  public long expectedMicros(int record) {
    return expectedMicros[check(record)];
  }

  /** When the frame's last byte arrived; -1 if it was cancelled. */
  public long arrivalMicros(int record) {
    return arrivalMicros[check(record)];
  }

  /** arrival - expected, at least 0; -1 for a cancelled frame. */
  public long latencyMicros(int record) {
    long arrival = arrivalMicros(record);
    return arrival < 0 ? -1 : Math.max(0, arrival - expectedMicros[record]);
  }

  /** The frame never arrived: its group was abandoned (STOP_SENDING or RESET_STREAM). */
  public boolean isCancelled(int record) {
    return (flags[check(record)] & CANCELLED) != 0;
  }

  /** The frame is in its description's {@link LatencyStats} (see {@code media_stats_start}). */
  public boolean isCounted(int record) {
    return (flags[check(record)] & COUNTED) != 0;
  }

  private int check(int record) {
    if (record < 0 || record >= size) {
      throw new IndexOutOfBoundsException("record " + record + " of " + size);
    }
    return record;
  }
}
