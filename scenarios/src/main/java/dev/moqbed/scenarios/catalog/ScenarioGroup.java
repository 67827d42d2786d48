package dev.moqbed.scenarios.catalog;

import java.util.List;

/**
 * The draft's families of scenarios, each with its section and the metrics its result tables show
 * (draft section 2: time and RTT everywhere but media; load for competition, buffer bloat and
 * Wi-Fi; only frame latency for media), then the project's own family beyond the draft ({@link
 * #FAIRNESS}), which no draft table reports: {@link #allScenarios()} and {@link #of} know only the
 * draft's.
 */
public enum ScenarioGroup {
  NETWORK_EVENTS(
      "network_events",
      "Reaction to network events",
      "3.1",
      List.of(
          DraftMetric.TIME_AVG,
          DraftMetric.TIME_P90,
          DraftMetric.RTT_AVG,
          DraftMetric.RTT_PLUS_SD_P90)),
  COMPETITION("competition", "Competition", "3.3", withLoad()),
  BUFFER_BLOAT("buffer_bloat", "Buffer bloat", "3.2", withLoad()),
  WIFI("wifi", "Wi-Fi", "3.4", withLoad()),
  ECN(
      "ecn",
      "ECN",
      "3.5",
      List.of(
          DraftMetric.TIME_AVG,
          DraftMetric.TIME_P90,
          DraftMetric.RTT_AVG,
          DraftMetric.RTT_PLUS_SD_P90)),
  MEDIA(
      "media",
      "Media",
      "3.6",
      List.of(DraftMetric.MEDIA_LATENCY_AVG, DraftMetric.MEDIA_LATENCY_MAX_P90)),
  /**
   * Beyond the draft: a media flow beside one bulk flow of each controller (issue 15, seed 004).
   * Its frame latencies are the draft's media metrics; its stalls and the bulk flow's completion
   * are its own ({@link FairnessCatalog#METRICS}).
   */
  FAIRNESS(
      "fairness",
      "Fairness to a real-time flow (beyond the draft)",
      "",
      List.of(DraftMetric.MEDIA_LATENCY_AVG, DraftMetric.MEDIA_LATENCY_MAX_P90));

  private final String id;
  private final String title;
  private final String draftSection;
  private final List<DraftMetric> metrics;

  ScenarioGroup(String id, String title, String draftSection, List<DraftMetric> metrics) {
    this.id = id;
    this.title = title;
    this.draftSection = draftSection;
    this.metrics = metrics;
  }

  private static List<DraftMetric> withLoad() {
    return List.of(
        DraftMetric.TIME_AVG,
        DraftMetric.TIME_P90,
        DraftMetric.RTT_AVG,
        DraftMetric.RTT_PLUS_SD_P90,
        DraftMetric.LOAD_AVG,
        DraftMetric.LOAD_P90);
  }

  /** The id used in the published-results CSV, e.g. {@code network_events}. */
  public String id() {
    return id;
  }

  /** The heading of the draft's section, e.g. {@code Reaction to network events}. */
  public String title() {
    return title;
  }

  /** Whether the draft has this group; false for the project's own scenarios. */
  public boolean inDraft() {
    return this != FAIRNESS;
  }

  /** The section of draft-huitema-ccwg-c4-test-05 that describes the group; empty beyond it. */
  public String draftSection() {
    return draftSection;
  }

  /** The metrics the draft's tables give for every scenario of the group. */
  public List<DraftMetric> metrics() {
    return metrics;
  }

  /** The group's scenarios in the order of the draft's tables (the fairness ones in theirs). */
  public List<String> scenarios() {
    List<Scenario> list =
        inDraft() ? ScenarioCatalog.draftScenarioList() : FairnessCatalog.scenarioList();
    return list.stream().filter(scenario -> scenario.group() == this).map(Scenario::name).toList();
  }

  /** The draft's groups, in its order. */
  public static List<ScenarioGroup> draftGroups() {
    return java.util.Arrays.stream(values()).filter(ScenarioGroup::inDraft).toList();
  }

  /** The group of the draft scenario called {@code name}, or null if the draft has none. */
  public static ScenarioGroup of(String name) {
    for (Scenario scenario : ScenarioCatalog.draftScenarioList()) {
      if (scenario.name().equals(name)) {
        return scenario.group();
      }
    }
    return null;
  }

  /**
   * Every scenario of the draft, group by group, in the order of its tables: the c4-test suite's
   * list, without the scenarios beyond the draft.
   */
  public static List<String> allScenarios() {
    List<String> names = new java.util.ArrayList<>();
    for (ScenarioGroup group : draftGroups()) {
      names.addAll(group.scenarios());
    }
    return List.copyOf(names);
  }
}
