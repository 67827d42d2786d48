package dev.moqbed.scenarios.catalog;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.scenarios.spec.SimSpecParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The 43 scenarios of draft-huitema-ccwg-c4-test-05's result tables, in the tables' order, and how
 * to turn one into a {@link SimSpec} for a given main controller.
 *
 * <p>Choosing the spec file: the draft ran every scenario three times, with the main connection
 * under c4, bbr and cubic, each from its own file {@code <algo>_<scenario>.txt}. The files of one
 * scenario differ in more than {@code main_cc_algo} (targets, media thresholds, ICIDs and, for
 * {@code alone}, {@code wifi_bad} and {@code media_backload}, the queue), so the controllers {@code
 * c4}, {@code bbr} and {@code cubic} (exactly, without options) get their own file: that is what
 * the draft ran. Every other controller ({@code newreno}, {@code c4:variant=v4}, any flavour) gets
 * the c4 file with the main controller replaced and the picoquic option string dropped; its
 * pass/fail thresholds are then C4's. The background controller always comes from the file.
 */
public final class ScenarioCatalog {
  /** The main algorithms that have spec files of their own. */
  public static final Set<String> DRAFT_ALGORITHMS = Set.of("c4", "bbr", "cubic");

  /** The algorithm whose files serve every other controller. */
  public static final String FALLBACK_ALGORITHM = "c4";

  private static final List<Scenario> SCENARIOS = DraftScenarios.load();

  /** The draft's scenarios, without loading any spec file. */
  static List<Scenario> draftScenarioList() {
    return SCENARIOS;
  }

  private final ReferenceSpecs specs;
  private final ControllerRegistry registry;
  private final SimSpecParser parser;

  public ScenarioCatalog(ReferenceSpecs specs, ControllerRegistry registry) {
    this.specs = specs;
    this.registry = registry;
    this.parser = new SimSpecParser(registry);
  }

  /** The catalogue over {@link ReferenceSpecs#locate()} and the standard controllers. */
  public static ScenarioCatalog standard() {
    return new ScenarioCatalog(ReferenceSpecs.locate(), ControllerRegistry.standard());
  }

  /** Every scenario of the draft, in the order of its tables. */
  public List<Scenario> scenarios() {
    return SCENARIOS;
  }

  /** The project's scenarios beyond the draft ({@link FairnessCatalog}), listed after its own. */
  public List<Scenario> beyondDraft() {
    return FairnessCatalog.scenarioList();
  }

  /** Where the spec files are read. */
  public ReferenceSpecs specs() {
    return specs;
  }

  /**
   * The scenario called {@code name}.
   *
   * @throws IllegalArgumentException with the list of names when there is none
   */
  public Scenario scenario(String name) {
    for (Scenario scenario : SCENARIOS) {
      if (scenario.name().equals(name)) {
        return scenario;
      }
    }
    Scenario beyond = FairnessCatalog.find(name);
    if (beyond != null) {
      return beyond;
    }
    List<String> names = new ArrayList<>();
    for (Scenario scenario : SCENARIOS) {
      names.add(scenario.name());
    }
    for (Scenario scenario : FairnessCatalog.scenarioList()) {
      names.add(scenario.name());
    }
    throw new IllegalArgumentException(
        "unknown scenario '" + name + "'; valid: " + String.join(", ", names));
  }

  /**
   * The scenario {@code name} for main controller {@code controller}.
   *
   * @throws IllegalArgumentException on an unknown scenario or controller
   */
  public ResolvedScenario resolve(String name, String controller) {
    Scenario scenario = scenario(name);
    String canonical = registry.parse(controller).spec();
    if (!scenario.group().inDraft()) {
      return FairnessCatalog.resolve(scenario, canonical, parser);
    }
    boolean ownFile = DRAFT_ALGORITHMS.contains(canonical);
    SpecFile file = specs.load(scenario.specFileName(ownFile ? canonical : FALLBACK_ALGORITHM));
    SimSpec spec = parser.parse(file.name(), file.text());
    if (!ownFile) {
      spec = spec.withMainController(canonical);
    }
    return new ResolvedScenario(scenario, canonical, file, spec, ownFile);
  }
}
