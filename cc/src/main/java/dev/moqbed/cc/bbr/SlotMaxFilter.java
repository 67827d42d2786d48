package dev.moqbed.cc.bbr;

/**
 * picoquic's windowed max filter: one slot per "time" unit (ProbeBW cycle or round), slot {@code
 * time % length} keeps the largest value seen in that unit and the estimate is the maximum over all
 * slots. Starting a unit zeroes its slot. Simpler than the Kathleen Nichols filter the draft
 * suggests, but the draft only needs two or ten slots, so the result is the same.
 */
final class SlotMaxFilter {
  private final long[] slots;

  SlotMaxFilter(int length) {
    this.slots = new long[length];
  }

  /** Records {@code value} in the unit {@code time}; returns the maximum over the window. */
  long update(long value, long time) {
    int slot = slotOf(time);
    if (slots[slot] < value) {
      slots[slot] = value;
    }
    return max();
  }

  /** Records {@code value} and returns the maximum over the last {@code window} units only. */
  long update(long value, long time, int window) {
    int slot = slotOf(time);
    if (slots[slot] < value) {
      slots[slot] = value;
    }
    long best = 0;
    for (int back = 0; back < window && back < slots.length; back++) {
      best = Math.max(best, slots[slotOf(time - back)]);
    }
    return best;
  }

  /** Opens the unit {@code time}: its slot forgets what an older unit left there. */
  void startUnit(long time) {
    slots[slotOf(time)] = 0;
  }

  /** Sets every slot to {@code value}. */
  void fill(long value) {
    java.util.Arrays.fill(slots, value);
  }

  /** The value held in the slot of unit {@code time}. */
  long slotValue(long time) {
    return slots[slotOf(time)];
  }

  long max() {
    long best = 0;
    for (long value : slots) {
      best = Math.max(best, value);
    }
    return best;
  }

  private int slotOf(long time) {
    return (int) Math.floorMod(time, (long) slots.length);
  }
}
