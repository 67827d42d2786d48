package dev.moqbed.scenarios.catalog;

import dev.moqbed.media.spec.BatchTransfer;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaItem;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.scenarios.spec.SimSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** One-line descriptions of a spec's link and traffic, for listings. */
public final class SpecSummary {
  private SpecSummary() {}

  /**
   * The link in words: {@code 20 Mbit/s, RTT 80 ms, queue 80 ms, jitter 2 ms}, then the link
   * scenario; custom text is described phase by phase.
   */
  public static String link(SimSpec spec) {
    if (spec.customLink()) {
      LinkSchedule schedule = spec.linkSchedule();
      List<String> phases = new ArrayList<>();
      for (LinkPhase phase : schedule.phases()) {
        String lasting =
            schedule.size() > 1 && phase.durationMicros() != LinkPhase.FOREVER
                ? " for " + Quantities.formatDuration(phase.durationMicros())
                : "";
        phases.add(phase(phase) + lasting);
      }
      return "custom: " + String.join("; then ", phases);
    }
    String text =
        phase(spec.basePhase().withRatesGbps(spec.nominalRateGbps(), spec.nominalRateGbps()));
    return spec.linkScenario() == null || spec.linkScenario().equals("none")
        ? text
        : text + ", " + spec.linkScenario();
  }

  /** One phase in words. */
  public static String phase(LinkPhase phase) {
    StringBuilder text = new StringBuilder();
    if (phase.upRateGbps() == phase.downRateGbps()) {
      text.append(rate(phase.downRateGbps()));
    } else {
      text.append("down ")
          .append(rate(phase.downRateGbps()))
          .append(", up ")
          .append(rate(phase.upRateGbps()));
    }
    text.append(", RTT ").append(Quantities.formatDuration(2 * phase.latencyMicros()));
    text.append(", queue ")
        .append(
            phase.queueDelayMaxMicros() == 0
                ? "unlimited"
                : Quantities.formatDuration(phase.queueDelayMaxMicros()));
    if (phase.jitterMicros() > 0) {
      text.append(phase.jitterModel() == JitterModel.WIFI ? ", Wi-Fi jitter " : ", jitter ")
          .append(Quantities.formatDuration(phase.jitterMicros()));
    }
    if (phase.l4sMaxMicros() > 0) {
      text.append(", DualQ l4s_max ").append(Quantities.formatDuration(phase.l4sMaxMicros()));
    }
    if (phase.burstLossCount() > 0) {
      text.append(", lose ")
          .append(phase.burstLossCount())
          .append(" every ")
          .append(phase.packetsBetweenBursts())
          .append(" packets");
    }
    return text.toString();
  }

  /** A rate in Gbit/s in words, exact: {@code 1.536 Mbit/s}, {@code 512 kbit/s}, {@code 0}. */
  public static String rate(double gbps) {
    if (gbps == 0) {
      return "0 (suspended)";
    }
    long bitsPerSecond = Math.round(gbps * 1e9);
    if (bitsPerSecond >= 1_000_000_000L) {
      return decimal(bitsPerSecond, 1_000_000_000L) + " Gbit/s";
    }
    if (bitsPerSecond >= 1_000_000L) {
      return decimal(bitsPerSecond, 1_000_000L) + " Mbit/s";
    }
    if (bitsPerSecond >= 1_000L) {
      return decimal(bitsPerSecond, 1_000L) + " kbit/s";
    }
    return bitsPerSecond + " bit/s";
  }

  /** A byte count in words, exact: {@code 10 MB}, {@code 397 B}. */
  public static String bytes(long bytes) {
    if (bytes >= 1_000_000L) {
      return decimal(bytes, 1_000_000L) + " MB";
    }
    if (bytes >= 1_000L) {
      return decimal(bytes, 1_000L) + " kB";
    }
    return bytes + " B";
  }

  /**
   * The traffic in words: the main connection's transfers or media, then each background connection
   * with its controller and start.
   */
  public static String traffic(SimSpec spec) {
    StringBuilder text = new StringBuilder("main ");
    text.append(scenario(spec.mainScenario()));
    if (spec.mainStartMicros() > 0) {
      text.append(" at ").append(Quantities.formatDuration(spec.mainStartMicros()));
    }
    if (spec.hasBackground()) {
      text.append(" vs ");
      if (spec.connectionCount() > 2) {
        text.append(spec.connectionCount() - 1).append(" x ");
      }
      text.append(spec.backgroundCcAlgo())
          .append(' ')
          .append(scenario(spec.backgroundScenario().orElseThrow()))
          .append(" at ")
          .append(
              spec.backgroundStartMicros() == 0
                  ? "0"
                  : Quantities.formatDuration(spec.backgroundStartMicros()));
    }
    return text.toString();
  }

  private static String scenario(MediaSpec media) {
    List<String> flows = new ArrayList<>();
    long longestFlowMicros = 0;
    long downloadBytes = 0;
    long uploadBytes = 0;
    boolean unlimited = false;
    for (MediaItem item : media.items()) {
      if (item instanceof MediaFlow flow) {
        flows.add(flow.id());
        longestFlowMicros = Math.max(longestFlowMicros, flow.durationMicros());
      } else if (item instanceof BatchTransfer batch) {
        unlimited |= batch.unlimitedResponse();
        // a transfer is an upload when the client sends more than it receives
        if (batch.postBytes() > batch.responseBytes() && !batch.unlimitedResponse()) {
          uploadBytes += batch.postBytes() * batch.repeatCount();
        } else {
          downloadBytes += batch.responseBytes() * batch.repeatCount();
        }
      }
    }
    List<String> parts = new ArrayList<>();
    if (!flows.isEmpty()) {
      parts.add(
          "media "
              + String.join("+", flows)
              + " ("
              + Quantities.formatDuration(longestFlowMicros)
              + ")");
    }
    if (unlimited) {
      parts.add("unlimited download");
    } else if (downloadBytes > 0) {
      parts.add(bytes(downloadBytes) + " download");
    }
    if (uploadBytes > 0) {
      parts.add(bytes(uploadBytes) + " upload");
    }
    return String.join(" + ", parts);
  }

  private static String decimal(long value, long unit) {
    return new BigDecimal(value)
        .divide(BigDecimal.valueOf(unit))
        .stripTrailingZeros()
        .toPlainString();
  }
}
