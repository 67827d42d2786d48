package dev.moqbed.suite.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Which of the reference's controllers a sweep's controller is compared with ({@code report
 * --against-reference FILE --reference-cc REFERENCE_CC=CC}). The reference names a controller its
 * own way: pico_sim's spec names say {@code c4} for whatever C4 the tree that ran has (draft 04 on
 * picoquic master d199d45b), while a sweep names it by moqbed's spec, {@code c4:variant=v4}.
 *
 * @param theirs the reference's name
 * @param ours the sweep's name
 */
public record ControllerStandIn(String theirs, String ours) {

  /**
   * Reads {@code REFERENCE_CC=CC}. Both names may hold {@code =} ({@code c4:variant=v5=c4} as well
   * as {@code c4=c4:variant=v4}), so the text is split at the one {@code =} that leaves a
   * controller of the reference on the left and one of the sweep on the right.
   *
   * @throws IllegalArgumentException a one-line error naming both sides' controllers when no split
   *     (or more than one) does
   */
  public static ControllerStandIn parse(
      String text, Collection<String> referenceControllers, Collection<String> sweepControllers) {
    List<ControllerStandIn> splits = new ArrayList<>();
    for (int at = text.indexOf('='); at >= 0; at = text.indexOf('=', at + 1)) {
      String theirs = text.substring(0, at);
      String ours = text.substring(at + 1);
      if (referenceControllers.contains(theirs) && sweepControllers.contains(ours)) {
        splits.add(new ControllerStandIn(theirs, ours));
      }
    }
    if (splits.size() == 1) {
      return splits.get(0);
    }
    throw new IllegalArgumentException(
        "--reference-cc "
            + text
            + ": "
            + (splits.isEmpty() ? "expected" : "more than one reading of")
            + " REFERENCE_CC=CC, the reference's controller ("
            + String.join(", ", referenceControllers)
            + ") = the sweep's ("
            + String.join(", ", sweepControllers)
            + ")");
  }
}
