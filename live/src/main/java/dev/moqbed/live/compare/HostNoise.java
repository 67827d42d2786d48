package dev.moqbed.live.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the host did to one run besides running it (Linux; -1 where a figure is not available).
 *
 * @param othersCpuShare the host's CPU time used by other processes, as a share of all its cores
 *     over the run (from {@code /proc/stat} less this process's own): the disturbance that differs
 *     from one run to the next
 * @param stealShare CPU time a hypervisor gave to other guests, as a share of all cores
 * @param ownCpuShare this process's CPU time, as a share of all cores
 * @param runQueueWaitShare of the time this process's threads were runnable, the share they waited
 *     for a CPU ({@code /proc/self/task/N/schedstat}); on 2 cores a chain's own threads make part
 *     of it
 * @param loadAverage the one-minute load average at the run's end
 * @param gcPauses garbage collections during the run
 * @param gcPauseMillis their total duration
 * @param longestGcPauseMillis the longest of them
 */
public record HostNoise(
    double othersCpuShare,
    double stealShare,
    double ownCpuShare,
    double runQueueWaitShare,
    double loadAverage,
    long gcPauses,
    long gcPauseMillis,
    long longestGcPauseMillis) {

  /** Nothing measured (not Linux, or the run did not happen). */
  public static final HostNoise UNKNOWN = new HostNoise(-1, -1, -1, -1, -1, -1, -1, -1);

  /**
   * When a run counts as disturbed: other processes above {@code othersCpuShare} of the host, steal
   * above {@code stealShare}, or a garbage-collection pause longer than {@code gcPauseMillis}.
   */
  public record Limits(double othersCpuShare, double stealShare, long gcPauseMillis) {
    /** 15 % of the host to others, 5 % steal, a 50 ms pause. */
    public static final Limits DEFAULT = new Limits(0.15, 0.05, 50);
  }

  /** Why {@code limits} call this run disturbed; empty when it is not. */
  public List<String> disturbances(Limits limits) {
    List<String> reasons = new ArrayList<>();
    if (othersCpuShare > limits.othersCpuShare()) {
      reasons.add(percent(othersCpuShare) + " of the CPU to other processes");
    }
    if (stealShare > limits.stealShare()) {
      reasons.add(percent(stealShare) + " steal");
    }
    if (longestGcPauseMillis > limits.gcPauseMillis()) {
      reasons.add("a " + longestGcPauseMillis + " ms GC pause");
    }
    return reasons;
  }

  /** Whether {@link #disturbances} names anything. */
  public boolean disturbed(Limits limits) {
    return !disturbances(limits).isEmpty();
  }

  static String percent(double share) {
    return share < 0 ? "–" : String.format(Locale.ROOT, "%.0f %%", share * 100);
  }
}
