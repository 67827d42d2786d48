package dev.moqbed.live.compare;

import java.util.List;
import java.util.Map;

/**
 * One run of one controller in a comparison.
 *
 * @param controller the controller's label (unique in the comparison: {@code c4#2} for the second
 *     c4 of an A/A comparison)
 * @param round the round, from 0; runs of one round are paired
 * @param values each metric's figure by its name (NaN when the run had none)
 * @param noise what the host did meanwhile
 * @param repeated true when this run replaced one the host disturbed
 */
public record ControllerRun(
    String controller, int round, Map<String, Double> values, HostNoise noise, boolean repeated) {

  /** Measures {@code metrics} of a finished run. */
  public static ControllerRun of(
      String controller,
      int round,
      List<ComparedMetric> metrics,
      dev.moqbed.live.LiveChain.Result result,
      HostNoise noise,
      boolean repeated) {
    Map<String, Double> values = new java.util.LinkedHashMap<>();
    for (ComparedMetric metric : metrics) {
      values.put(metric.name(), metric.measure().applyAsDouble(result));
    }
    return new ControllerRun(controller, round, Map.copyOf(values), noise, repeated);
  }

  /** The figure of {@code metric}, NaN when this run did not have it. */
  public double value(ComparedMetric metric) {
    return values.getOrDefault(metric.name(), Double.NaN);
  }
}
