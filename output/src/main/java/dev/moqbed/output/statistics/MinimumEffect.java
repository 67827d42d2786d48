package dev.moqbed.output.statistics;

/**
 * The smallest difference worth a verdict: {@code relative} of the compared figure or {@code
 * absolute} (in the figure's unit), whichever is larger. A difference whose whole interval lies
 * beyond it names a better controller; anything less is "no difference distinguishable", however
 * small the interval — a 0.2 % lead is not a reason to ship a controller.
 *
 * @param relative a fraction of the figure (0.05 = 5 %), 0 for none
 * @param absolute in the figure's unit, 0 for none
 */
public record MinimumEffect(double relative, double absolute) {
  public MinimumEffect {
    if (!(relative >= 0) || !(absolute >= 0)) {
      throw new IllegalArgumentException("a minimum effect must not be negative");
    }
  }

  /** The threshold for a comparison whose figures are about {@code reference}. */
  public double threshold(double reference) {
    double scaled = Double.isNaN(reference) ? 0 : relative * Math.abs(reference);
    return Math.max(scaled, absolute);
  }
}
