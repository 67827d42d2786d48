package dev.moqbed.suite.report;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * One colour per controller for a whole page, so that green means the same controller in every
 * chart. The project's controllers have fixed colours (Okabe and Ito's palette, told apart by
 * colour-blind readers); any other name (a controller spec such as {@code cubic:hystart=off}) takes
 * the next free colour in the order of its sorted name, so the same set of names always gets the
 * same colours. A label's {@code (moq)} suffix (the MoQ chain's runs of a controller) is ignored:
 * those lines keep the controller's colour and are drawn dashed.
 */
final class ControllerPalette {
  /** The MoQ chain's label suffix ({@link FrameLatencyCdfs#label}). */
  static final String MOQ_SUFFIX = " (moq)";

  private static final Map<String, String> FIXED =
      Map.of(
          "c4", "#0072b2",
          "bbr", "#d55e00",
          "cubic", "#009e73",
          "newreno", "#cc79a7",
          "c4_draft_04", "#56b4e9");

  /** For other names, in order; after the last, grey. */
  private static final String[] SPARE = {"#e69f00", "#000000", "#8c564b", "#7f7f7f", "#bcbd22"};

  private static final String FALLBACK = "#999999";

  private final Map<String, String> colours = new LinkedHashMap<>();

  /** The palette of a page that shows these controllers (labels with or without the suffix). */
  ControllerPalette(Collection<String> names) {
    TreeSet<String> others = new TreeSet<>();
    for (String name : names) {
      String controller = controllerOf(name);
      if (!FIXED.containsKey(controller)) {
        others.add(controller);
      }
    }
    int next = 0;
    for (String other : others) {
      colours.put(other, next < SPARE.length ? SPARE[next++] : FALLBACK);
    }
  }

  /** The colour of a controller or of a label, as {@code #rrggbb}. */
  String colour(String name) {
    String controller = controllerOf(name);
    String fixed = FIXED.get(controller);
    return fixed != null ? fixed : colours.getOrDefault(controller, FALLBACK);
  }

  /** Whether a label's line is drawn dashed: the MoQ chain's. */
  static boolean dashed(String label) {
    return label.endsWith(MOQ_SUFFIX);
  }

  private static String controllerOf(String label) {
    return dashed(label) ? label.substring(0, label.length() - MOQ_SUFFIX.length()) : label;
  }
}
