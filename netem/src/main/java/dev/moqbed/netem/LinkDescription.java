package dev.moqbed.netem;

import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.runtime.Quantities;
import java.util.ArrayList;
import java.util.List;

/** What a schedule does to one direction, in words, for the emulator's banner. */
public final class LinkDescription {
  private LinkDescription() {}

  /**
   * One phase: {@code 20 Mbit/s, delay 20 ms, queue 80 ms}; several: each with its duration, then
   * "repeats" (a schedule wraps around after its last phase unless that one lasts forever).
   */
  public static String of(LinkSchedule schedule, LinkDirection direction) {
    if (schedule.size() == 1) {
      return phase(schedule.phase(0), direction);
    }
    List<String> parts = new ArrayList<>();
    boolean endsForever = false;
    for (LinkPhase phase : schedule.phases()) {
      boolean forever = phase.durationMicros() == LinkPhase.FOREVER;
      endsForever |= forever;
      parts.add(
          (forever ? "then" : Quantities.formatDuration(phase.durationMicros()) + ":")
              + " "
              + phase(phase, direction));
      if (forever) {
        break;
      }
    }
    return String.join("; ", parts) + (endsForever ? "" : "; repeats");
  }

  private static String phase(LinkPhase phase, LinkDirection direction) {
    double gbps = phase.rateGbps(direction);
    StringBuilder text =
        new StringBuilder(
            gbps == 0 ? "suspended (holds everything)" : Quantities.formatRate(gbps * 1e9));
    text.append(", delay ").append(Quantities.formatDuration(phase.latencyMicros()));
    text.append(
        phase.queueDelayMaxMicros() == 0
            ? ", queue unlimited"
            : ", queue " + Quantities.formatDuration(phase.queueDelayMaxMicros()));
    if (phase.jitterMicros() > 0) {
      text.append(", jitter ")
          .append(Quantities.formatDuration(phase.jitterMicros()))
          .append(phase.jitterModel() == JitterModel.WIFI ? " (Wi-Fi model)" : " (Gaussian)");
    }
    if (phase.l4sMaxMicros() > 0) {
      text.append(", DualQ l4s_max ").append(Quantities.formatDuration(phase.l4sMaxMicros()));
    }
    if (phase.burstLossCount() > 0) {
      text.append(", loss ")
          .append(phase.burstLossCount())
          .append(" every ")
          .append(phase.packetsBetweenBursts());
    }
    return text.toString();
  }
}
