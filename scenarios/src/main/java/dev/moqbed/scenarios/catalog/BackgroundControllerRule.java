package dev.moqbed.scenarios.catalog;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.spec.SimSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which controller a scenario's background connections run ({@code --background-cc}).
 *
 * <p>A spec file names its background controller by family: {@code background_cc_algo: c4}. In
 * picoquic that name means "this build's C4", so when a build's C4 changes (master's draft 4, a
 * branch's draft 5) the background changes with the main connection. moqbed holds every variant in
 * one build, and {@code c4} means its default variant; comparing another variant with the picoquic
 * that ships it therefore needs the background of that family to run the variant too. The rule says
 * which:
 *
 * <ul>
 *   <li>{@code file} (the default): the controller the spec file names, as before the option.
 *   <li>{@code same}: a background whose family (the id before {@code :}) is the main controller's
 *       runs the main controller's spec; backgrounds of other families keep the file's. A {@code
 *       c4:variant=v4} row runs {@code vs_c4} against a v4 background, and {@code vs_cubic} against
 *       the file's Cubic; a {@code bbr} row keeps the file's C4 in {@code vs_c4}. Replacing every
 *       background would turn {@code vs_cubic} into a second {@code vs_c4}.
 *   <li>a list of specs ({@code c4:variant=v4}, or {@code c4:variant=v4,cubic:flavor=rfc}), at most
 *       one per family: a background of a listed family runs that spec, whatever the row's
 *       controller.
 * </ul>
 *
 * A replaced background drops the file's picoquic option string, as {@link
 * SimSpec#withMainController} does for the main one. A background the rule leaves alone keeps its
 * spec untouched, so {@code same} with {@code --cc c4} runs exactly what {@code file} runs.
 */
public final class BackgroundControllerRule {
  /** The label of the default rule. */
  public static final String FILE = "file";

  /** The label of the rule that follows the row's controller. */
  public static final String SAME = "same";

  /** The controller the spec file names: moqbed's behaviour before the option. */
  public static final BackgroundControllerRule AS_FILE =
      new BackgroundControllerRule(FILE, false, Map.of());

  private final String label;
  private final boolean followMain;
  private final Map<String, String> byFamily;

  private BackgroundControllerRule(String label, boolean followMain, Map<String, String> byFamily) {
    this.label = label;
    this.followMain = followMain;
    this.byFamily = Map.copyOf(byFamily);
  }

  /**
   * Parses {@code file}, {@code same} or a comma-separated list of controller specs (a piece with
   * {@code =} and no {@code :} is another option of the spec before it, as in {@code --cc}).
   *
   * @throws IllegalArgumentException one line naming what is wrong
   */
  public static BackgroundControllerRule parse(String text, ControllerRegistry registry) {
    String trimmed = text == null ? "" : text.trim();
    String lower = trimmed.toLowerCase(Locale.ROOT);
    if (lower.equals(FILE)) {
      return AS_FILE;
    }
    if (lower.equals(SAME)) {
      return new BackgroundControllerRule(SAME, true, Map.of());
    }
    Map<String, String> byFamily = new LinkedHashMap<>();
    for (String piece : specs(trimmed)) {
      if (piece.equalsIgnoreCase(FILE) || piece.equalsIgnoreCase(SAME)) {
        throw new IllegalArgumentException(
            "'" + piece + "' stands alone, not in a list of controllers");
      }
      String canonical = canonical(piece, registry);
      String previous = byFamily.putIfAbsent(family(canonical), canonical);
      if (previous != null && !previous.equals(canonical)) {
        throw new IllegalArgumentException(
            "two controllers of the "
                + family(canonical)
                + " family ("
                + previous
                + ", "
                + canonical
                + "); a background of a family runs one");
      }
    }
    return new BackgroundControllerRule(String.join(",", byFamily.values()), false, byFamily);
  }

  private static List<String> specs(String list) {
    List<String> specs = ControllerRegistry.splitSpecs(list);
    if (specs.isEmpty()) {
      throw new IllegalArgumentException(
          "empty: give file, same or a controller spec such as c4:variant=v4");
    }
    return specs;
  }

  private static String canonical(String spec, ControllerRegistry registry) {
    try {
      return registry.parse(spec).spec();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage() + "; or file (the spec file's) or same (the row's controller)", e);
    }
  }

  /** The family of a canonical spec: its id, the part before {@code :}. */
  static String family(String canonicalSpec) {
    int colon = canonicalSpec.indexOf(':');
    return colon < 0 ? canonicalSpec : canonicalSpec.substring(0, colon);
  }

  /** {@code file}, {@code same}, or the canonical specs joined by commas: what sweep.json holds. */
  public String label() {
    return label;
  }

  /** True for {@code file}: every spec runs as its file says. */
  public boolean asFile() {
    return !followMain && byFamily.isEmpty();
  }

  /**
   * The controller a background named {@code backgroundSpec} runs in a row of {@code
   * mainController}; both are canonical specs.
   */
  public String controllerFor(String backgroundSpec, String mainController) {
    String family = family(backgroundSpec);
    if (followMain) {
      return family.equals(family(mainController)) ? mainController : backgroundSpec;
    }
    return byFamily.getOrDefault(family, backgroundSpec);
  }

  /**
   * {@code spec} with its background controller chosen by this rule for a row of {@code
   * mainController}; the spec itself when it has no background or the rule keeps the file's.
   */
  public SimSpec apply(SimSpec spec, String mainController, ControllerRegistry registry) {
    if (asFile() || !spec.hasBackground()) {
      return spec;
    }
    String background = registry.parse(spec.backgroundCcAlgo()).spec();
    String main = registry.parse(mainController).spec();
    String chosen = controllerFor(background, main);
    if (chosen.equals(background)) {
      return spec;
    }
    return spec.toBuilder().backgroundCcAlgo(chosen).backgroundCcOptions(null).build();
  }

  /** The resolved scenario with its spec's background chosen by this rule. */
  public ResolvedScenario apply(ResolvedScenario resolved, ControllerRegistry registry) {
    SimSpec spec = apply(resolved.spec(), resolved.controller(), registry);
    return spec == resolved.spec()
        ? resolved
        : new ResolvedScenario(
            resolved.scenario(),
            resolved.controller(),
            resolved.specFile(),
            spec,
            resolved.ownFile());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof BackgroundControllerRule rule && rule.label.equals(label);
  }

  @Override
  public int hashCode() {
    return label.hashCode();
  }

  @Override
  public String toString() {
    return label;
  }
}
